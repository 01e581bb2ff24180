import type { ReactNode } from 'react';

/**
 * A section titled by its heading (`<id>-title`) that holds a table, or a line of text in its
 * place when `empty` is given (there are no rows).
 */
export function TableSection({
  id,
  title,
  className = 'mt-4',
  empty,
  emptyTestId,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  /** Shown instead of the children: the table has no rows. */
  empty?: ReactNode;
  emptyTestId?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <h2 className="h6" id={`${id}-title`}>
        {title}
      </h2>
      {empty === undefined ? (
        children
      ) : (
        <p className="small text-muted" data-testid={emptyTestId}>
          {empty}
        </p>
      )}
    </section>
  );
}
