import { fieldTableFromSeries, type FieldTable } from '@solstice/analytics';
import type { MarketCache } from '../market/market-cache.js';

/**
 * Derived data computed once per market-cache version and shared by every request of that
 * version (per cache object, so test apps never see each other's data).
 */
export function perVersion<T>(compute: (market: MarketCache) => T): (market: MarketCache) => T {
  const memo = new WeakMap<MarketCache, { version: number; value: T }>();
  return (market) => {
    const hit = memo.get(market);
    if (hit && hit.version === market.version) return hit.value;
    const value = compute(market);
    memo.set(market, { version: market.version, value });
    return value;
  };
}

/** Every instrument with bars: the scanner's columns at the latest and the previous bar. */
export const marketFieldTable: (market: MarketCache) => FieldTable = perVersion((market) =>
  fieldTableFromSeries(
    market.instruments().map((i) => ({
      instrument: {
        symbol: i.symbol,
        name: i.name,
        type: i.type,
        sector: i.sector,
        industry: i.industry,
        marketCap: i.marketCap,
      },
      series: market.series(i.symbol),
    })),
  ),
);
