import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BacktestResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { EChart } from '../../shared/charts/echart';
import { DOWN, FLAT, PRIMARY } from '../../shared/charts/colors';
import { tickPercent } from '../../shared/charts/options';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { columnsOf } from '../../shared/stats/columns';
import { benchmarkCurve, drawdowns, drawdownsFromStart } from './backtest-curves';
import { BacktestMetrics } from './backtest-metrics';

type Trade = BacktestResponse['trades'][number];

/** The strategy's line over the equity dates, and the benchmark's beside it when there is one. */
function againstBenchmark(
  dates: string[],
  valueFormatter: (v: number) => string,
  yAxis: Record<string, unknown>,
  strategy: { name: string; data: number[] } & Record<string, unknown>,
  benchmark: { name: string; data: (number | null)[] } | null,
) {
  return {
    grid: { left: 56, right: 16, top: 32, bottom: 32 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter },
    xAxis: { type: 'category', data: dates },
    yAxis,
    series: [
      { type: 'line', showSymbol: false, ...strategy },
      ...(benchmark && benchmark.data.length ? [{ type: 'line', ...benchmark, showSymbol: false, color: FLAT }] : []),
    ],
  };
}

export function BacktestResult({ data, f }: { data: BacktestResponse; f: Formatters }) {
  const { t } = useTranslation('backtest');
  const benchmark = data.benchmark;
  const dates = useMemo(() => data.equity.map((p) => p.date), [data]);
  const values = useMemo(() => data.equity.map((p) => p.value), [data]);
  const bench = useMemo(() => benchmarkCurve(data), [data]);
  const dd = useMemo(() => drawdowns(values), [values]);
  const benchDd = useMemo(() => drawdownsFromStart(bench), [bench]);
  const first = f.date(dates[0]);
  const last = f.date(dates[dates.length - 1]);
  const strategy = t('result.strategy');

  const equityOption = useMemo(
    () =>
      againstBenchmark(
        dates,
        (v) => f.number(v, 4),
        { type: 'value', scale: true, axisLabel: { formatter: (v: number) => f.number(v, 2) } },
        { name: strategy, data: values, color: PRIMARY },
        benchmark ? { name: benchmark.symbol, data: bench } : null,
      ),
    [dates, values, bench, benchmark, strategy, f],
  );
  const drawdownOption = useMemo(
    () =>
      againstBenchmark(
        dates,
        (v) => f.percent(v),
        { type: 'value', max: 0, axisLabel: { formatter: (v: number) => tickPercent(f, v, false) } },
        { name: strategy, data: dd, areaStyle: { opacity: 0.2 }, color: DOWN },
        benchmark ? { name: benchmark.symbol, data: benchDd } : null,
      ),
    [dates, dd, benchDd, benchmark, strategy, f],
  );

  const deepest = dd.reduce((at, v, i) => (v < dd[at]! ? i : at), 0);
  const equityLabel = benchmark
    ? t('result.equityLabel', {
        benchmark: benchmark.symbol,
        first,
        last,
        value: f.number(values[values.length - 1], 4),
        total: f.percent(data.metrics.totalReturn),
        benchmarkTotal: f.percent(benchmark.totalReturn),
        benchmarkFirst: f.date(benchmark.from ?? dates[0]),
      })
    : t('result.equityLabelNoBenchmark', {
        first,
        last,
        value: f.number(values[values.length - 1], 4),
        total: f.percent(data.metrics.totalReturn),
      });
  const drawdownLabel = t('result.drawdownLabel', {
    first,
    last,
    max: f.percent(data.metrics.maxDrawdown),
    date: f.date(dates[deepest]),
  });

  const c = columnsOf<Trade>(f);
  const columns: Column<Trade>[] = [
    { key: 'symbol', label: t('trades.symbol'), csvLabel: 'Symbol', sortValue: (r) => r.symbol, text: (r) => r.symbol },
    {
      key: 'window',
      label: t('trades.window'),
      csvLabel: 'Window',
      text: (r) => `${f.monthDay(r.start)} – ${f.monthDay(r.end)}`,
      csvValue: (r) => `${r.start}/${r.end}`,
    },
    {
      key: 'direction',
      label: t('trades.direction'),
      csvLabel: 'Side',
      sortValue: (r) => r.direction,
      text: (r) => (r.direction === 'short' ? t('form.short') : t('form.long')),
      csvValue: (r) => r.direction,
    },
    c.year(t('trades.year'), (r) => r.year),
    c.date('entryDate', t('trades.entry'), 'Entry', (r) => r.entryDate),
    c.date('exitDate', t('trades.exit'), 'Exit', (r) => r.exitDate),
    c.percent('return', t('trades.return'), 'Net return', (r) => r.return, { colour: true }),
  ];

  return (
    <>
      <BacktestMetrics data={data} f={f} />
      {!benchmark ? <p className="small text-muted">{t('result.noBenchmark')}</p> : null}
      <div className="row g-2">
        <div className="col-12 col-xl-7">
          <h2 className="h6">{t('result.equity')}</h2>
          <EChart kinds={['line']} option={equityOption} label={equityLabel} height={300} testId="backtest-equity" />
        </div>
        <div className="col-12 col-xl-5">
          <h2 className="h6">{t('result.drawdown')}</h2>
          <EChart
            kinds={['line']}
            option={drawdownOption}
            label={drawdownLabel}
            height={300}
            testId="backtest-drawdown"
          />
        </div>
      </div>
      <h2 className="h6">{t('trades.title')}</h2>
      <DataTable
        rows={data.trades}
        columns={columns}
        rowKey={(r, i) => `${r.symbol}-${r.start}-${r.end}-${r.direction}-${r.year}-${i}`}
        caption={t('trades.caption')}
        filename="seasonal-backtest-trades.csv"
        testId="backtest-trades"
      />
    </>
  );
}
