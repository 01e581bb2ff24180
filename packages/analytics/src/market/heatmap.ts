import type { PriceSeries } from '../series.js';
import type { FieldTable } from '../scanner/field-table.js';
import { monthlyStatistics } from './month-means.js';
import { PERIOD_FIELD, PERIODS, sizeOf, weightedChange, type Period, type SizeMode } from './universe.js';

export const UNCLASSIFIED = 'Other';

export interface HeatmapLeaf {
  symbol: string;
  name: string;
  size: number;
  change: number | null;
  /** The latest close and volume, for the hover card. */
  close: number | null;
  volume: number | null;
}

export interface HeatmapGroup<C> {
  name: string;
  size: number;
  /** Size-weighted mean change of the symbols below with a known change. */
  change: number | null;
  children: C[];
}

export type HeatmapIndustry = HeatmapGroup<HeatmapLeaf>;
export type HeatmapSector = HeatmapGroup<HeatmapIndustry>;
export type HeatmapTree = HeatmapGroup<HeatmapSector>;

/**
 * Sector → industry → symbol with each node's size and change. A symbol without a usable
 * size (e.g. no market cap when sizing by market cap) is left out; a missing sector or
 * industry is grouped as "Other". Groups are ordered by size (largest first), then name.
 */
export function heatmapTree(table: FieldTable, rows: readonly number[], period: Period, mode: SizeMode): HeatmapTree {
  const col = table.current[PERIOD_FIELD[period]];
  const sectors = new Map<string, Map<string, HeatmapLeaf[]>>();
  for (const i of rows) {
    const size = sizeOf(table, i, mode);
    if (!(size > 0)) continue;
    const c = col[i] as number;
    const close = table.current.close[i] as number;
    const volume = table.current.volume[i] as number;
    const leaf: HeatmapLeaf = {
      symbol: table.text.symbol[i] ?? '',
      name: table.text.name[i] ?? '',
      size,
      change: Number.isNaN(c) ? null : c,
      close: Number.isNaN(close) ? null : close,
      volume: Number.isNaN(volume) ? null : volume,
    };
    const sector = table.text.sector[i] ?? UNCLASSIFIED;
    const industry = table.text.industry[i] ?? UNCLASSIFIED;
    let industries = sectors.get(sector);
    if (!industries) sectors.set(sector, (industries = new Map()));
    const leaves = industries.get(industry);
    if (leaves) leaves.push(leaf);
    else industries.set(industry, [leaf]);
  }
  const all: HeatmapLeaf[] = [];
  const sectorNodes: HeatmapSector[] = [];
  for (const [sector, industries] of sectors) {
    const inSector: HeatmapLeaf[] = [];
    const industryNodes: HeatmapIndustry[] = [];
    for (const [industry, leaves] of industries) {
      leaves.sort((a, b) => b.size - a.size || byText(a.symbol, b.symbol));
      industryNodes.push(groupOf(industry, leaves, leaves));
      inSector.push(...leaves);
    }
    industryNodes.sort(byGroup);
    sectorNodes.push(groupOf(sector, industryNodes, inSector));
    all.push(...inSector);
  }
  sectorNodes.sort(byGroup);
  return groupOf('All', sectorNodes, all);
}

/** A group's change weighs every symbol below it by its size (not its children's means). */
function groupOf<C>(name: string, children: C[], leaves: readonly HeatmapLeaf[]): HeatmapGroup<C> {
  let size = 0;
  let weight = 0;
  let weighted = 0;
  for (const l of leaves) {
    size += l.size;
    if (l.change !== null) {
      weight += l.size;
      weighted += l.size * l.change;
    }
  }
  return { name, size, change: weight > 0 ? weighted / weight : null, children };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byGroup = (a: { name: string; size: number }, b: { name: string; size: number }) =>
  b.size - a.size || byText(a.name, b.name);

export interface SectorGridRow {
  sector: string;
  count: number;
  values: Record<Period, number | null>;
}

/** Sector × period: each sector's size-weighted change for every period, sectors by name. */
export function sectorPeriodGrid(table: FieldTable, rows: readonly number[], mode: SizeMode): SectorGridRow[] {
  const bySector = new Map<string, number[]>();
  for (const i of rows) {
    const sector = table.text.sector[i] ?? UNCLASSIFIED;
    const list = bySector.get(sector);
    if (list) list.push(i);
    else bySector.set(sector, [i]);
  }
  return [...bySector]
    .sort(([a], [b]) => byText(a, b))
    .map(([sector, members]) => ({
      sector,
      count: members.length,
      values: Object.fromEntries(PERIODS.map((p) => [p, weightedChange(table, members, p, mode)])) as Record<
        Period,
        number | null
      >,
    }));
}

export interface SeasonalityGridRow {
  symbol: string;
  /** Mean monthly return, January first; null for a month with no complete observation. */
  values: (number | null)[];
  /** Complete months behind each mean. */
  counts: number[];
  /** Share of those months that rose; null when none. */
  winRates: (number | null)[];
}

/**
 * Symbol × month statistics over all the symbol's years, complete months only (the calendar
 * definition of analytics.md).
 */
export function seasonalityGrid(series: ReadonlyArray<PriceSeries>): SeasonalityGridRow[] {
  return series.map((s) => {
    const m = monthlyStatistics(s);
    return { symbol: s.symbol, values: m.mean, counts: m.count, winRates: m.winRate };
  });
}
