import type { FastifyPluginAsync } from 'fastify';
import { indicatorChartSeries, indicatorSnapshot, toSnapshot } from '@solstice/analytics';
import { indicatorsParamsSchema, indicatorsQuerySchema, type IndicatorsResponse } from '@solstice/contracts';

import { SIGNED_IN } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import type { MarketCache } from '../market/market-cache.js';

export const DEFAULT_CHART_BARS = 250;

/** The indicators of one symbol at its latest bar, or null when it is unknown or has no bars. */
export function indicatorsOf(market: MarketCache, symbol: string, chartBars?: number): IndicatorsResponse | null {
  const series = market.series(symbol);
  const bar = series ? indicatorSnapshot(series) : null;
  if (!series || !bar) return null;
  const snapshot: IndicatorsResponse = toSnapshot(bar);
  if (chartBars !== undefined) snapshot.series = indicatorChartSeries(series, chartBars);
  return snapshot;
}

export function indicatorRoutes({ market }: { market: MarketCache }): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/v1/indicators/:symbol', { config: SIGNED_IN }, async (request): Promise<IndicatorsResponse> => {
      const { symbol } = parseInput(indicatorsParamsSchema, request.params, 'params');
      const query = parseInput(indicatorsQuerySchema, request.query, 'query');
      const bars = query.series === '1' ? (query.bars ?? DEFAULT_CHART_BARS) : undefined;
      const result = indicatorsOf(market, symbol, bars);
      if (!result) throw notFound(`No market data for ${symbol}.`);
      return result;
    });
  };
}
