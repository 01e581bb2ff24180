import type { InputHTMLAttributes, ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

export const MMDD = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const YEAR = /^\d{4}$/;

export function Field({
  id,
  label,
  children,
  hint,
  error,
  className = 'col-6 col-md-3 col-lg-2',
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
  hint?: string;
  error?: string | undefined;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      {children}
      {error ? (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      ) : hint ? (
        <div className="form-text" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A labelled small text input with its message: the common case of `Field`. */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: string;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      {...(hint === undefined ? {} : { hint })}
      {...(className === undefined ? {} : { className })}
    >
      <input id={id} className="form-control form-control-sm" {...input} />
    </Field>
  );
}

/** A form row's submit button in a column of its own (outlined on the admin pages). */
export function SubmitColumn({
  children,
  className = 'col-auto',
  outline = false,
  disabled,
}: {
  children: ReactNode;
  className?: string;
  outline?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className={className}>
      <button
        type="submit"
        className={outline ? 'btn btn-outline-primary btn-sm' : 'btn btn-primary btn-sm'}
        disabled={disabled}
      >
        {children}
      </button>
    </div>
  );
}

/** A labelled input of an account form (password, card) with its message under it. */
export function MessageField({
  id,
  label,
  error,
  small = false,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** The small input (profile) rather than the normal one (checkout). */
  small?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${small ? ' form-control-sm' : ''}${error ? ' is-invalid' : ''}`}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <div className="invalid-feedback" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Problems of a seasonality form, keyed by field, with messages next to the fields. */
export function checkWindowFields(values: Record<string, string | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ['start', 'end', 'startFrom', 'startTo']) {
    const v = values[key];
    if (v !== undefined && !MMDD.test(v)) errors[key] = i18n.t('common:fields.mmdd');
  }
  for (const key of ['from', 'to']) {
    const v = values[key];
    if (v && !YEAR.test(v)) errors[key] = i18n.t('common:fields.year');
  }
  if (
    values.from &&
    values.to &&
    YEAR.test(values.from) &&
    YEAR.test(values.to) &&
    Number(values.from) > Number(values.to)
  )
    errors.to = i18n.t('common:fields.yearOrder');
  if (values.symbol !== undefined && !/^[A-Za-z0-9.^=-]{1,20}$/.test(values.symbol.trim()))
    errors.symbol = i18n.t('common:fields.symbol');
  return errors;
}
