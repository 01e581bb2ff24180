import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import type { FocusParams } from '../../shared/ui/follow-symbol';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { CSV_MONTHS } from '../../shared/tables/csv';
import { StatLabel } from '../../shared/stats/stat-label';
import { EChart } from '../../shared/charts/echart';
import { DOWN, UP } from '../../shared/charts/colors';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Background of a heat-table cell: green for gains, red for losses, stronger with size. */
export function heatColor(value: number | null | undefined, range = 0.1): string | undefined {
  if (typeof value !== 'number' || Number.isNaN(value)) return undefined;
  const a = Math.min(Math.abs(value) / range, 1) * 0.75 + 0.05;
  return value >= 0 ? `rgba(67, 194, 149, ${a.toFixed(2)})` : `rgba(239, 77, 86, ${a.toFixed(2)})`;
}

type GridRow = {
  year: number;
  months: (number | null)[];
  total: number | null;
  /** The month (0–11) holding the latest bar, "to date", in no statistic; null when none. */
  partialMonth: number | null;
  partialYear: boolean;
};
type SummaryRow = CalendarResponse['summary'][number];

export function CalendarResult({ data, f, focus }: { data: CalendarResponse; f: Formatters; focus: FocusParams }) {
  const { t } = useTranslation('calendar');
  const grid: GridRow[] = useMemo(() => {
    const years = new Map<number, GridRow>();
    const row = (year: number) => {
      let r = years.get(year);
      if (!r) {
        r = { year, months: Array<number | null>(12).fill(null), total: null, partialMonth: null, partialYear: false };
        years.set(year, r);
      }
      return r;
    };
    for (const m of data.months) {
      const r = row(m.year);
      r.months[m.month - 1] = m.return;
      if (m.partial) r.partialMonth = m.month - 1;
    }
    for (const y of data.years) {
      const r = row(y.year);
      r.total = y.return;
      r.partialYear = y.partial;
    }
    return [...years.values()].sort((a, b) => b.year - a.year);
  }, [data]);

  const gridColumns: Column<GridRow>[] = [
    { key: 'year', label: t('grid.year'), csvLabel: 'Year', sortValue: (r) => r.year, text: (r) => String(r.year) },
    ...MONTHS.map((m): Column<GridRow> => ({
      key: `m${m}`,
      label: f.monthName(m),
      csvLabel: CSV_MONTHS[m - 1],
      align: 'end',
      sortValue: (r) => r.months[m - 1],
      text: (r) =>
        r.partialMonth === m - 1
          ? t('grid.withToDate', { value: f.percent(r.months[m - 1], 1) })
          : f.percent(r.months[m - 1], 1),
      csvValue: (r) => r.months[m - 1],
      unit: 'fraction',
      render: (r) =>
        r.partialMonth === m - 1 ? (
          <span title={t('grid.partialMonth')}>
            {f.percent(r.months[m - 1], 1)}
            <span className="d-block small fst-italic">{t('grid.toDate')}</span>
          </span>
        ) : (
          f.percent(r.months[m - 1], 1)
        ),
      // the month to date is not coloured as a result
      style: (r) => (r.partialMonth === m - 1 ? undefined : { backgroundColor: heatColor(r.months[m - 1]) }),
    })),
    {
      key: 'total',
      label: t('grid.year'),
      csvLabel: 'Year return',
      align: 'end',
      sortValue: (r) => r.total,
      text: (r) => (r.partialYear ? t('grid.withToDate', { value: f.percent(r.total, 1) }) : f.percent(r.total, 1)),
      csvValue: (r) => r.total,
      unit: 'fraction',
      className: (r) => signClass(r.total),
    },
  ];

  const summaryColumns: Column<SummaryRow>[] = [
    {
      key: 'month',
      label: t('summary.month'),
      sortValue: (r) => r.month,
      text: (r) => f.monthName(r.month),
      csvLabel: 'Month (1-12)',
      csvValue: (r) => r.month,
    },
    {
      key: 'count',
      label: <StatLabel stat="count" />,
      csvLabel: 'Years',
      align: 'end',
      sortValue: (r) => r.count,
      text: (r) => String(r.count),
    },
    {
      key: 'mean',
      label: <StatLabel stat="mean" />,
      csvLabel: 'Mean',
      align: 'end',
      sortValue: (r) => r.mean,
      text: (r) => f.percent(r.mean),
      csvValue: (r) => r.mean,
      unit: 'fraction',
      className: (r) => signClass(r.mean),
    },
    {
      key: 'median',
      label: <StatLabel stat="median" />,
      csvLabel: 'Median',
      align: 'end',
      sortValue: (r) => r.median,
      text: (r) => f.percent(r.median),
      csvValue: (r) => r.median,
      unit: 'fraction',
    },
    {
      key: 'winRate',
      label: <StatLabel stat="winRate" label={t('summary.positive')} />,
      csvLabel: '% positive',
      align: 'end',
      sortValue: (r) => r.winRate,
      text: (r) => f.percent(r.winRate, 0, false),
      csvValue: (r) => r.winRate,
      unit: 'fraction',
    },
    {
      key: 'min',
      label: <StatLabel stat="min" />,
      csvLabel: 'Worst',
      align: 'end',
      sortValue: (r) => r.min,
      text: (r) => f.percent(r.min),
      csvValue: (r) => r.min,
      unit: 'fraction',
    },
    {
      key: 'max',
      label: <StatLabel stat="max" />,
      csvLabel: 'Best',
      align: 'end',
      sortValue: (r) => r.max,
      text: (r) => f.percent(r.max),
      csvValue: (r) => r.max,
      unit: 'fraction',
    },
    {
      key: 'stdDev',
      label: <StatLabel stat="stdDev" />,
      csvLabel: 'Std. dev.',
      align: 'end',
      sortValue: (r) => r.stdDev,
      text: (r) => f.percent(r.stdDev, 2, false),
      csvValue: (r) => r.stdDev,
      unit: 'fraction',
    },
  ];

  const option = useMemo(
    () => ({
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: data.summary.map((s) => f.monthName(s.month)) },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => f.percent(v, 0) } },
      series: [
        {
          type: 'bar',
          name: t('summary.mean'),
          data: data.summary.map((s) => ({ value: s.mean, itemStyle: { color: (s.mean ?? 0) >= 0 ? UP : DOWN } })),
        },
        {
          type: 'line',
          name: t('summary.median'),
          data: data.summary.map((s) => s.median),
          areaStyle: { opacity: 0.15 },
        },
      ],
    }),
    [data, f, t],
  );

  return (
    <>
      <InstrumentHeader symbol={data.symbol}>
        <SeasonalityToolsNav current="calendar" focus={focus} />
      </InstrumentHeader>
      <h2 className="h6 mt-3">{t('grid.title')}</h2>
      <DataTable
        rows={grid}
        columns={gridColumns}
        rowKey={(r) => String(r.year)}
        caption={t('grid.caption', { symbol: data.symbol })}
        filename={`calendar-${data.symbol}.csv`}
        pageSize={50}
        testId="calendar-grid"
      />
      <h2 className="h6 mt-3">{t('summary.title')}</h2>
      <p className="small text-muted mb-1" data-testid="calendar-complete-note">
        {t('summary.completeNote')}
      </p>
      <EChart kinds={['line']} option={option} label={t('summary.chartLabel', { symbol: data.symbol })} height={240} />
      <DataTable
        rows={data.summary}
        columns={summaryColumns}
        rowKey={(r) => String(r.month)}
        caption={t('summary.caption', { symbol: data.symbol })}
        filename={`calendar-summary-${data.symbol}.csv`}
        testId="calendar-summary"
      />
    </>
  );
}
