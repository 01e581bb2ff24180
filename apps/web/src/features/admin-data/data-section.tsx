import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../../shared/tables/data-table';
import { TableSection } from '../../shared/tables/table-section';

/**
 * A titled section of the data page that holds one table, or `empty` in its place when there
 * are no rows. `name` is the section's id and the table's (`data-<name>`), its CSV's
 * (`<name>.csv` unless `filename`) and the empty line's (`no-<name>`); the caption is the title
 * unless given. `before` and `after` stand around the table (an explanation, a form, a dialog).
 */
export function DataSection<T>({
  name,
  title,
  empty,
  before,
  after,
  caption = title,
  filename = `${name}.csv`,
  ...table
}: {
  name: string;
  title: string;
  empty?: string;
  before?: ReactNode;
  after?: ReactNode;
  caption?: string;
  filename?: string;
} & Omit<DataTableProps<T>, 'caption' | 'filename' | 'testId'>) {
  const none = empty !== undefined && table.rows.length === 0;
  return (
    <TableSection id={name} title={title} empty={none ? empty : undefined} emptyTestId={`no-${name}`}>
      {before}
      <DataTable caption={caption} filename={filename} testId={`data-${name}`} {...table} />
      {after}
    </TableSection>
  );
}
