import { useId, useState, type ReactNode } from 'react';

/** A tooltip's id and whether it is open, with the handlers that open it on hover and focus. */
export function useTooltip() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const show = {
    onMouseEnter: () => setOpen(true),
    onMouseLeave: () => setOpen(false),
    onFocus: () => setOpen(true),
    onBlur: () => setOpen(false),
  };
  return { id, open, show };
}

/**
 * The text of a hover and focus tooltip under its control (which names it by `aria-describedby`):
 * shown in a dark box while open, else there for screen readers only.
 */
export function TooltipText({
  id,
  open,
  width,
  children,
}: {
  id: string;
  open: boolean;
  width: string;
  children: ReactNode;
}) {
  return (
    <span
      id={id}
      role="tooltip"
      className={
        open ? 'position-absolute start-0 top-100 z-3 bg-dark text-white small rounded p-2 shadow' : 'visually-hidden'
      }
      style={open ? { width, whiteSpace: 'normal' } : undefined}
    >
      {children}
    </span>
  );
}
