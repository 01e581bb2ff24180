import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import type { PatternResponse } from '@solstice/contracts';
import { PremiumGate } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { useSavedForm } from '../../shared/shell';
import { useUrlState } from '../../shared/ui/url-state';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { Field, TextField, checkWindowFields } from '../../shared/ui/fields';
import { useFollowSymbol } from '../../shared/ui/follow-symbol';
import { PatternResult } from './pattern-result';
import { i18n } from '../../i18n/i18n';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import {
  YEAR_SET_DEFAULTS,
  YEAR_SET_KEYS,
  checkYearSet,
  normalizeYearSet,
  yearSetQuery,
  type YearSetValues,
} from '../../shared/ui/year-sets';

const KEYS = ['symbol', 'start', 'end', 'from', 'to', 'direction', ...YEAR_SET_KEYS] as const;
type PatternForm = {
  symbol: string;
  start: string;
  end: string;
  from: string;
  to: string;
  direction: string;
} & YearSetValues;
const DEFAULTS: PatternForm = {
  symbol: 'AAPL',
  start: '11-01',
  end: '12-31',
  from: '',
  to: '',
  direction: 'long',
  ...YEAR_SET_DEFAULTS,
};

/** What the tool does, in the current language (read at call time). */
export function patternTool(): ToolInfo {
  return {
    title: i18n.t('pattern:tool.title'),
    description: i18n.t('pattern:tool.description'),
    features: [
      i18n.t('pattern:tool.features.table'),
      i18n.t('pattern:tool.features.stats'),
      i18n.t('pattern:tool.features.benchmark'),
    ],
  };
}

export function usePattern(params: Partial<PatternForm>, enabled: boolean) {
  return useQuery({
    queryKey: ['pattern', params],
    queryFn: () => apiGet<PatternResponse>('/api/v1/seasonality/pattern', params),
    enabled,
  });
}

export function PatternScreen() {
  const { t } = useTranslation('pattern');
  return (
    <PremiumGate tool={patternTool()} title={t('title')}>
      <PatternTool />
    </PremiumGate>
  );
}

function PatternTool() {
  const { t } = useTranslation('pattern');
  const f = useFormatters();
  const [url, setUrl] = useUrlState(KEYS);
  const [saved, save] = useSavedForm<PatternForm>('patternForm');
  const initial: PatternForm = url.symbol ? { ...DEFAULTS, ...url } : { ...DEFAULTS, ...saved };
  const [form, setForm] = useState<PatternForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const ready = Boolean(url.symbol && url.start && url.end);
  const params = {
    symbol: url.symbol,
    start: url.start,
    end: url.end,
    from: url.from,
    to: url.to,
    direction: url.direction,
    ...yearSetQuery(url),
  };
  const pattern = usePattern(params, ready);
  useFollowSymbol(url, ready, (focus) => {
    const next = { ...form, ...url, ...focus };
    setForm(next);
    setUrl(next, true);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = normalizeYearSet({ ...form, symbol: form.symbol.trim().toUpperCase() });
    const problems = { ...checkWindowFields(values), ...checkYearSet(values) };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    save(values);
    setUrl(values);
  };

  const set = (key: keyof PatternForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  return (
    <div className="container-fluid py-3" data-testid="pattern-screen">
      <h1 className="h4">{t('title')}</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} noValidate aria-label={t('form.label')}>
        <TextField
          id="pattern-symbol"
          label={t('form.symbol')}
          error={errors.symbol}
          value={form.symbol}
          onChange={set('symbol')}
          autoComplete="off"
        />
        <TextField
          id="pattern-start"
          label={t('form.start')}
          error={errors.start}
          value={form.start}
          onChange={set('start')}
          placeholder={t('form.mmdd')}
        />
        <TextField
          id="pattern-end"
          label={t('form.end')}
          error={errors.end}
          value={form.end}
          onChange={set('end')}
          placeholder={t('form.mmdd')}
        />
        <TextField
          id="pattern-from"
          label={t('form.from')}
          error={errors.from}
          value={form.from}
          onChange={set('from')}
          inputMode="numeric"
          placeholder={t('form.all')}
        />
        <TextField
          id="pattern-to"
          label={t('form.to')}
          error={errors.to}
          value={form.to}
          onChange={set('to')}
          inputMode="numeric"
          placeholder={t('form.all')}
        />
        <Field id="pattern-direction" label={t('form.direction')}>
          <select
            id="pattern-direction"
            className="form-select form-select-sm"
            value={form.direction}
            onChange={set('direction')}
          >
            <option value="long">{t('form.long')}</option>
            <option value="short">{t('form.short')}</option>
          </select>
        </Field>
        <YearSetFields
          idPrefix="pattern"
          values={form}
          errors={errors}
          onChange={(patch) => setForm((v) => ({ ...v, ...patch }))}
        />
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('form.submit')}
          </button>
        </div>
      </form>

      {!ready ? <p className="text-muted">{t('hint')}</p> : null}
      <QueryView
        query={pattern}
        tool={patternTool()}
        isEmpty={(d) => d.years.length === 0 || !d.stats}
        empty={t('empty')}
      >
        {(data) => <PatternResult data={data} links={params} f={f} />}
      </QueryView>
    </div>
  );
}

export default PatternScreen;
