import {
  dayNumber,
  fieldHasData,
  heatmapTree,
  lowerBound,
  marketOverview,
  parseUniverse,
  PERIOD_FIELD,
  sectorPeriodGrid,
  seasonalityGrid,
  universeRows,
  type Period,
  type SizeMode,
} from '@solstice/analytics';
import {
  GROUPED_ASSET_CLASSES,
  HEATMAP_SPARK_BARS,
  type HeatmapResponse,
  type MarketOverviewResponse,
} from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { marketFieldTable, perVersion } from '../scanner/field-table-cache.js';
import { classDay, classesAt, type ClassMembers } from './class-groups.js';

/** Heatmaps kept per version; the key space is open (symbol lists), so it is bounded. */
const MAX_HEATMAPS = 256;

/** The overview as serialized JSON, built once per market version and set of class sessions. */
export function overviewJson(market: MarketCache, now: number): string {
  const { key, classes } = classesAt(market, now);
  const cache = overviews(market);
  let json = cache.get(key);
  if (json === undefined) {
    const overview = marketOverview(marketFieldTable(market));
    const indices = overview.indices.map((card) => {
      const info = market.instrument(card.symbol);
      return { ...card, currency: info?.currency ?? 'USD', assetClass: info?.assetClass ?? 'index' };
    });
    const response = { ...overview, indices, assetGroups: assetGroups(classes) } satisfies MarketOverviewResponse;
    json = JSON.stringify(response);
    if (cache.size >= 16) cache.clear();
    cache.set(key, json);
  }
  return json;
}

const overviews = perVersion(() => new Map<string, string>());

type AssetGroup = MarketOverviewResponse['assetGroups'][number];

/**
 * The current instruments of each class beyond the equities at their own latest bar, the
 * class at its own as-of (data-providers.md §15.4): the market's one session date would leave
 * crypto out on a weekend and fx on an NYSE holiday. The stale ones are counted, not listed.
 */
function assetGroups(classes: readonly ClassMembers[]): AssetGroup[] {
  return classes.flatMap((c) => {
    const day = classDay(c);
    if (!day) return [];
    const instruments = day.current.map((i): AssetGroup['instruments'][number] => {
      const { info, series, lastBar } = c.members[i]!;
      const n = series.dates.length;
      const close = series.close[n - 1]!;
      const previous = n > 1 ? series.close[n - 2]! : Number.NaN;
      return {
        symbol: info.symbol,
        name: info.name,
        currency: info.currency,
        asOf: lastBar,
        close,
        change1d: previous > 0 ? close / previous - 1 : null,
      };
    });
    return [{ assetClass: c.assetClass, asOf: day.asOf, stale: day.stale, instruments }];
  });
}

/** Each symbol's month statistics, computed at most once per version. */
const monthlyStats = perVersion(() => new Map<string, SeasonalityRow>());
const heatmaps = perVersion(() => new Map<string, string>());

type SeasonalityRow = HeatmapResponse['seasonality'][number];
type Tree = HeatmapResponse['tree'];

const NO_MONTHS: Omit<SeasonalityRow, 'symbol'> = {
  values: Array.from({ length: 12 }, () => null),
  counts: Array.from({ length: 12 }, () => 0),
  winRates: Array.from({ length: 12 }, () => null),
};

/** The closes of the hover card's sparkline: up to HEATMAP_SPARK_BARS ending at the row's bar. */
function sparkOf(market: MarketCache, symbol: string, date: string | undefined): number[] {
  const series = market.series(symbol);
  if (!series || !date) return [];
  const end = lowerBound(series.dates, dayNumber(date) + 1);
  return Array.from(series.close.subarray(Math.max(0, end - HEATMAP_SPARK_BARS), end));
}

