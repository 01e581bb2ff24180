import type { InputHTMLAttributes } from 'react';

/** A small input whose label is read by screen readers only (the placeholder or the row shows its purpose). */
export function HiddenLabelInput({
  id,
  label,
  className = 'form-control form-control-sm',
  ...input
}: {
  id: string;
  label: string;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} className={className} {...input} />
    </>
  );
}
