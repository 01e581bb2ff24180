import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPARK_CLOSES, type ScanFieldsResponse, type ScanResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { i18n } from '../../shared/i18n/i18n';
import { AddToWatchlistButton } from '../../shared/ui/symbol-link';
import { nameColumn, symbolColumn } from '../../shared/tables/columns';
import { SymbolDemoBadge } from '../../shared/ui/instrument-header';
import { StaleCount } from '../../shared/ui/stale-count';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { Sparkline } from '../../shared/charts/sparkline';
import { ViewPicker, fieldLabel, orderColumns, type ScanView } from './result-views';
import { LARGE_FIELDS, LEVEL_FIELDS, PERCENT_FIELDS } from './expression-chips';

type Row = ScanResponse['results'][number];

/** A sector (as the data names it) in the interface's language; one without a translation as it is. */
function sectorLabel(sector: string): string {
  const key = `common:sectors.${sector}`;
  return i18n.exists(key) ? (i18n.t as (k: string) => string)(key) : sector;
}

/** season<L>.<stat>: shown as the seasonality screens show the same statistic (window-columns.tsx). */
const SEASON_STAT = /^season\d+\.(winRate|mean|median|count|pValue)$/;
const SEASON_TEXT: Record<string, (f: Formatters, v: number) => string> = {
  winRate: (f, v) => f.percent(v, 0, false),
  mean: (f, v) => f.percent(v),
  median: (f, v) => f.percent(v),
  count: (f, v) => f.number(v, 0),
  pValue: (f, v) => f.number(v, 3),
};

/** Returns coloured by their sign; a seasonal win rate, count or pValue is not a return. */
const signed = (key: string): boolean => {
  const season = SEASON_STAT.exec(key);
  return season ? season[1] === 'mean' || season[1] === 'median' : PERCENT_FIELDS.has(key);
};

export function cellText(f: Formatters, key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'number') return String(value);
  const season = SEASON_STAT.exec(key);
  if (season) return SEASON_TEXT[season[1]!]!(f, value);
  if (PERCENT_FIELDS.has(key)) return f.percent(value);
  if (LARGE_FIELDS.has(key)) return f.compact(value);
  return f.number(value);
}

const USD_FIELDS: ReadonlySet<string> = new Set([
  'price',
  'close',
  'open',
  'high',
  'low',
  'marketCap',
  'atr14',
  ...LEVEL_FIELDS,
]);

/** The unit of a field's raw value in the CSV. */
function csvUnit(key: string): string | undefined {
  if (PERCENT_FIELDS.has(key)) return 'fraction';
  if (USD_FIELDS.has(key) || /^(sma|ema)\d+$/.test(key)) return 'USD';
  return undefined;
}

/** Why a scan that parsed may match nothing: a field without data, a text value no symbol has. */
export function Notices({ notices }: { notices: readonly string[] | undefined }) {
  if (!notices?.length) return null;
  return (
    <ul className="list-unstyled small text-warning-emphasis mb-0" data-testid="scan-notices">
      {notices.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/** The scan's result table: the view's columns, a sparkline, add to watchlist, CSV. */
export function ScanResults({
  data,
  f,
  sort,
  onSort,
  view,
  custom,
  fields: known,
  onView,
  asked,
}: {
  data: ScanResponse;
  f: Formatters;
  sort: { key: string; desc: boolean } | null;
  onSort: (s: { key: string; desc: boolean }) => void;
  view: ScanView;
  custom: readonly string[];
  fields: ScanFieldsResponse['fields'];
  onView: (view: ScanView, custom: readonly string[]) => void;
  /** The date the scan was asked as of (absent: the latest session). */
  asked?: string;
}) {
  const { t } = useTranslation('scanner');
  const fields = useMemo(() => {
    const keys = new Set<string>();
    for (const r of data.results.slice(0, 50))
      for (const k of Object.keys(r)) if (!['symbol', 'name', 'sector'].includes(k)) keys.add(k);
    return orderColumns(view, custom, [...keys]);
  }, [data, view, custom]);
  const sparks = data.sparks;
  // the API sorts by fields; the sparkline (no field) sorts here, over the rows listed
  const [sparkSort, setSparkSort] = useState<{ key: string; desc: boolean } | null>(null);
  const columns: Column<Row>[] = [
    symbolColumn<Row>(t('results.symbol')),
    nameColumn<Row>(t('results.name')),
    {
      key: 'sector',
      label: t('results.sector'),
      csvLabel: 'Sector',
      sortValue: (r) => r.sector,
      text: (r) => (r.sector ? sectorLabel(r.sector) : '—'),
      csvValue: (r) => r.sector ?? '',
    },
    ...(sparks
      ? [
          {
            key: 'spark',
            label: t('results.days', { count: SPARK_CLOSES }),
            csv: false,
            sortValue: (r: Row) => {
              const closes = sparks[r.symbol];
              return closes && closes.length > 1 ? closes[closes.length - 1]! / closes[0]! - 1 : null;
            },
            text: () => '',
            render: (r: Row) => <Sparkline values={sparks[r.symbol] ?? []} />,
          } satisfies Column<Row>,
        ]
      : []),
    ...fields.map((k): Column<Row> => ({
      key: k,
      label: fieldLabel(t, k),
      csvLabel: fieldLabel(t, k, 'en'),
      align: 'end',
      sortValue: (r) => {
        const v = r[k];
        return typeof v === 'number' || typeof v === 'string' ? v : null;
      },
      text: (r) => cellText(f, k, r[k]),
      csvValue: (r) => {
        const v = r[k];
        return typeof v === 'number' || typeof v === 'string' ? v : null;
      },
      unit: csvUnit(k),
      className: (r) => (signed(k) && typeof r[k] === 'number' ? signClass(r[k] as number) : undefined),
    })),
    {
      key: 'add',
      label: t('results.watchlist'),
      csv: false,
      text: () => '',
      render: (r) => <AddToWatchlistButton symbol={r.symbol} description={r.name} />,
    },
  ];
  return (
    <section aria-label={t('results.label')}>
      <p className="small text-muted mb-1">
        {data.asOf
          ? t('results.matchesAsOf', { count: data.count, n: f.number(data.count, 0), date: f.date(data.asOf) })
          : t('results.matches', { count: data.count, n: f.number(data.count, 0) })}
        {asked && data.asOf && data.asOf !== asked ? ` ${t('results.asked', { date: f.date(asked) })}` : ''}
        <StaleCount stale={data.stale} asOf={data.asOf} f={f} />
        {data.count > data.results.length
          ? ` ${t('results.firstListed', { n: f.number(data.results.length, 0) })}`
          : ''}
        <SymbolDemoBadge symbol={data.results[0]?.symbol} />
      </p>
      <ViewPicker view={view} custom={custom} fields={known} onChange={onView} />
      <DataTable
        rows={data.results}
        columns={columns}
        rowKey={(r) => r.symbol}
        caption={t('results.caption')}
        filename="scan.csv"
        sort={sparkSort ?? sort}
        onSortChange={(s) => {
          setSparkSort(s.key === 'spark' ? s : null);
          if (s.key !== 'spark') onSort(s);
        }}
        testId="scan-results"
      />
    </section>
  );
}
