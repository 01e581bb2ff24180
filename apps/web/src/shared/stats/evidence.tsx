import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestedWindow } from '@solstice/contracts';
import type { Column } from '../tables/data-table';
import type { Formatters } from '../format';
import { i18n } from '../i18n/i18n';
import { TextField } from '../ui/fields';
import { MAX_Q_VALUE } from './significance';

/** Above this qValue a result is marked "could be chance" (analytics.md, "Multiple testing"). */
export const CHANCE_Q = MAX_Q_VALUE;

export const couldBeChance = (q: number | null | undefined) => typeof q === 'number' && q > CHANCE_Q;

/** The qValue column of best trades and the seasonality scanner, with the "could be chance" mark. */
export function qValueColumn<T extends TestedWindow>(f: Formatters): Column<T> {
  return {
    key: 'qValue',
    label: <span title={i18n.t('evidence:qValue.columnHelp')}>{i18n.t('evidence:qValue.column')}</span>,
    csvLabel: 'q-value',
    align: 'end',
    sortValue: (r) => r.stats.qValue,
    text: (r) =>
      couldBeChance(r.stats.qValue)
        ? `${f.number(r.stats.qValue, 3)} ${i18n.t('evidence:qValue.chance')}`
        : f.number(r.stats.qValue, 3),
    csvValue: (r) => r.stats.qValue,
    render: (r) => {
      const q = f.number(r.stats.qValue, 3);
      if (!couldBeChance(r.stats.qValue)) return q;
      const help = i18n.t('evidence:qValue.chanceHelp', { q });
      return (
        <span className="d-inline-flex gap-1 align-items-center justify-content-end">
          {q}
          <span className="badge text-bg-warning" title={help} data-testid="could-be-chance">
            {i18n.t('evidence:qValue.chance')}
            <span className="visually-hidden">{`: ${help}`}</span>
          </span>
        </span>
      );
    },
  };
}

/** "Best of N windows tested" with its one-line explanation. */
export function TestedNote({ tested, f }: { tested: number; f: Formatters }) {
  const { t } = useTranslation('evidence');
  return (
    <p className="small mb-2" data-testid="tested-note">
      <strong>{t('tested.summary', { n: f.number(tested, 0) })}</strong>{' '}
      <span className="text-muted">{t('tested.explanation')}</span>
    </p>
  );
}

/** A max-qValue form value's problem, or none: empty or a number from 0 to 1. */
export function checkMaxQValue(value: string | undefined): Record<string, string> {
  if (!value) return {};
  const q = Number(value);
  return Number.isNaN(q) || q < 0 || q > 1 ? { maxQValue: i18n.t('evidence:qValue.maxError') } : {};
}

/** The "max qValue" input of a form (a fraction; empty: no limit). */
export function MaxQValueField({
  id,
  error,
  value,
  onChange,
}: {
  id: string;
  error?: string | undefined;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation('evidence');
  return (
    <TextField
      id={id}
      label={t('qValue.max')}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('qValue.maxPlaceholder')}
      value={value}
      onChange={onChange}
    />
  );
}
