import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { HeatmapResponse } from '../types';
import { apiGet, retryServerErrors } from '../api';
import { useFormatters, type Formatters } from '../format';
import { useOpenSymbolDetails, useWatchlists } from '../shell';
import { useUrlState } from '../ui/url-state';
import { QueryView } from '../ui/states';
import { Field } from '../ui/fields';
import { SymbolLink } from '../ui/symbol-link';
import { SymbolDemoBadge } from '../ui/instrument-header';
import { DataTable, signClass, type Column } from '../tables/data-table';
import { CSV_MONTHS } from '../tables/csv';
import { EChart } from '../charts/echart';
import { changeColor, changeRange } from '../charts/colors';
import { PERIODS } from './periods';
import { escapeHtml } from '../../lib/escape-html';
import { WEIGHTING_LABEL } from '../ui/weighting';
import { StaleCount } from '../ui/stale-count';

const KEYS = ['period', 'size', 'universe', 'sector'] as const;
const SIZES = [
  ['marketcap', 'Market cap'],
  ['dollarvolume', 'Dollar volume'],
  ['equal', 'Equal'],
] as const;
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

type Sector = HeatmapResponse['tree']['children'][number];
type BarRow = { key: string; label: string; symbol: string | null; change: number | null; size: number };

interface TreeNode {
  name: string;
  value: number;
  change: number | null;
  symbol?: string;
  fullName?: string;
  sector?: string;
  close?: number | null;
  volume?: number | null;
  spark?: number[];
  itemStyle: { color: string };
  children?: TreeNode[];
}

