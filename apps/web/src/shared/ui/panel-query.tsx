import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A side panel's query in one small line while it is not answered: `loading` while it runs (a
 * status), `failed` with the error's message when it fails (an alert); its answer to `children`.
 */
export function PanelQuery<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failed: (message: string) => string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="text-muted small" role="status">
        {loading}
      </p>
    );
  if (query.isError)
    return (
      <p className="text-danger small" role="alert">
        {failed(query.error.message)}
      </p>
    );
  return <>{children(query.data)}</>;
}
