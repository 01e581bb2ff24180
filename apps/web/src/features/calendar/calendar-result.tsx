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
import { columnsOf } from '../../shared/stats/columns';
import { EChart } from '../../shared/charts/echart';
import { returnsOption, signBars } from '../../shared/charts/options';

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

  const c = columnsOf<SummaryRow>(f);
  const summaryColumns: Column<SummaryRow>[] = [
    {
      key: 'month',
      label: t('summary.month'),
      sortValue: (r) => r.month,
      text: (r) => f.monthName(r.month),
      csvLabel: 'Month (1-12)',
      csvValue: (r) => r.month,
    },
    c.count('count', <StatLabel stat="count" />, 'Years', (r) => r.count),
    c.statPercent('mean', 'Mean', (r) => r.mean, { colour: true }),
    c.statPercent('median', 'Median', (r) => r.median),
    c.percent('winRate', <StatLabel stat="winRate" label={t('summary.positive')} />, '% positive', (r) => r.winRate, {
      digits: 0,
      signed: false,
    }),
    c.statPercent('min', 'Worst', (r) => r.min),
    c.statPercent('max', 'Best', (r) => r.max),
    c.statPercent('stdDev', 'Std. dev.', (r) => r.stdDev, { digits: 2, signed: false }),
  ];

  const option = useMemo(
    () =>
      returnsOption(
        f,
        data.summary.map((s) => f.monthName(s.month)),
        [
          signBars(
            t('summary.mean'),
            data.summary.map((s) => s.mean),
          ),
          {
            type: 'line',
            name: t('summary.median'),
            data: data.summary.map((s) => s.median),
            areaStyle: { opacity: 0.15 },
          },
        ],
      ),
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
