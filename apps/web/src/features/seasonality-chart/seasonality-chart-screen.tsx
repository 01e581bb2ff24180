import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiGet, retryServerErrors } from '../api';
import type { ChartResponse } from '../types';
import { PremiumGate } from '../ui/premium-gate';
import { useFormatters, type Formatters } from '../format';
import { QueryView, type ToolInfo } from '../ui/states';
import { Field, TextField, checkWindowFields } from '../ui/fields';
import { InstrumentHeader } from '../ui/instrument-header';
import { useScreenForm } from '../ui/screen-form';
import { EChart } from '../charts/echart';
import { PRIMARY } from '../charts/colors';
import { StatLabel } from '../stats/stat-label';

const NO_CURVE: number[] = [];

const KEYS = ['symbol', 'from', 'to', 'detrended'] as const;
const DEFAULTS = { symbol: 'AAPL', from: '', to: '', detrended: '' };

export const CHART_TOOL: ToolInfo = {
  title: 'Seasonal chart',
  description:
    'The average path of a symbol through the calendar year over the years you choose, optionally detrended, with this year drawn on top and the S&P 500 for comparison.',
  features: ['Average year, detrended or not', 'This year overlaid', 'Compared with the S&P 500'],
};

/** MM-DD of day index 0…364 of a non-leap year. */
export function dayLabel(index: number): string {
  const d = new Date(Date.UTC(2001, 0, 1 + index));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

function useChart(params: Record<string, string | undefined>, enabled: boolean) {
  return useQuery({
    queryKey: ['seasonal-chart', params],
    retry: retryServerErrors,
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
  const { url, form, field, setForm, submit } = useScreenForm(KEYS, null, DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.symbol);
  const params = { symbol: url.symbol, from: url.from, to: url.to };
  const chart = useChart(params, ready);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = { ...form, symbol: form.symbol.trim().toUpperCase() };
    const problems = checkWindowFields({ symbol: values.symbol, from: values.from, to: values.to });
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
        <div className="col-6 col-md-auto form-check ms-2 mb-1">
          <input
            id="chart-detrended"
            type="checkbox"
            className="form-check-input"
            checked={form.detrended === 'true'}
            onChange={(e) => {
              const next = { ...form, detrended: e.target.checked ? 'true' : '' };
              setForm(next);
              if (url.symbol) submit({ ...next, symbol: url.symbol, from: url.from ?? '', to: url.to ?? '' });
            }}
          />
          <label htmlFor="chart-detrended" className="form-check-label">
            Detrended
          </label>
        </div>
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
        {(data) => <ChartResult data={data} detrended={url.detrended === 'true'} f={f} />}
      </QueryView>
    </div>
  );
}

const span = (years: readonly number[]) => (years.length ? `${years[0]}–${years[years.length - 1]}` : '');

function ChartResult({ data, detrended, f }: { data: ChartResponse; detrended: boolean; f: Formatters }) {
  const curve = (detrended ? data.detrended : data.curve) ?? NO_CURVE;
  // Against the benchmark, both curves come over the years both symbols use (analytics.md).
  const bench = data.benchmark && data.benchmark.years.length > 0 ? data.benchmark : null;
  const own = bench ? ((detrended ? bench.detrended : bench.curve) ?? null) : null;
  const benchCurve = bench ? ((detrended ? bench.benchmarkDetrended : bench.benchmarkCurve) ?? null) : null;
  const option = useMemo(() => {
    const labels = curve.map((_, i) => dayLabel(i));
    const series: unknown[] = [
      {
        type: 'line',
        name: `${data.symbol} average`,
        smooth: true,
        showSymbol: false,
        data: curve,
        lineStyle: { color: PRIMARY, width: 2 },
        areaStyle: { opacity: 0.08 },
      },
    ];
    if (data.current) {
      series.push({
        type: 'line',
        name: `${data.current.year}`,
        showSymbol: false,
        data: data.current.values,
        lineStyle: { type: 'dashed' },
      });
    }
    if (bench && own && benchCurve) {
      const years = span(bench.years);
      series.push({
        type: 'line',
        name: `${bench.symbol} average (${years})`,
        smooth: true,
        showSymbol: false,
        data: benchCurve,
        lineStyle: { color: '#6c757d' },
      });
      series.push({
        type: 'line',
        name: `${data.symbol} vs ${bench.symbol} (${years})`,
        smooth: true,
        showSymbol: false,
        data: own.map((v, i) => v - (benchCurve[i] ?? 0)),
        lineStyle: { type: 'dotted' },
      });
    }
    return {
      grid: { left: 52, right: 16, top: 40, bottom: 40 },
      legend: { top: 0, type: 'scroll' },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => f.percent(v) },
      xAxis: { type: 'category', data: labels, axisLabel: { formatter: (v: string) => f.monthDay(v), interval: 29 } },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => f.percent(v, 0) } },
      series,
    };
  }, [data, curve, bench, own, benchCurve, f]);
  const end = curve[curve.length - 1] ?? null;
  const ownEnd = own ? (own[own.length - 1] ?? null) : null;
  const benchEnd = benchCurve ? (benchCurve[benchCurve.length - 1] ?? null) : null;
  const q = `symbol=${encodeURIComponent(data.symbol)}`;
  return (
    <>
      <InstrumentHeader symbol={data.symbol}>
        <Link className="small" to={`/seasonality/besttrades?${q}&minDays=10&maxDays=30`}>
          Best trades
        </Link>
        <Link className="small" to={`/seasonality/calendar?${q}`}>
          Calendar
        </Link>
      </InstrumentHeader>
      <p className="small mb-1" data-testid="chart-summary">
        {data.years.length} years used ({span(data.years)}). Average year
        {detrended ? ' (detrended)' : ''}: <strong>{f.percent(end)}</strong>
      </p>
      {bench && ownEnd !== null && benchEnd !== null ? (
        <p className="small mb-1" data-testid="benchmark-summary">
          Against {bench.symbol} over the {bench.years.length} years both use ({span(bench.years)}): {data.symbol}{' '}
          {f.percent(ownEnd)} · {bench.symbol} {f.percent(benchEnd)} · <StatLabel standalone stat="relative" />{' '}
          <strong>{f.percent(ownEnd - benchEnd)}</strong>
        </p>
      ) : data.benchmark ? (
        <p className="small mb-1 text-muted" data-testid="benchmark-summary">
          {data.benchmark.symbol} has none of these years: no comparison.
        </p>
      ) : null}
      <EChart kinds={['line']} option={option} label={`Seasonal chart of ${data.symbol}`} height={380} />
    </>
  );
}

export default SeasonalityChartScreen;
