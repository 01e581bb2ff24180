import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanFieldsResponse } from '@solstice/contracts';
import { FIELDS, OPERATORS, TEXT_FIELDS, joinConditions } from './expression-chips';

export function addCondition(chips: readonly string[], condition: string, or: boolean): string {
  if (or && chips.length > 0) {
    const last = chips[chips.length - 1]!;
    const inner = last.startsWith('(') && last.endsWith(')') ? last.slice(1, -1) : last;
    return joinConditions([...chips.slice(0, -1), `(${inner} or ${condition})`]);
  }
  return joinConditions([...chips, condition]);
}

type FieldInfo = ScanFieldsResponse['fields'][number];

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
}: {
  onAdd: (condition: string, or: boolean) => void;
  canOr: boolean;
  fields: FieldInfo[] | undefined;
}) {
  const { t } = useTranslation('scanner');
  const [field, setField] = useState<string>('rsi14');
  const [op, setOp] = useState<string>('<');
  const [value, setValue] = useState('30');
  const info = (name: string) => fields?.find((x) => x.name === name);
  // Offer only what the data has: a field no instrument has a value for is left out.
  const offered = FIELDS.filter((name) => info(name)?.available !== false);
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
  const condition = () => chipCondition(field, op, value, textual);
  return (
    <fieldset className="row g-1 align-items-end mb-3">
      <legend className="visually-hidden">{t('chips.legend')}</legend>
      <div className="col-4 col-md-2">
        <label htmlFor="chip-field" className="form-label small mb-0">
          {t('chips.field')}
        </label>
        <select
          id="chip-field"
          className="form-select form-select-sm"
          value={field}
          onChange={(e) => chooseField(e.target.value)}
        >
          {offered.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </div>
      <div className="col-4 col-md-2">
        <label htmlFor="chip-op" className="form-label small mb-0">
          {t('chips.condition')}
        </label>
        <select id="chip-op" className="form-select form-select-sm" value={op} onChange={(e) => setOp(e.target.value)}>
          {operators.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      </div>
      <div className="col-4 col-md-3">
        <label htmlFor="chip-value" className="form-label small mb-0">
          {textual ? t('chips.value') : t('chips.valueOrField')}
        </label>
        {textual && choices ? (
          <select
            id="chip-value"
            className="form-select form-select-sm"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          >
            {choices.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        ) : (
          <input
            id="chip-value"
            className="form-control form-control-sm"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={textual ? t('chips.textPlaceholder') : t('chips.valuePlaceholder')}
          />
        )}
      </div>
      <div className="col-auto">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!value.trim()}
          onClick={() => onAdd(condition(), false)}
        >
          {t('chips.add')}
        </button>
      </div>
      {canOr ? (
        <div className="col-auto">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!value.trim()}
            onClick={() => onAdd(condition(), true)}
          >
            {t('chips.or')}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
