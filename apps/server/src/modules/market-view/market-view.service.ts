import {
  dayNumber,
  fieldHasData,
  heatmapTree,
  isoDate,
  lowerBound,
  marketOverview,
  parseUniverse,
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

/** Heatmaps kept per version; the key space is open (symbol lists), so it is bounded. */
const MAX_HEATMAPS = 256;

/** The overview as serialized JSON, built once per market version. */
export const overviewJson: (market: MarketCache) => string = perVersion((market) => {
  const overview = marketOverview(marketFieldTable(market));
  const indices = overview.indices.map((card) => {
    const info = market.instrument(card.symbol);
    return { ...card, currency: info?.currency ?? 'USD', assetClass: info?.assetClass ?? 'index' };
  });
  return JSON.stringify({ ...overview, indices, assetGroups: assetGroups(market) } satisfies MarketOverviewResponse);
});

type AssetGroup = MarketOverviewResponse['assetGroups'][number];

/**
 * The instruments of each class beyond the equities at their own latest bar: the market's one
 * session date would leave crypto out on a weekend and fx on an NYSE holiday (§15.4).
 */
export function assetGroups(market: MarketCache): AssetGroup[] {
  const groups: AssetGroup[] = [];
  for (const assetClass of GROUPED_ASSET_CLASSES) {
    const instruments: AssetGroup['instruments'] = [];
    for (const info of market.instruments()) {
      if (info.assetClass !== assetClass) continue;
      const series = market.series(info.symbol);
      const n = series?.dates.length ?? 0;
      if (!series || n === 0) continue;
      const close = series.close[n - 1]!;
      const previous = n > 1 ? series.close[n - 2]! : Number.NaN;
      instruments.push({
        symbol: info.symbol,
        name: info.name,
        currency: info.currency,
        asOf: isoDate(series.dates[n - 1]!),
        close,
        change1d: previous > 0 ? close / previous - 1 : null,
      });
    }
    if (instruments.length === 0) continue;
    instruments.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    const asOf = instruments.reduce((max, i) => (i.asOf > max ? i.asOf : max), instruments[0]!.asOf);
    groups.push({ assetClass, asOf, instruments });
  }
  return groups;
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

export function heatmapJson(market: MarketCache, period: Period, universeText: string, size: SizeMode): string | null {
  const universe = parseUniverse(universeText);
  if (!universe) return null;
  const key = `${period}|${size}|${JSON.stringify(universe)}`;
  const cache = heatmaps(market);
  const hit = cache.get(key);
  if (hit) return hit;

  const table = marketFieldTable(market);
  const rows = universeRows(table, universe);
  const stats = monthlyStats(market);
  const seasonality = rows.map((i): SeasonalityRow => {
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
  };
  const json = JSON.stringify(response);
  if (cache.size >= MAX_HEATMAPS) cache.clear();
  cache.set(key, json);
  return json;
}
