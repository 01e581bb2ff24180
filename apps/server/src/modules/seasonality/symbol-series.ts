import type { PriceSeries } from '@solstice/analytics';
import { notFound } from '../../http/errors.js';
import type { MarketCache } from '../market/market-cache.js';

/** The series of a symbol; a 404 when the market has no data for it. */
export function seriesOf(market: MarketCache, symbol: string): PriceSeries {
  const series = market.series(symbol);
  if (!series) throw notFound(`No market data for ${symbol}.`);
  return series;
}
