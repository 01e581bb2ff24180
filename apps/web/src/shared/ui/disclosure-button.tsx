import type { ReactNode } from 'react';

/** A button that shows or hides the element `controls` (its `aria-expanded` says which). */
export function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
    </button>
  );
}
