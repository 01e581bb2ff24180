import type { SeriesTraits } from '@solstice/analytics';
import type { MarketCache } from './market-cache.js';

/**
 * A symbol's calendar and whether it has volume, as the analytics take them (analytics.md,
 * "Asset classes and calendars"); undefined for a symbol the market does not hold (a US stock).
 */
export function seriesTraits(market: MarketCache, symbol: string): SeriesTraits | undefined {
  const i = market.instrument(symbol);
  return i ? { calendar: i.calendar, hasVolume: i.hasVolume } : undefined;
}

/** The traits of each of `symbols` the market holds, by symbol. */
export function traitsBySymbol(market: MarketCache, symbols: readonly string[]): Record<string, SeriesTraits> {
  const out: Record<string, SeriesTraits> = {};
  for (const s of symbols) {
    const traits = seriesTraits(market, s);
    if (traits) out[s] = traits;
  }
  return out;
}
