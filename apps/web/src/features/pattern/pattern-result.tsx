import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { seasonalAlertLink } from '../../shared/links/alert-links';
import type { PatternResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import type { FocusParams } from '../../shared/ui/follow-symbol';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import { StatsPanel } from '../../shared/stats/stats-panel';
import { StatLabel } from '../../shared/stats/stat-label';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { columnsOf } from '../../shared/stats/columns';
import { EChart } from '../../shared/charts/echart';
import { percentAxis, returnsOption, signBars } from '../../shared/charts/options';
import { DOWN, UP } from '../../shared/charts/colors';
import { escapeHtml } from '../../shared/lib/escape-html';
import { AddToBacktestLink } from '../../shared/links/add-to-backtest';
import { riskYearColumns } from './risk-year-columns';

type YearRow = PatternResponse['years'][number] & { relative: number | null; removed?: boolean };

/** The years the pattern was asked over, as its URL has them (the alert keeps them). */
export type PatternYears = Partial<Record<'from' | 'to' | 'cycle' | 'parity' | 'exclude', string>>;

export function PatternResult({
  data,
  focus,
  f,
  years = {},
  removed,
}: {
  data: PatternResponse;
  focus: FocusParams;
  f: Formatters;
  years?: PatternYears;
  /** With a condition: the years it removed (from the unconditioned pattern), shown greyed out. */
  removed?: PatternResponse['years'] | undefined;
}) {
  const { t } = useTranslation(['pattern', 'common']);
  const rows: YearRow[] = useMemo(() => {
    const excess = new Map(data.benchmark?.years.map((y) => [y.year, y.excess]) ?? []);
    const kept = data.years.map((y) => ({ ...y, relative: excess.get(y.year) ?? null }));
    return [...kept, ...(removed ?? []).map((y) => ({ ...y, relative: null, removed: true }))];
  }, [data, removed]);
  const benchmark = data.benchmark;
  const relMean = benchmark?.excessMean ?? null;

  const c = columnsOf<YearRow>(f);
  const columns: Column<YearRow>[] = [
    c.year(t('table.year'), (r) => r.year),
    c.date('entryDate', t('table.entry'), 'Entry', (r) => r.entryDate),
    c.date('exitDate', t('table.exit'), 'Exit', (r) => r.exitDate),
    c.number('entryClose', t('table.entryClose'), 'Entry close', (r) => r.entryClose, { unit: 'USD' }),
    c.number('exitClose', t('table.exitClose'), 'Exit close', (r) => r.exitClose, { unit: 'USD' }),
    c.count('tradingDays', <StatLabel stat="tradingDays" />, 'Trading days', (r) => r.tradingDays),
    c.statPercent('return', 'Return', (r) => r.return, { colour: true }),
    ...(benchmark ? [c.statPercent('relative', 'vs. benchmark', (r) => r.relative, { colour: true })] : []),
    ...riskYearColumns<YearRow>(f, data.years),
    ...(data.condition
      ? [
          {
            key: 'condition',
            label: t('common:condition.column'),
            text: (r: YearRow) => (r.removed ? t('common:condition.removed') : t('common:condition.keptYear')),
          },
        ]
      : []),
  ];
  // A removed year stays in the table, greyed out: the condition's effect is seen, not hidden.
  const greyed = (column: Column<YearRow>): Column<YearRow> => ({
    ...column,
    className: (r) =>
      [column.className?.(r), r.removed ? 'text-body-tertiary opacity-50' : ''].join(' ').trim() || undefined,
  });

  const option = useMemo(
    () =>
      returnsOption(
        f,
        data.years.map((y) => String(y.year)),
        [
          signBars(
            t('table.return'),
            data.years.map((y) => y.return),
          ),
        ],
        { trigger: 'axis', valueFormatter: (v: number) => f.percent(v) },
      ),
    [data, f, t],
  );
  // risk against outcome: how deep each year fell on the way to its result
  const scatter = useMemo(
    () => ({
      grid: { left: 52, right: 16, top: 24, bottom: 40 },
      tooltip: {
        trigger: 'item',
        formatter: (p: { data: [number, number, number] }) =>
          escapeHtml(
            t('result.scatterTooltip', {
              year: p.data[2],
              return: f.percent(p.data[1]),
              maxDrop: f.percent(p.data[0]),
            }),
          ),
      },
      xAxis: percentAxis(f, { name: t('table.maxDrop'), nameLocation: 'middle', nameGap: 26 }),
      yAxis: percentAxis(f, { name: t('table.return') }),
      series: [
        {
          type: 'scatter',
          symbolSize: 9,
          data: data.years.map((y) => ({
            value: [y.maxDrop, y.return, y.year],
            itemStyle: { color: y.return >= 0 ? UP : DOWN },
          })),
        },
      ],
    }),
    [data, f, t],
  );

  const charts = [
    { width: 'col-lg-8', chart: option, label: t('result.yearlyReturns', { symbol: data.symbol }) },
    { width: 'col-lg-4', chart: scatter, label: t('result.scatterLabel', { symbol: data.symbol }) },
  ];

  return (
    <>
      <InstrumentHeader symbol={data.symbol}>
        <span className="badge text-bg-light border">
          {f.monthDay(data.start)} – {f.monthDay(data.end)} ·{' '}
          {data.direction === 'short' ? t('form.short') : t('form.long')}
        </span>
        <SeasonalityToolsNav current="pattern" focus={{ ...focus, symbol: data.symbol }} />
        {data.stats ? (
          <Link
            className="btn btn-sm btn-outline-primary"
            to={seasonalAlertLink({
              symbol: data.symbol,
              start: data.start,
              end: data.end,
              direction: data.direction === 'short' ? 'short' : 'long',
              ...years,
            })}
          >
            {t('result.alertMe')}
          </Link>
        ) : null}
        <AddToBacktestLink
          className="btn btn-sm btn-outline-primary"
          leg={{ symbol: data.symbol, start: data.start, end: data.end, direction: data.direction }}
        />
      </InstrumentHeader>
      {data.stats ? <StatsPanel stats={data.stats} /> : null}
      {/* No benchmark (none in the data, or the symbol is the benchmark): no comparison at all. */}
      {benchmark ? (
        <p className="small mt-2 mb-3" data-testid="benchmark-summary">
          <StatLabel standalone stat="relative" />:{' '}
          {relMean !== null ? (
            <>
              <strong className={signClass(relMean)}>{f.percent(relMean)}</strong>{' '}
              {t('result.benchmark', {
                benchmark: benchmark.symbol,
                years: benchmark.years.length,
                first: benchmark.years[0]?.year,
                last: benchmark.years[benchmark.years.length - 1]?.year,
                symbol: data.symbol,
                symbolMean: f.percent(benchmark.symbolMean),
              })}
              {benchmark.stats
                ? t('result.benchmarkStats', {
                    benchmark: benchmark.symbol,
                    mean: f.percent(benchmark.stats.mean),
                    winRate: f.percent(benchmark.stats.winRate, 0, false),
                  })
                : ''}
              .
            </>
          ) : (
            <span className="text-muted">{t('result.noBenchmark')}</span>
          )}
        </p>
      ) : null}
      <div className="row g-2">
        {charts.map((c) => (
          <div key={c.width} className={`col-12 ${c.width}`}>
            <EChart kinds={['line']} option={c.chart} label={c.label} height={260} />
          </div>
        ))}
      </div>
      <DataTable
        rows={rows}
        columns={data.condition ? columns.map(greyed) : columns}
        rowKey={(r) => String(r.year)}
        caption={t('result.yearlyReturns', { symbol: data.symbol })}
        filename={`pattern-${data.symbol}-${data.start}-${data.end}.csv`}
        initialSort={{ key: 'year', desc: true }}
        testId="pattern-table"
      />
    </>
  );
}
