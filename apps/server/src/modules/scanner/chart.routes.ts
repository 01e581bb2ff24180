import type { FastifyPluginAsync } from 'fastify';
import type { SymbolChartResponse } from '@solstice/contracts';
import { SIGNED_IN } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import type { MarketCache } from '../market/market-cache.js';
import { ChartSeriesError, ChartSymbolError, symbolChart } from './chart.js';

export function chartRoutes({ market }: { market: MarketCache }): FastifyPluginAsync {
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    route('symbolChart', SIGNED_IN, async (request): Promise<SymbolChartResponse> => {
      try {
        return symbolChart(market, request.params.symbol, request.query);
      } catch (error) {
        if (error instanceof ChartSeriesError) {
          const { message, position, expected, code, params } = error.cause;
          throw badRequest(message, {
            path: `query.series.${error.index}`,
            position,
            code,
            params: { ...params },
            ...(expected ? { expected } : {}),
          });
        }
        if (error instanceof ChartSymbolError) {
          if (error.field === 'symbol') throw notFound(error.message);
          throw badRequest(error.message, { path: 'query.compare' });
        }
        throw error;
      }
    });
  };
}
