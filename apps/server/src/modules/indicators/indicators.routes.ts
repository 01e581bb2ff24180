import type { FastifyPluginAsync } from 'fastify';
import type { IndicatorsResponse } from '@solstice/contracts';
import { SIGNED_IN } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import { notFound } from '../../http/errors.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import type { MarketCache } from '../market/market-cache.js';
import { DEFAULT_CHART_BARS, indicatorsOf } from './indicators.js';

export function indicatorRoutes({ market }: { market: MarketCache }): FastifyPluginAsync {
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    route('indicators', SIGNED_IN, async (request): Promise<IndicatorsResponse> => {
      const { symbol } = request.params;
      const query = request.query;
      const bars = query.series === '1' ? (query.bars ?? DEFAULT_CHART_BARS) : undefined;
      const result = indicatorsOf(market, symbol, bars);
      if (!result) throw notFound(`No market data for ${symbol}.`);
      return result;
    });
  };
}
