import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanFieldsResponse } from '@solstice/contracts';
import { FIELDS, OPERATORS, TEXT_FIELDS, joinConditions } from './expression-chips';
import { LabelledInput, LabelledSelect } from '../../shared/select-field';

export function addCondition(chips: readonly string[], condition: string, or: boolean): string {
  if (or && chips.length > 0) {
    const last = chips[chips.length - 1]!;
    const inner = last.startsWith('(') && last.endsWith(')') ? last.slice(1, -1) : last;
    return joinConditions([...chips.slice(0, -1), `(${inner} or ${condition})`]);
  }
  return joinConditions([...chips, condition]);
}

type FieldInfo = ScanFieldsResponse['fields'][number];
type FunctionInfo = NonNullable<ScanFieldsResponse['functions']>[number];

/** The period a function takes when none is typed yet, and the largest when the fields answer has no bounds. */
const DEFAULT_PERIOD = '14';
const MAX_PERIOD = 1000;

/** The functions a chip offers: those of a period (a timeframe or a rank wraps a whole expression: typed, not chipped). */
export function periodFunctions(functions: readonly FunctionInfo[] | undefined): FunctionInfo[] {
  return (functions ?? []).filter((f) => f.args.includes('n'));
}

/** A function call from its parts: `sma(close, 50)`, `atr(14)`, `rs(SPY, 63)`. */
export function functionCall(f: FunctionInfo, parts: { src: string; n: string; symbol: string }): string {
  const args = f.args.map((a) => (a === 'src' ? parts.src : a === 'n' ? parts.n.trim() : parts.symbol.trim()));
  return `${f.name}(${args.join(', ')})`;
}

/** A period as the language takes it: digits only, 1 to max. */
export function validPeriod(n: string, max: number): boolean {
  return /^\d+$/.test(n.trim()) && Number(n) >= 1 && Number(n) <= max;
}

/** Text fields compare only with = and != (the scanner refuses the rest). */
export const TEXT_OPERATORS = ['=', '!='] as const;

/** The condition a chip builder makes: text values quoted (inner quotes dropped), the rest as typed. */
export function chipCondition(field: string, op: string, value: string, textual: boolean): string {
  const v = value.trim();
  if (!textual || /^".*"$/.test(v)) return `${field} ${op} ${v}`;
  return `${field} ${op} "${v.replace(/"/g, '')}"`;
}

