import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { seasonalAlertLink } from '../alerts/alert-links';
import type { PatternResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import { StatsPanel } from '../../shared/stats/stats-panel';
import { StatLabel } from '../../shared/stats/stat-label';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { EChart } from '../../shared/charts/echart';
import { DOWN, UP } from '../../shared/charts/colors';
import { escapeHtml } from '../../lib/escape-html';
import { AddToBacktestLink } from '../backtest/add-to-backtest';

type YearRow = PatternResponse['years'][number] & { relative: number | null };

export function PatternResult({
  data,
  links,
  f,
}: {
  data: PatternResponse;
  links: Record<string, string | undefined>;
  f: Formatters;
}) {
  const { t } = useTranslation('pattern');
  const rows: YearRow[] = useMemo(() => {
    const excess = new Map(data.benchmark?.years.map((y) => [y.year, y.excess]) ?? []);
    return data.years.map((y) => ({ ...y, relative: excess.get(y.year) ?? null }));
  }, [data]);
  const benchmark = data.benchmark;
  const relMean = benchmark?.excessMean ?? null;

  const columns: Column<YearRow>[] = [
    { key: 'year', label: t('table.year'), csvLabel: 'Year', sortValue: (r) => r.year, text: (r) => String(r.year) },
    {
      key: 'entryDate',
      label: t('table.entry'),
      csvLabel: 'Entry',
      sortValue: (r) => r.entryDate,
      text: (r) => f.date(r.entryDate),
      csvValue: (r) => r.entryDate,
    },
    {
      key: 'exitDate',
      label: t('table.exit'),
      csvLabel: 'Exit',
      sortValue: (r) => r.exitDate,
      text: (r) => f.date(r.exitDate),
      csvValue: (r) => r.exitDate,
    },
    {
      key: 'entryClose',
      label: t('table.entryClose'),
      csvLabel: 'Entry close',
      align: 'end',
      sortValue: (r) => r.entryClose,
      text: (r) => f.number(r.entryClose),
      csvValue: (r) => r.entryClose,
      unit: 'USD',
    },
    {
      key: 'exitClose',
      label: t('table.exitClose'),
      csvLabel: 'Exit close',
      align: 'end',
      sortValue: (r) => r.exitClose,
      text: (r) => f.number(r.exitClose),
      csvValue: (r) => r.exitClose,
      unit: 'USD',
    },
    {
      key: 'tradingDays',
      label: <StatLabel stat="tradingDays" />,
      csvLabel: 'Trading days',
      align: 'end',
      sortValue: (r) => r.tradingDays,
      text: (r) => String(r.tradingDays),
    },
    {
      key: 'return',
      label: <StatLabel stat="return" />,
      csvLabel: 'Return',
      align: 'end',
      sortValue: (r) => r.return,
      text: (r) => f.percent(r.return),
      csvValue: (r) => r.return,
      unit: 'fraction',
      className: (r) => signClass(r.return),
    },
    ...(benchmark
      ? [
          {
            key: 'relative',
            label: <StatLabel stat="relative" />,
            csvLabel: 'vs. benchmark',
            align: 'end',
            sortValue: (r) => r.relative,
            text: (r) => f.percent(r.relative),
            csvValue: (r) => r.relative,
            unit: 'fraction',
            className: (r) => signClass(r.relative),
          } satisfies Column<YearRow>,
        ]
      : []),
    {
      key: 'maxRise',
      label: <StatLabel stat="maxRise" />,
      csvLabel: 'Max rise',
      align: 'end',
      sortValue: (r) => r.maxRise,
      text: (r) => f.percent(r.maxRise),
      csvValue: (r) => r.maxRise,
      unit: 'fraction',
    },
    {
      key: 'maxDrop',
      label: <StatLabel stat="maxDrop" />,
      csvLabel: 'Max drop',
      align: 'end',
      sortValue: (r) => r.maxDrop,
      text: (r) => f.percent(r.maxDrop),
      csvValue: (r) => r.maxDrop,
      unit: 'fraction',
    },
  ];

  const option = useMemo(
    () => ({
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => f.percent(v) },
      xAxis: { type: 'category', data: data.years.map((y) => String(y.year)) },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => f.percent(v, 0) } },
      series: [
        {
          type: 'bar',
          name: t('table.return'),
          data: data.years.map((y) => ({ value: y.return, itemStyle: { color: y.return >= 0 ? UP : DOWN } })),
        },
      ],
    }),
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
      xAxis: {
        type: 'value',
        name: t('table.maxDrop'),
        nameLocation: 'middle',
        nameGap: 26,
        axisLabel: { formatter: (v: number) => f.percent(v, 0) },
      },
      yAxis: { type: 'value', name: t('table.return'), axisLabel: { formatter: (v: number) => f.percent(v, 0) } },
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

  return (
    <>
      <InstrumentHeader symbol={data.symbol}>
        <span className="badge text-bg-light border">
          {f.monthDay(data.start)} – {f.monthDay(data.end)} ·{' '}
          {data.direction === 'short' ? t('form.short') : t('form.long')}
        </span>
        <SeasonalityToolsNav current="pattern" focus={{ symbol: data.symbol, from: links.from, to: links.to }} />
        {data.stats ? (
          <Link
            className="btn btn-sm btn-outline-primary"
            to={seasonalAlertLink({
              symbol: data.symbol,
              minDays: data.stats.calendarDays,
              maxDays: data.stats.calendarDays,
              minWinRate: Math.floor(data.stats.winRate * 100) / 100,
              minYears: Math.max(1, data.stats.count - 2),
              direction: data.direction === 'short' ? 'short' : 'long',
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
        <div className="col-12 col-lg-8">
          <EChart
            kinds={['line']}
            option={option}
            label={t('result.yearlyReturns', { symbol: data.symbol })}
            height={260}
          />
        </div>
        <div className="col-12 col-lg-4">
          <EChart
            kinds={['line']}
            option={scatter}
            label={t('result.scatterLabel', { symbol: data.symbol })}
            height={260}
          />
        </div>
      </div>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => String(r.year)}
        caption={t('result.yearlyReturns', { symbol: data.symbol })}
        filename={`pattern-${data.symbol}-${data.start}-${data.end}.csv`}
        initialSort={{ key: 'year', desc: true }}
        testId="pattern-table"
      />
    </>
  );
}
