import { indicatorChartSeries, indicatorSnapshot, toSnapshot } from '@solstice/analytics';
import type { IndicatorsResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';

/** How many bars of chart series the API sends when the request names no number. */
export const DEFAULT_CHART_BARS = 250;

/**
 * The indicators of one symbol at its latest bar (with `chartBars`, their chart series too),
 * or null when it is unknown or has no bars: behind both the indicators API and
 * `solstice indicators`.
 */
export function indicatorsOf(market: MarketCache, symbol: string, chartBars?: number): IndicatorsResponse | null {
  const series = market.series(symbol);
  const info = market.instrument(symbol);
  // its own calendar's periods; without volume (fx, Cboe indexes) every function of volume is null
  const traits = info ? { calendar: info.calendar, hasVolume: info.hasVolume } : undefined;
  const bar = series ? indicatorSnapshot(series, traits) : null;
  if (!series || !bar) return null;
  const snapshot: IndicatorsResponse = toSnapshot(bar);
  if (chartBars !== undefined) snapshot.series = indicatorChartSeries(series, chartBars);
  return snapshot;
}