/** Builds one condition from a field, an operator and a value, and adds it as a chip (AND) or ORs it with the last. */
export function ChipBuilder({
  onAdd,
  canOr,
  fields,
  functions,
  maxPeriod = MAX_PERIOD,
}: {
  onAdd: (condition: string, or: boolean) => void;
  canOr: boolean;
  fields: FieldInfo[] | undefined;
  /** The language's functions (the fields answer's); those of a period are offered beside the fields. */
  functions?: readonly FunctionInfo[] | undefined;
  maxPeriod?: number;
}) {
  const { t } = useTranslation('scanner');
  const [field, setField] = useState<string>('rsi14');
  const [op, setOp] = useState<string>('<');
  const [value, setValue] = useState('30');
  const info = (name: string) => fields?.find((x) => x.name === name);
  // Offer only what the data has: a field no instrument has a value for is left out.
  const offered = FIELDS.filter((name) => info(name)?.available !== false);
  const [src, setSrc] = useState('close');
  const [period, setPeriod] = useState(DEFAULT_PERIOD);
  const [symbol, setSymbol] = useState('SPY');
  const fns = periodFunctions(functions);
  const fn = fns.find((f) => f.name === field);
  const sources = offered.filter(
    (name) => !TEXT_FIELDS.has(name) && name !== 'marketCap' && !name.startsWith('season'),
  );
  const periodOk = !fn || validPeriod(period, maxPeriod);
  const symbolOk = !fn?.args.includes('symbol') || /^[A-Za-z0-9._]+$/.test(symbol.trim());
  const textual = TEXT_FIELDS.has(field);
  const choices = info(field)?.values;
  const operators: readonly string[] = textual ? TEXT_OPERATORS : OPERATORS;
  const chooseField = (next: string) => {
    setField(next);
    if (TEXT_FIELDS.has(next)) {
      if (!(TEXT_OPERATORS as readonly string[]).includes(op)) setOp('=');
      setValue(info(next)?.values?.[0] ?? '');
    } else if (TEXT_FIELDS.has(field)) {
      setOp('<');
      setValue('');
    }
  };
  const condition = () => chipCondition(fn ? functionCall(fn, { src, n: period, symbol }) : field, op, value, textual);
  // "Add" adds the condition as a chip of its own; "or" joins it to the last chip
  const addButton = (or: boolean) => (
    <div className="col-auto">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={!value.trim() || !periodOk || !symbolOk}
        onClick={() => onAdd(condition(), or)}
      >
        {or ? t('chips.or') : t('chips.add')}
      </button>
    </div>
  );
  return (
    <fieldset className="row g-1 align-items-end mb-3">
      <legend className="visually-hidden">{t('chips.legend')}</legend>
      <div className="col-4 col-md-2">
        <ChipSelect id="chip-field" label={t('chips.field')} value={field} onChange={chooseField}>
          {fns.length ? (
            <>
              <optgroup label={t('chips.fieldsGroup')}>
                <NameOptions names={offered} />
              </optgroup>
              <optgroup label={t('chips.functionsGroup')}>
                <NameOptions names={fns.map((f) => f.name)} />
              </optgroup>
            </>
          ) : (
            <NameOptions names={offered} />
          )}
        </ChipSelect>
      </div>
      {fn?.args.includes('src') ? (
        <div className="col-4 col-md-2">
          <ChipSelect id="chip-source" label={t('chips.source')} value={src} names={sources} onChange={setSrc} />
        </div>
      ) : null}
      {fn?.args.includes('symbol') ? (
        <div className="col-4 col-md-2">
          <ChipInput id="chip-symbol" label={t('chips.symbol')} ok={symbolOk} value={symbol} onChange={setSymbol} />
        </div>
      ) : null}
      {fn ? (
        <div className="col-4 col-md-1">
          <ChipInput
            id="chip-period"
            label={t('chips.period')}
            ok={periodOk}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxPeriod}
            step={1}
            value={period}
            onChange={setPeriod}
            title={t('chips.periodHint', { max: maxPeriod })}
            aria-invalid={!periodOk}
            aria-describedby={periodOk ? undefined : 'chip-period-hint'}
          />
          {periodOk ? null : (
            <div id="chip-period-hint" className="invalid-feedback d-block">
              {t('chips.periodHint', { max: maxPeriod })}
            </div>
          )}
        </div>
      ) : null}
      <div className="col-4 col-md-2">
        <ChipSelect id="chip-op" label={t('chips.condition')} value={op} names={operators} onChange={setOp} />
      </div>
      <div className="col-4 col-md-3">
        {textual && choices ? (
          <ChipSelect id="chip-value" label={t('chips.value')} value={value} names={choices} onChange={setValue} />
        ) : (
          <>
            <label htmlFor="chip-value" className="form-label small mb-0">
              {textual ? t('chips.value') : t('chips.valueOrField')}
            </label>
            <input
              id="chip-value"
              className="form-control form-control-sm"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder={textual ? t('chips.textPlaceholder') : t('chips.valuePlaceholder')}
            />
          </>
        )}
      </div>
      {addButton(false)}
      {canOr ? addButton(true) : null}
    </fieldset>
  );
}

/** A part of the chip: a small labelled select of names, each its own value. */
/** A chip's small text field, marked invalid unless `ok`. */
function ChipInput({ ok, ...input }: { ok: boolean } & Omit<ComponentProps<typeof LabelledInput>, 'className'>) {
  return (
    <LabelledInput
      labelClassName="form-label small mb-0"
      className={`form-control form-control-sm${ok ? '' : ' is-invalid'}`}
      {...input}
    />
  );
}

/** A chip's small select: of `names`, or of the options given as children. */
function ChipSelect({
  names,
  children,
  ...select
}: { id: string; label: string; value: string; onChange: (value: string) => void } & (
  { names: readonly string[]; children?: never } | { names?: never; children: ReactNode }
)) {
  return (
    <LabelledSelect labelClassName="form-label small mb-0" className="form-select form-select-sm" {...select}>
      {names ? <NameOptions names={names} /> : children}
    </LabelledSelect>
  );
}

/** Options that are names, each its own value. */
function NameOptions({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((n) => (
        <option key={n}>{n}</option>
      ))}
    </>
  );
}
