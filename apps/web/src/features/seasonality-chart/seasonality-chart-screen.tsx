import { useCallback, useState, type FormEvent } from 'react';
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

// start/end: the window dragged across the chart; compare: a second symbol's average year
// benchmark: any instrument instead of SPY; years/median: the years one by one, their median
const KEYS = ['symbol', 'from', 'to', 'detrended', 'compare', 'start', 'end', 'benchmark', 'years', 'median'] as const;
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
};

/** What the chart draws on demand; the URL keeps each. */
const TOGGLES = [
  ['detrended', 'Detrended'],
  ['years', 'Each year'],
  ['median', 'Median'],
] as const;

export const CHART_TOOL: ToolInfo = {
  title: 'Seasonal chart',
  description:
    'The average path of a symbol through the calendar year over the years you choose, optionally detrended, with this year drawn on top and the S&P 500 for comparison.',
  features: ['Average year, detrended or not', 'This year overlaid', 'Compared with the S&P 500'],
};

export { dayLabel } from './chart-option';

function useChart(params: Record<string, string | undefined>, enabled: boolean) {
  return useQuery({
    queryKey: ['seasonal-chart', params],
    queryFn: () => apiGet<ChartResponse>('/api/v1/seasonality/chart', params),
    enabled,
  });
}

export function SeasonalityChartScreen() {
  return (
    <PremiumGate tool={CHART_TOOL} title="Seasonality">
      <SeasonalityChartTool />
    </PremiumGate>
  );
}

function SeasonalityChartTool() {
  const f = useFormatters();
  const { url, form, field, submit, setUrl } = useScreenForm(KEYS, null, DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.symbol);
  useFollowSymbol(url, ready, (focus) => setUrl({ ...form, ...focus }, true));
  const showYears = url.years === 'true';
  const showMedian = url.median === 'true';
  const params = {
    symbol: url.symbol,
    from: url.from,
    to: url.to,
    benchmark: url.benchmark,
    paths: showYears || showMedian ? '1' : undefined,
  };
  const chart = useChart(params, ready);
  const compareSymbol = url.compare && url.compare !== url.symbol ? url.compare : undefined;
  const compare = useChart({ symbol: compareSymbol, from: url.from, to: url.to }, ready && Boolean(compareSymbol));
  const selection =
    url.start && url.end && MMDD.test(url.start) && MMDD.test(url.end) ? { start: url.start, end: url.end } : null;
  const select = useCallback(
    (window: { start: string; end: string } | null) => setUrl({ start: window?.start, end: window?.end }),
    [setUrl],
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      ...form,
      symbol: form.symbol.trim().toUpperCase(),
      compare: form.compare.trim().toUpperCase(),
      benchmark: form.benchmark.trim().toUpperCase(),
    };
    const problems = checkWindowFields({ symbol: values.symbol, from: values.from, to: values.to });
    for (const key of ['compare', 'benchmark'] as const) {
      if (values[key] && !/^[A-Z0-9.^=_-]{1,20}$/.test(values[key])) problems[key] = 'A symbol such as XLP';
    }
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values);
  };
  return (
    <div className="container-fluid py-3" data-testid="seasonality-chart-screen">
      <h1 className="h4">Seasonality</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label="Seasonal chart form">
        <Field id="chart-symbol" label="Symbol" error={errors.symbol}>
          <input id="chart-symbol" className="form-control form-control-sm" autoComplete="off" {...field('symbol')} />
        </Field>
        <TextField
          id="chart-from"
          label="From year"
          error={errors.from}
          inputMode="numeric"
          placeholder="all"
          {...field('from')}
        />
        <TextField
          id="chart-to"
          label="To year"
          error={errors.to}
          inputMode="numeric"
          placeholder="all"
          {...field('to')}
        />
        <TextField
          id="chart-compare"
          label="Compare with"
          error={errors.compare}
          placeholder="symbol"
          autoComplete="off"
          {...field('compare')}
        />
        <TextField
          id="chart-benchmark"
          label="Benchmark"
          error={errors.benchmark}
          placeholder="SPY"
          autoComplete="off"
          {...field('benchmark')}
        />
        {TOGGLES.map(([key, label]) => (
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
              {label}
            </label>
          </div>
        ))}
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            Show chart
          </button>
        </div>
      </form>
      {!ready ? <p className="text-muted">Choose a symbol, then “Show chart”.</p> : null}
      <QueryView
        query={chart}
        tool={CHART_TOOL}
        isEmpty={(d) => d.years.length === 0 || !d.curve}
        empty="This symbol has no complete calendar year in the chosen range."
      >
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
          No seasonal chart for {compareSymbol}: {(compare.error as Error).message}
        </p>
      ) : null}
    </div>
  );
}

export default SeasonalityChartScreen;
