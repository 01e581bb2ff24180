import type { ChangeEvent, FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, SubmitColumn, TextField } from './fields';

/**
 * The namespaces of the seasonality tools. Each has the form texts used here (`form.label`,
 * `form.symbol`, `form.from`, `form.to`, `form.all`, `form.submit`) and `title`, `hint`.
 */
export const TOOL_NS = ['pattern', 'calendar', 'chart', 'bestTrades', 'backtest'] as const;
export type ToolNs = (typeof TOOL_NS)[number];
/** The tools whose forms also choose a window and a side. */
export type WindowNs = 'pattern' | 'backtest';

/** An input's value and change handler, as `useScreenForm().field(key)` gives them. */
export interface Bound {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/** A tool's form in one row of fields, its submit button last. */
export function ToolForm({
  ns,
  onSubmit,
  children,
}: {
  ns: ToolNs;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(TOOL_NS);
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label={t(`${ns}:form.label`)}>
      {children}
      <SubmitButton ns={ns} />
    </form>
  );
}

export function SubmitButton({ ns }: { ns: ToolNs }) {
  const { t } = useTranslation(TOOL_NS);
  return <SubmitColumn className="col-12 col-md-auto">{t(`${ns}:form.submit`)}</SubmitColumn>;
}

export function SymbolField({
  ns,
  id,
  error,
  ...bound
}: { ns: ToolNs; id: string; error?: string | undefined } & Bound) {
  const { t } = useTranslation(TOOL_NS);
  return <TextField id={id} label={t(`${ns}:form.symbol`)} error={error} autoComplete="off" {...bound} />;
}

const YEAR_RANGE = ['from', 'to'] as const;
/** The namespaces whose forms have the year range's texts (`form.from`, `form.to`, `form.all`). */
const YEAR_RANGE_NS = [...TOOL_NS, 'seascan'] as const;

/** "From year" and "To year" (`<idPrefix>-from`, `<idPrefix>-to`), empty for all years. */
export function YearRangeFields({
  ns,
  idPrefix,
  errors,
  from,
  to,
  autoComplete,
}: {
  ns: (typeof YEAR_RANGE_NS)[number];
  idPrefix: string;
  errors: Record<string, string | undefined>;
  from: Bound;
  to: Bound;
  autoComplete?: 'off';
}) {
  const { t } = useTranslation(YEAR_RANGE_NS);
  return (
    <FieldPair
      idPrefix={idPrefix}
      keys={YEAR_RANGE}
      label={(key) => t(`${ns}:form.${key}`)}
      placeholder={t(`${ns}:form.all`)}
      errors={errors}
      bound={{ from, to }}
      input={{ inputMode: 'numeric', ...(autoComplete ? { autoComplete } : {}) }}
    />
  );
}

const WINDOW = ['start', 'end'] as const;

/** A window's first and last day (MM-DD): `<idPrefix>-start`, `<idPrefix>-end`. */
export function WindowFields({
  ns,
  idPrefix,
  errors,
  start,
  end,
}: {
  ns: WindowNs;
  idPrefix: string;
  errors: { start?: string | undefined; end?: string | undefined };
  start: Bound;
  end: Bound;
}) {
  const { t } = useTranslation(TOOL_NS);
  return (
    <FieldPair
      idPrefix={idPrefix}
      keys={WINDOW}
      label={(key) => t(`${ns}:form.${key}`)}
      placeholder={t(`${ns}:form.mmdd`)}
      errors={errors}
      bound={{ start, end }}
    />
  );
}

/** Two text fields of a form (`<idPrefix>-<key>`), each with its message, with the same placeholder. */
function FieldPair<K extends string>({
  idPrefix,
  keys,
  label,
  placeholder,
  errors,
  bound,
  input = {},
}: {
  idPrefix: string;
  keys: readonly K[];
  label: (key: K) => string;
  placeholder: string;
  errors: Partial<Record<K, string | undefined>>;
  bound: Record<K, Bound>;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete'>;
}) {
  return (
    <>
      {keys.map((key) => (
        <TextField
          key={key}
          id={`${idPrefix}-${key}`}
          label={label(key)}
          error={errors[key]}
          placeholder={placeholder}
          {...input}
          {...bound[key]}
        />
      ))}
    </>
  );
}

/** Long or short. */
export function DirectionField({ ns, id, ...bound }: { ns: WindowNs; id: string } & Bound) {
  const { t } = useTranslation(TOOL_NS);
  return (
    <Field id={id} label={t(`${ns}:form.direction`)}>
      <select id={id} className="form-select form-select-sm" {...bound}>
        <option value="long">{t(`${ns}:form.long`)}</option>
        <option value="short">{t(`${ns}:form.short`)}</option>
      </select>
    </Field>
  );
}
