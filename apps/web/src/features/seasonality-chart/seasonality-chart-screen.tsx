import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import type { ChartResponse } from '@solstice/contracts';
import { PremiumGate } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { Field, TextField, checkWindowFields } from '../../shared/ui/fields';
import { useScreenForm } from '../../shared/ui/screen-form';
import { useFollowSymbol } from '../../shared/ui/follow-symbol';
import { ChartResult } from './chart-result';
import { MMDD } from '../../shared/ui/fields';
import { i18n } from '../../i18n/i18n';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import {
  YEAR_SET_DEFAULTS,
  YEAR_SET_KEYS,
  checkYearSet,
  normalizeYearSet,
  yearSetQuery,
} from '../../shared/ui/year-sets';

// start/end: the window dragged across the chart; compare: a second symbol's average year
// benchmark: any instrument instead of SPY; years/median: the years one by one, their median
const KEYS = [
  'symbol',
  'from',
  'to',
  'detrended',
  'compare',
  'start',
  'end',
  'benchmark',
  'years',
  'median',
  ...YEAR_SET_KEYS,
] as const;
const DEFAULTS = {
  symbol: 'AAPL',
  from: '',
  to: '',
  detrended: '',
  compare: '',
  start: '',
  end: '',
  benchmark: '',
  years: '',
  median: '',
  ...YEAR_SET_DEFAULTS,
};

/** What the chart draws on demand; the URL keeps each (labels: chart:toggles.<key>). */
const TOGGLES = ['detrended', 'years', 'median'] as const;

/** What the tool does, in the current language (read at call time). */
export function chartTool(): ToolInfo {
  return {
    title: i18n.t('chart:tool.title'),
    description: i18n.t('chart:tool.description'),
    features: [
      i18n.t('chart:tool.features.average'),
      i18n.t('chart:tool.features.thisYear'),
      i18n.t('chart:tool.features.benchmark'),
    ],
  };
}

export { dayLabel } from './chart-option';

function useChart(params: Record<string, string | undefined>, enabled: boolean) {
  return useQuery({
    queryKey: ['seasonal-chart', params],
    queryFn: () => apiGet<ChartResponse>('/api/v1/seasonality/chart', params),
    enabled,
  });
}

export function SeasonalityChartScreen() {
  const { t } = useTranslation('chart');
  return (
    <PremiumGate tool={chartTool()} title={t('title')}>
      <SeasonalityChartTool />
    </PremiumGate>
  );
}

function SeasonalityChartTool() {
  const { t } = useTranslation('chart');
  const f = useFormatters();
  const { url, form, setForm, field, submit, setUrl } = useScreenForm(KEYS, null, DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.symbol);
  useFollowSymbol(url, ready, (focus) => setUrl({ ...form, ...focus }, true));
  const showYears = url.years === 'true';
  const showMedian = url.median === 'true';
  const params = {
    symbol: url.symbol,
    from: url.from,
    to: url.to,
    ...yearSetQuery(url),
    benchmark: url.benchmark,
    paths: showYears || showMedian ? '1' : undefined,
  };
  const chart = useChart(params, ready);
  const compareSymbol = url.compare && url.compare !== url.symbol ? url.compare : undefined;
  const compare = useChart(
    { symbol: compareSymbol, from: url.from, to: url.to, ...yearSetQuery(url) },
    ready && Boolean(compareSymbol),
  );
  const selection =
    url.start && url.end && MMDD.test(url.start) && MMDD.test(url.end) ? { start: url.start, end: url.end } : null;
  const select = useCallback(
    (window: { start: string; end: string } | null) => setUrl({ start: window?.start, end: window?.end }),
    [setUrl],
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = normalizeYearSet({
      ...form,
      symbol: form.symbol.trim().toUpperCase(),
      compare: form.compare.trim().toUpperCase(),
      benchmark: form.benchmark.trim().toUpperCase(),
    });
    const problems = {
      ...checkWindowFields({ symbol: values.symbol, from: values.from, to: values.to }),
      ...checkYearSet(values),
    };
    for (const key of ['compare', 'benchmark'] as const) {
      if (values[key] && !/^[A-Z0-9.^=_-]{1,20}$/.test(values[key])) problems[key] = t('form.symbolError');
    }
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values);
  };
  // each input's value and change handler, kept in the form and the URL
  const fields = {
    symbol: field('symbol'),
    from: field('from'),
    to: field('to'),
    compare: field('compare'),
    benchmark: field('benchmark'),
  };
  return (
    <div className="container-fluid py-3" data-testid="seasonality-chart-screen">
      <h1 className="h4">{t('title')}</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
        <Field id="chart-symbol" label={t('form.symbol')} error={errors.symbol}>
          <input id="chart-symbol" className="form-control form-control-sm" autoComplete="off" {...fields.symbol} />
        </Field>
        <TextField
          id="chart-from"
          label={t('form.from')}
          error={errors.from}
          inputMode="numeric"
          placeholder={t('form.all')}
          {...fields.from}
        />
        <TextField
          id="chart-to"
          label={t('form.to')}
          error={errors.to}
          inputMode="numeric"
          placeholder={t('form.all')}
          {...fields.to}
        />
        <TextField
          id="chart-compare"
          label={t('form.compare')}
          error={errors.compare}
          placeholder={t('form.comparePlaceholder')}
          autoComplete="off"
          {...fields.compare}
        />
        <TextField
          id="chart-benchmark"
          label={t('form.benchmark')}
          error={errors.benchmark}
          placeholder="SPY"
          autoComplete="off"
          {...fields.benchmark}
        />
        <YearSetFields
          idPrefix="chart"
          values={form}
          errors={errors}
          onChange={(patch) => setForm((v) => ({ ...v, ...patch }))}
        />
        {TOGGLES.map((key) => (
          <div key={key} className="col-auto form-check ms-2 mb-1">
            <input
              id={`chart-${key}`}
              type="checkbox"
              className="form-check-input"
              checked={url[key] === 'true'}
              disabled={!url.symbol}
              onChange={(e) => setUrl({ [key]: e.target.checked ? 'true' : null })}
            />
            <label htmlFor={`chart-${key}`} className="form-check-label">
              {t(`toggles.${key}`)}
            </label>
          </div>
        ))}
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('form.submit')}
          </button>
        </div>
      </form>
      {!ready ? <p className="text-muted">{t('hint')}</p> : null}
      <QueryView query={chart} tool={chartTool()} isEmpty={(d) => d.years.length === 0 || !d.curve} empty={t('empty')}>
        {(data) => (
          <ChartResult
            data={data}
            detrended={url.detrended === 'true'}
            f={f}
            focus={{ symbol: data.symbol, from: url.from, to: url.to }}
            compare={compare.data?.curve ? compare.data : null}
            selection={selection}
            onSelect={select}
            showYears={showYears}
            showMedian={showMedian}
          />
        )}
      </QueryView>
      {compareSymbol && compare.isError ? (
        <p className="text-danger small" role="alert">
          {t('compareError', { symbol: compareSymbol, message: (compare.error as Error).message })}
        </p>
      ) : null}
    </div>
  );
}

export default SeasonalityChartScreen;
