import type { ComponentProps, ReactNode } from 'react';
import { Field } from './ui/fields';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled small select of the given options (in the forms' `Field`). */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  className,
  error,
}: {
  id: string;
  label: ReactNode;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The field's column classes (Field's default without). */
  className?: string;
  /** The message under the field. */
  error?: string | undefined;
}) {
  return (
    <Field id={id} label={label} className={className} error={error}>
      <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <SelectOptions options={options} />
      </select>
    </Field>
  );
}

/** A select's options, each its value and text. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return (
    <>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** A label and its select (the options as children): the label's and the select's classes vary by place. */
export function LabelledSelect({
  id,
  label,
  labelClassName = 'form-label',
  className = 'form-select',
  value,
  onChange,
  disabled,
  children,
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        className={className}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
    </>
  );
}

/**
 * A label and its text input (the select's counterpart): `onChange` gets the new value; any
 * other attribute (id, value, type, bounds, aria, title, ref) passes to the input. While there
 * is a `message` (an error), the input is marked invalid and described by it, shown under it
 * (its element `messageId`, `<id>-error` unless given, with `messageClassName` and `messageProps`).
 */
export function LabelledInput({
  label,
  labelClassName = 'form-label',
  className = 'form-control',
  onChange,
  message,
  messageId,
  messageClassName = 'invalid-feedback',
  messageProps,
  ...input
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  onChange: (value: string) => void;
  message?: ReactNode;
  messageId?: string;
  messageClassName?: string;
  messageProps?: Omit<ComponentProps<'div'>, 'id' | 'className' | 'children'> & { 'data-testid'?: string | undefined };
} & Omit<ComponentProps<'input'>, 'onChange'>) {
  const invalid = message !== undefined && message !== null && message !== '' && message !== false;
  const describedBy = messageId ?? `${input.id}-error`;
  return (
    <>
      <label htmlFor={input.id} className={labelClassName}>
        {label}
      </label>
      <input
        className={invalid ? `${className} is-invalid` : className}
        onChange={(e) => onChange(e.target.value)}
        {...(invalid ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {})}
        {...input}
      />
      {invalid ? (
        <div id={describedBy} className={messageClassName} {...messageProps}>
          {message}
        </div>
      ) : null}
    </>
  );
}
