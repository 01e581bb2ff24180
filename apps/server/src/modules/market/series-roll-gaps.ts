import { isoDate, rollGaps, type PriceSeries, type RollGap } from '@solstice/analytics';
import type { MarketCache } from './market-cache.js';

/** Per series object (one per market version): its roll gaps, found once. */
const found = new WeakMap<PriceSeries, RollGap[]>();

/** The roll gaps (data-providers.md §15.5) of a series, whatever its class: the caller knows it is a future. */
export function rollGapsOfSeries(series: PriceSeries): RollGap[] {
  let gaps = found.get(series);
  if (!gaps) {
    const rows = Array.from(series.dates, (d, i) => ({
      date: isoDate(d),
      open: series.open[i]!,
      close: series.close[i]!,
    }));
    gaps = rollGaps(rows);
    found.set(series, gaps);
  }
  return gaps;
}

/** A symbol's roll gaps in the market as it is: a future's suspected rolls, [] for every other class. */
export function instrumentRollGaps(market: MarketCache, symbol: string): RollGap[] {
  if (market.instrument(symbol)?.assetClass !== 'future') return [];
  const series = market.series(symbol);
  return series ? rollGapsOfSeries(series) : [];
}
