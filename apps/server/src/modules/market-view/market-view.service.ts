import {
  heatmapTree,
  marketOverview,
  parseUniverse,
  sectorPeriodGrid,
  seasonalityGrid,
  universeRows,
  type Period,
  type SizeMode,
} from '@solstice/analytics';
import type { HeatmapResponse, MarketOverviewResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { marketFieldTable, perVersion } from '../scanner/field-table-cache.js';

/** Heatmaps kept per version; the key space is open (symbol lists), so it is bounded. */
const MAX_HEATMAPS = 256;

/** The overview as serialized JSON, built once per market version. */
export const overviewJson: (market: MarketCache) => string = perVersion((market) =>
  JSON.stringify(marketOverview(marketFieldTable(market)) satisfies MarketOverviewResponse),
);

/** Each symbol's mean return per month, computed at most once per version. */
const monthlyMeans = perVersion(() => new Map<string, (number | null)[]>());
const heatmaps = perVersion(() => new Map<string, string>());

export function heatmapJson(market: MarketCache, period: Period, universeText: string, size: SizeMode): string | null {
  const universe = parseUniverse(universeText);
  if (!universe) return null;
  const key = `${period}|${size}|${JSON.stringify(universe)}`;
  const cache = heatmaps(market);
  const hit = cache.get(key);
  if (hit) return hit;

  const table = marketFieldTable(market);
  const rows = universeRows(table, universe);
  const means = monthlyMeans(market);
  const seasonality = rows.map((i) => {
    const symbol = table.text.symbol[i] ?? '';
    let values = means.get(symbol);
    if (!values) {
      const series = market.series(symbol);
      values = series ? (seasonalityGrid([series])[0]?.values ?? []) : [];
      means.set(symbol, values);
    }
    return { symbol, values };
  });
  const response: HeatmapResponse = {
    asOf: table.asOf,
    stale: table.stale,
    period,
    size,
    universe: universeText,
    tree: heatmapTree(table, rows, period, size),
    sectors: sectorPeriodGrid(table, rows, size),
    seasonality,
  };
  const json = JSON.stringify(response);
  if (cache.size >= MAX_HEATMAPS) cache.clear();
  cache.set(key, json);
  return json;
}
