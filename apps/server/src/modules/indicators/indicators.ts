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
  const bar = series ? indicatorSnapshot(series) : null;
  if (!series || !bar) return null;
  const snapshot: IndicatorsResponse = toSnapshot(bar);
  // Without volume (fx, Cboe indexes: hasVolume false) every function of volume is null (analytics.md).
  if (market.instrument(symbol)?.hasVolume === false) {
    snapshot.avgVolume20 = null;
    snapshot.relVolume = null;
  }
  if (chartBars !== undefined) snapshot.series = indicatorChartSeries(series, chartBars);
  return snapshot;
}
