import type { ReactNode } from 'react';

/** A card titled by its heading (`<id>-title`): the panels of the profile, admin and alert screens. */
export function CardSection({
  id,
  title,
  className = 'card',
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  /** The section's classes, `card` and any spacing or height. */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={`${id}-title`} data-testid={testId}>
      <div className="card-body">
        <h2 className="h6" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
