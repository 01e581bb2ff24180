import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryView } from '../ui/states';
import { DataTable, type DataTableProps } from './data-table';

/** A query's list as a data table: loading and error states, or `empty` when the list has no rows. */
export function QueryTable<D, R>({
  query,
  rows,
  empty,
  ...table
}: {
  query: Pick<UseQueryResult<D>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'fetchStatus'>;
  /** The rows of the answer. */
  rows: (data: D) => readonly R[];
  empty: ReactNode;
} & Omit<DataTableProps<R>, 'rows'>) {
  return (
    <QueryView query={query} isEmpty={(d) => rows(d).length === 0} empty={empty}>
      {(d) => <DataTable rows={rows(d)} {...table} />}
    </QueryView>
  );
}
