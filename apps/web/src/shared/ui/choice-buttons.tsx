import type { ReactNode } from 'react';

/** A small group of buttons choosing one of `choices`; the chosen one is pressed. */
export function ChoiceButtons<V extends string>({
  label,
  choices,
  value,
  onChoose,
  text,
  className,
}: {
  /** The group's name, read by screen readers. */
  label: string;
  choices: readonly V[];
  value: V;
  onChoose: (choice: V) => void;
  /** A choice's text on its button. */
  text: (choice: V) => ReactNode;
  /** Classes added to the group (placement, wrapping). */
  className?: string;
}) {
  return (
    <div
      className={className ? `btn-group btn-group-sm ${className}` : 'btn-group btn-group-sm'}
      role="group"
      aria-label={label}
    >
      {choices.map((c) => (
        <button
          key={c}
          type="button"
          className={`btn ${c === value ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={c === value}
          onClick={() => onChoose(c)}
        >
          {text(c)}
        </button>
      ))}
    </div>
  );
}
