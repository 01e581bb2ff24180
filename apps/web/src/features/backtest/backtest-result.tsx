import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { BacktestResponse, BarsResponse } from '@solstice/contracts';
import { apiGet } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { EChart } from '../../shared/charts/echart';
import { DOWN, FLAT, PRIMARY } from '../../shared/charts/colors';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { benchmarkCurve, daysBefore, drawdowns } from './backtest-curves';
import { BacktestMetrics } from './backtest-metrics';

type Trade = BacktestResponse['trades'][number];

/** The benchmark's closes around the equity dates (its curve is drawn from them). */
function useBenchmarkBars(data: BacktestResponse) {
  const symbol = data.benchmark?.symbol;
  const first = data.equity[0]?.date;
  const last = data.equity[data.equity.length - 1]?.date;
  return useQuery({
    queryKey: ['backtest-benchmark', symbol, first, last],
    queryFn: () =>
      apiGet<BarsResponse>(`/api/v1/bars/${encodeURIComponent(symbol!)}`, { from: daysBefore(first!, 15), to: last }),
    enabled: Boolean(symbol && first && last),
    staleTime: Infinity,
  });
}

export function BacktestResult({ data, f }: { data: BacktestResponse; f: Formatters }) {
  const { t } = useTranslation('backtest');
  const bars = useBenchmarkBars(data);
  const benchmark = data.benchmark;
  const dates = useMemo(() => data.equity.map((p) => p.date), [data]);
  const values = useMemo(() => data.equity.map((p) => p.value), [data]);
  const bench = useMemo(() => (bars.data ? benchmarkCurve(data.equity, bars.data.bars) : []), [bars.data, data]);
  const dd = useMemo(() => drawdowns(values), [values]);
  const benchDd = useMemo(() => drawdowns(bench), [bench]);
  const first = f.date(dates[0]);
  const last = f.date(dates[dates.length - 1]);
  const strategy = t('result.strategy');

  const equityOption = useMemo(
    () => ({
      grid: { left: 56, right: 16, top: 32, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => f.number(v, 4) },
      xAxis: { type: 'category', data: dates },
      yAxis: { type: 'value', scale: true, axisLabel: { formatter: (v: number) => f.number(v, 2) } },
      series: [
        { type: 'line', name: strategy, data: values, showSymbol: false, color: PRIMARY },
        ...(benchmark && bench.length
          ? [{ type: 'line', name: benchmark.symbol, data: bench, showSymbol: false, color: FLAT }]
          : []),
      ],
    }),
    [dates, values, bench, benchmark, strategy, f],
  );
  const drawdownOption = useMemo(
    () => ({
      grid: { left: 56, right: 16, top: 32, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => f.percent(v) },
      xAxis: { type: 'category', data: dates },
      yAxis: { type: 'value', max: 0, axisLabel: { formatter: (v: number) => f.percent(v, 0, false) } },
      series: [
        { type: 'line', name: strategy, data: dd, showSymbol: false, areaStyle: { opacity: 0.2 }, color: DOWN },
        ...(benchmark && benchDd.length
          ? [{ type: 'line', name: benchmark.symbol, data: benchDd, showSymbol: false, color: FLAT }]
          : []),
      ],
    }),
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
    { key: 'year', label: t('trades.year'), csvLabel: 'Year', sortValue: (r) => r.year, text: (r) => String(r.year) },
    {
      key: 'entryDate',
      label: t('trades.entry'),
      csvLabel: 'Entry',
      sortValue: (r) => r.entryDate,
      text: (r) => f.date(r.entryDate),
      csvValue: (r) => r.entryDate,
    },
    {
      key: 'exitDate',
      label: t('trades.exit'),
      csvLabel: 'Exit',
      sortValue: (r) => r.exitDate,
      text: (r) => f.date(r.exitDate),
      csvValue: (r) => r.exitDate,
    },
    {
      key: 'return',
      label: t('trades.return'),
      csvLabel: 'Net return',
      align: 'end',
      sortValue: (r) => r.return,
      text: (r) => f.percent(r.return),
      csvValue: (r) => r.return,
      unit: 'fraction',
      className: (r) => signClass(r.return),
    },
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