/** The hover card's sparkline as an SVG string: numbers only, no text from the data. */
export function sparkSvg(values: readonly number[], width = 120, height = 32): string {
  if (values.length < 2) return '';
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * width).toFixed(1)},${(height - ((v - min) / span) * height).toFixed(1)}`,
    )
    .join(' ');
  const up = values[values.length - 1]! >= values[0]!;
  return `<svg class="hover-spark" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-hidden="true"><polyline points="${points}" fill="none" stroke="${up ? '#43c295' : '#ef4d56'}" stroke-width="1.5"/></svg>`;
}

/** Rich-text markup is ECharts' own: braces and bars in a name must not open a style. */
const plain = (text: string) => text.replace(/[{}|]/g, ' ');

/** A tile's label: ticker over change on their own lines, each with its own line height. */
export function tileLabel(node: Pick<TreeNode, 'name' | 'change'>, f: Formatters): string {
  return `{sym|${plain(node.name)}}\n{chg|${f.percent(node.change, 1)}}`;
}

/** ECharts treemap nodes: sector → industry → stock, or one sector's industries when zoomed. */
export function treemapData(tree: HeatmapResponse['tree'], range: number, sector?: string): TreeNode[] {
  const sectors = sector ? tree.children.filter((s) => s.name === sector) : tree.children;
  const node = (name: string, size: number, change: number | null, extra: Partial<TreeNode> = {}): TreeNode => ({
    name,
    value: Math.max(size, 0),
    change,
    itemStyle: { color: changeColor(change, range) },
    ...extra,
  });
  const sectorNodes = sectors.map((s) =>
    node(s.name, s.size, s.change, {
      sector: s.name,
      children: s.children.map((i) =>
        node(i.name, i.size, i.change, {
          sector: s.name,
          children: i.children.map((l) =>
            node(l.symbol, l.size, l.change, {
              symbol: l.symbol,
              fullName: l.name,
              sector: s.name,
              close: l.close,
              volume: l.volume,
              spark: l.spark,
            }),
          ),
        }),
      ),
    }),
  );
  return sector ? (sectorNodes[0]?.children ?? []) : sectorNodes;
}

/** The sorted bar view: sectors, or the stocks of the zoomed sector, best first. */
export function barRows(tree: HeatmapResponse['tree'], sector?: string): BarRow[] {
  const rows: BarRow[] = sector
    ? (tree.children.find((s) => s.name === sector)?.children ?? []).flatMap((i) =>
        i.children.map((l) => ({ key: l.symbol, label: l.name, symbol: l.symbol, change: l.change, size: l.size })),
      )
    : tree.children.map((s: Sector) => ({ key: s.name, label: s.name, symbol: null, change: s.change, size: s.size }));
  return rows.sort((a, b) => (b.change ?? -Infinity) - (a.change ?? -Infinity));
}

export function HeatmapsScreen() {
  const f = useFormatters();
  const watchlists = useWatchlists();
  const [url, setUrl] = useUrlState(KEYS);
  const period = url.period ?? '1d';
  // the API's default: market caps are often unknown in imported data
  const size = url.size ?? 'dollarvolume';
  const universe = url.universe ?? 'all';
  const sector = url.sector || undefined;
  const query = useQuery({
    queryKey: ['heatmap', period, size, universe],
    retry: retryServerErrors,
    queryFn: () => apiGet<HeatmapResponse>('/api/v1/heatmap', { period, size, universe }),
  });
  // Offer only the sizes the data has (no market caps in most imported data).
  const offered: readonly string[] = query.data?.sizes ?? ['dollarvolume', 'equal'];
  const unavailable = query.data !== undefined && !offered.includes(size);
  const universes = [
    { value: 'all', label: 'All stocks' },
    ...watchlists
      .filter((w) => w.symbols.length > 0)
      .map((w) => ({ value: w.symbols.map((s) => s.sym).join(','), label: `Watchlist: ${w.name}` })),
  ];
  if (!universes.some((u) => u.value === universe)) universes.push({ value: universe, label: universe });

  return (
    <div className="container-fluid py-3" data-testid="heatmaps-screen">
      <h1 className="h4">Heatmaps</h1>
      <div className="row g-2 align-items-end mb-2">
        <Field id="hm-period" label="Period">
          <select
            id="hm-period"
            className="form-select form-select-sm"
            value={period}
            onChange={(e) => setUrl({ period: e.target.value })}
          >
            {PERIODS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </Field>
        <Field id="hm-size" label="Size by">
          <select
            id="hm-size"
            className="form-select form-select-sm"
            value={size}
            onChange={(e) => setUrl({ size: e.target.value })}
          >
            {SIZES.filter(([v]) => offered.includes(v) || v === size).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </Field>
        <Field id="hm-universe" label="Universe" className="col-12 col-md-4 col-lg-3">
          <select
            id="hm-universe"
            className="form-select form-select-sm"
            value={universe}
            onChange={(e) => setUrl({ universe: e.target.value, sector: null })}
          >
            {universes.map((u) => (
              <option key={u.value} value={u.value}>
                {u.label}
              </option>
            ))}
          </select>
        </Field>
        {query.data ? (
          <Field id="hm-sector" label="Sector" className="col-12 col-md-4 col-lg-3">
            <select
              id="hm-sector"
              className="form-select form-select-sm"
              value={sector ?? ''}
              onChange={(e) => setUrl({ sector: e.target.value })}
            >
              <option value="">All sectors</option>
              {query.data.tree.children.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      {unavailable ? (
        <div className="alert alert-warning small d-flex flex-wrap align-items-center gap-2" role="status">
          This data has no market caps, so the map cannot be sized by them.
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setUrl({ size: null })}>
            Size by dollar volume
          </button>
        </div>
      ) : null}
      <QueryView
        query={query}
        isEmpty={(d) => d.tree.children.length === 0}
        empty={unavailable ? 'Nothing to size by market cap.' : 'No stock in this universe has prices for this period.'}
      >
        {(data) => <HeatmapResult data={data} sector={sector} f={f} onSector={(s) => setUrl({ sector: s })} />}
      </QueryView>
    </div>
  );
}

function Legend({ period, f }: { period: string; f: Formatters }) {
  const range = changeRange(period);
  const label = PERIODS.find(([p]) => p === period)?.[1] ?? period;
  return (
    <div
      className="d-flex align-items-center gap-2 small mb-2"
      data-testid="heatmap-legend"
      aria-label={`Colour scale for ${label}`}
    >
      <span>{label} change:</span>
      <span>{f.percent(-range, 0)}</span>
      <span
        aria-hidden="true"
        style={{
          width: '10rem',
          height: '0.75rem',
          borderRadius: 2,
          background: `linear-gradient(to right, ${changeColor(-range, range)}, ${changeColor(0, range)}, ${changeColor(range, range)})`,
        }}
      />
      <span>{f.percent(range, 0)}</span>
    </div>
  );
}

function HeatmapResult({
  data,
  sector,
  f,
  onSector,
}: {
  data: HeatmapResponse;
  sector: string | undefined;
  f: Formatters;
  onSector: (s: string | null) => void;
}) {
  const openDetails = useOpenSymbolDetails();
  const range = changeRange(data.period);
  const sizeLabel = SIZES.find(([v]) => v === data.size)?.[1] ?? 'Size';
  const weighting = WEIGHTING_LABEL[data.size];
  const option = useMemo(
    () => ({
      tooltip: {
        formatter: (p: { data?: TreeNode; treePathInfo?: { name: string }[] }) => {
          const d = p.data;
          if (!d) return '';
          const title = d.symbol
            ? `<strong>${escapeHtml(d.symbol)}</strong> ${escapeHtml(d.fullName)}`
            : `<strong>${escapeHtml(d.name)}</strong>`;
          const sectorLine = d.sector && d.symbol ? `<br/>${escapeHtml(d.sector)}` : '';
          const priceLines = d.symbol
            ? `<br/>Last: ${escapeHtml(f.number(d.close))} · Volume: ${escapeHtml(f.compact(d.volume))}`
            : '';
          const spark = d.symbol && d.spark ? `<br/>${sparkSvg(d.spark)}` : '';
          return `${title}<br/>Change: ${escapeHtml(f.percent(d.change))}${priceLines}<br/>${escapeHtml(sizeLabel)}: ${escapeHtml(f.compact(d.value))}${sectorLine}${spark}`;
        },
      },
      series: [
        {
          type: 'treemap',
          name: sector ?? 'All sectors',
          roam: false,
          nodeClick: false,
          breadcrumb: { show: false },
          width: '100%',
          height: '100%',
          top: 0,
          left: 0,
          label: {
            show: true,
            // drawn as SVG text (textContent), not HTML: escaping here would show entities
            formatter: (p: { data: TreeNode }) => tileLabel(p.data, f),
            overflow: 'truncate',
            // each line its own height: two plain lines at the font size overlap
            rich: {
              sym: { fontSize: 13, fontWeight: 'bold', lineHeight: 17, color: '#fff' },
              chg: { fontSize: 11, lineHeight: 14, color: '#fff' },
            },
          },
          upperLabel: { show: true, height: 18, color: '#fff' },
          levels: [
            { itemStyle: { borderColor: '#fff', borderWidth: 2, gapWidth: 2 } },
            { itemStyle: { borderColor: '#eee', borderWidth: 1, gapWidth: 1 } },
            { itemStyle: { gapWidth: 1 } },
          ],
          data: treemapData(data.tree, range, sector),
        },
      ],
    }),
    [data, sector, range, f, sizeLabel],
  );
  const onClick = (params: unknown) => {
    const d = (params as { data?: TreeNode }).data;
    if (!d) return;
    if (d.symbol) openDetails?.(d.symbol);
    else if (!sector && d.sector) onSector(d.sector);
  };
  const rows = barRows(data.tree, sector);
  const maxAbs = Math.max(...rows.map((r) => Math.abs(r.change ?? 0)), 1e-9);
  const barColumns: Column<BarRow>[] = [
    {
      key: 'label',
      label: sector ? 'Stock' : 'Sector',
      sortValue: (r) => r.symbol ?? r.label,
      text: (r) => (r.symbol ? r.symbol : r.label),
      render: (r) =>
        r.symbol ? (
          <SymbolLink symbol={r.symbol} />
        ) : (
          <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => onSector(r.label)}>
            {r.label}
          </button>
        ),
    },
    {
      key: 'change',
      label: 'Change',
      align: 'end',
      sortValue: (r) => r.change,
      text: (r) => f.percent(r.change),
      csvValue: (r) => r.change,
      unit: 'fraction',
      className: (r) => signClass(r.change),
    },
    {
      key: 'bar',
      label: '',
      csv: false,
      text: () => '',
      render: (r) => (
        <span
          aria-hidden="true"
          className="d-inline-block"
          style={{
            height: 8,
            width: `${Math.round((Math.abs(r.change ?? 0) / maxAbs) * 100)}%`,
            minWidth: 1,
            background: changeColor(r.change, range),
          }}
        />
      ),
    },
  ];
  const gridColumns: Column<HeatmapResponse['sectors'][number]>[] = [
    { key: 'sector', label: 'Sector', sortValue: (r) => r.sector, text: (r) => r.sector },
    ...PERIODS.map(([p, l]): Column<HeatmapResponse['sectors'][number]> => ({
      key: p,
      label: l,
      align: 'end',
      sortValue: (r) => r.values[p],
      text: (r) => f.percent(r.values[p], 1),
      csvValue: (r) => r.values[p],
      unit: 'fraction',
      style: (r) => ({ backgroundColor: changeColor(r.values[p], changeRange(p)) }),
    })),
  ];
  const seasonColumns: Column<HeatmapResponse['seasonality'][number]>[] = [
    { key: 'symbol', label: 'Symbol', sortValue: (r) => r.symbol, text: (r) => r.symbol },
    ...MONTHS.map((m): Column<HeatmapResponse['seasonality'][number]> => ({
      key: `m${m}`,
      label: f.monthName(m),
      csvLabel: CSV_MONTHS[m - 1],
      align: 'end',
      sortValue: (r) => r.values[m - 1] ?? null,
      text: (r) => f.percent(r.values[m - 1], 1),
      csvValue: (r) => r.values[m - 1],
      unit: 'fraction',
      // the mean beside how many complete months it averages and how many rose
      render: (r) => (
        <>
          {f.percent(r.values[m - 1], 1)}
          <span className="d-block small text-body-secondary">
            {r.counts[m - 1] ?? 0}× · {f.percent(r.winRates[m - 1], 0, false)}
          </span>
        </>
      ),
      style: (r) => ({ backgroundColor: changeColor(r.values[m - 1], 0.04) }),
    })),
  ];
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        {data.asOf ? <span className="small text-muted">As of {f.date(data.asOf)}</span> : null}
        <StaleCount stale={data.stale} asOf={data.asOf} f={f} />
        <SymbolDemoBadge symbol={data.tree.children[0]?.children[0]?.children[0]?.symbol} />
        {sector ? (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onSector(null)}>
            ← All sectors
          </button>
        ) : null}
        {sector ? <strong className="small">{sector}</strong> : null}
      </div>
      <Legend period={data.period} f={f} />
      <EChart
        kinds={['treemap']}
        option={option}
        label={sector ? `Heatmap of ${sector}` : 'Heatmap of all sectors'}
        height={560}
        onEvent={{ click: onClick }}
      />
      <div className="row g-3">
        <div className="col-12 col-lg-4">
          <h2 className="h6">{sector ? `${sector}: stocks by change` : `Sectors by change (${weighting})`}</h2>
          <DataTable
            rows={rows}
            columns={barColumns}
            rowKey={(r) => r.key}
            caption="Sorted by change"
            filename={`heatmap-${data.period}${sector ? `-${sector}` : ''}.csv`}
            pageSize={15}
            testId="heatmap-bars"
          />
        </div>
        <div className="col-12 col-lg-8">
          <h2 className="h6" data-testid="sector-grid-title">
            Sectors over periods ({weighting})
          </h2>
          <DataTable
            rows={data.sectors}
            columns={gridColumns}
            rowKey={(r) => r.sector}
            caption={`Sector × period, ${weighting}`}
            filename="sector-periods.csv"
            testId="sector-grid"
          />
        </div>
      </div>
      {data.seasonality.length ? (
        <>
          <h2 className="h6 mt-3">Seasonality: average return by month</h2>
          <p className="small text-muted mb-1">
            Complete months only (the month to date is left out); under each mean, the number of months and the share
            that rose.
          </p>
          <DataTable
            rows={data.seasonality}
            columns={seasonColumns}
            rowKey={(r) => r.symbol}
            caption="Symbol × month average return"
            filename="seasonality-grid.csv"
            pageSize={20}
            testId="seasonality-grid"
          />
        </>
      ) : null}
    </>
  );
}

export default HeatmapsScreen;