export function heatmapJson(
  market: MarketCache,
  period: Period,
  universeText: string,
  size: SizeMode,
  now: number,
): string | null {
  const universe = parseUniverse(universeText);
  if (!universe) return null;
  const { key: sessions, classes } = classesAt(market, now);
  const key = `${period}|${size}|${JSON.stringify(universe)}|${sessions}`;
  const cache = heatmaps(market);
  const hit = cache.get(key);
  if (hit) return hit;

  const table = marketFieldTable(market);
  const listed = universeRows(table, universe);
  // a list's indexes, futures, currencies and crypto are in their classes' groups, not among the sectors
  const grouped = (i: number) => isGroupedClass(market.instrument(table.text.symbol[i] ?? '')?.assetClass);
  const rows = universe.kind === 'symbols' ? listed.filter((i) => !grouped(i)) : listed;
  const listedSymbols = universe.kind === 'symbols' ? new Set(universe.symbols) : null;
  const groups =
    universe.kind === 'sector'
      ? []
      : heatmapGroups(market, classes, period, (symbol) => !listedSymbols || listedSymbols.has(symbol.toUpperCase()));
  const stats = monthlyStats(market);
  const seasonality = listed.map((i): SeasonalityRow => {
    const symbol = table.text.symbol[i] ?? '';
    let row = stats.get(symbol);
    if (!row) {
      const series = market.series(symbol);
      row = (series ? seasonalityGrid([series])[0] : undefined) ?? { symbol, ...NO_MONTHS };
      stats.set(symbol, row);
    }
    return row;
  });
  const dateOf = new Map(rows.map((i) => [table.text.symbol[i] ?? '', table.dates[i]]));
  const built = heatmapTree(table, rows, period, size);
  const tree: Tree = {
    ...built,
    children: built.children.map((sector) => ({
      ...sector,
      children: sector.children.map((industry) => ({
        ...industry,
        children: industry.children.map((leaf) => ({
          ...leaf,
          spark: sparkOf(market, leaf.symbol, dateOf.get(leaf.symbol)),
        })),
      })),
    })),
  };
  const response: HeatmapResponse = {
    asOf: table.asOf,
    stale: table.stale,
    period,
    size,
    universe: universeText,
    tree,
    sectors: sectorPeriodGrid(table, rows, size),
    // Offer only what the data has: market caps are absent from most imported data.
    sizes: fieldHasData(table, 'marketCap') ? ['marketcap', 'dollarvolume', 'equal'] : ['dollarvolume', 'equal'],
    seasonality,
    ...(groups.length > 0 ? { assetGroups: groups } : {}),
  };
  const json = JSON.stringify(response);
  if (cache.size >= MAX_HEATMAPS) cache.clear();
  cache.set(key, json);
  return json;
}

type HeatmapGroup = NonNullable<HeatmapResponse['assetGroups']>[number];

const isGroupedClass = (assetClass: string | undefined) =>
  assetClass !== undefined && (GROUPED_ASSET_CLASSES as readonly string[]).includes(assetClass);

/**
 * One group per class beyond the equities with an instrument that `keep` keeps: its current
 * instruments at their own latest bars, at the class's as-of, the stale ones counted. Tiles
 * are of one size: an index, a future or a currency has no market cap and often no volume,
 * and sizes in different currencies and units would not compare.
 */
function heatmapGroups(
  market: MarketCache,
  classes: readonly ClassMembers[],
  period: Period,
  keep: (symbol: string) => boolean,
): HeatmapGroup[] {
  return classes.flatMap((c) => {
    const day = classDay(c, keep);
    if (!day) return [];
    const table = c.table();
    const column = table.current[PERIOD_FIELD[period]];
    const known = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);
    const children = day.current.map((i) => {
      const { info, lastBar } = c.members[i]!;
      return {
        symbol: info.symbol,
        name: info.name,
        size: 1,
        change: known(column[i]),
        close: known(table.current.close[i]),
        volume: known(table.current.volume[i]),
        spark: sparkOf(market, info.symbol, lastBar),
      };
    });
    const changes = children.flatMap((l) => (l.change === null ? [] : [l.change]));
    const change = changes.length > 0 ? changes.reduce((a, b) => a + b, 0) / changes.length : null;
    return [{ assetClass: c.assetClass, asOf: day.asOf, stale: day.stale, size: children.length, change, children }];
  });
}
