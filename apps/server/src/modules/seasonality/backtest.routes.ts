import type { FastifyPluginAsync } from 'fastify';
import type { BacktestResponse } from '@solstice/contracts';
import { SUBSCRIBERS } from '../../http/access.js';
import { clientGoneSignal } from '../../http/client-gone.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import type { MarketCache } from '../market/market-cache.js';
import { backtestInPool, parseBacktestBody } from './backtest.service.js';
import type { AnalyticsPool } from './pool/analytics-pool.js';

/** The seasonal backtest (analytics.md, "Seasonal backtest"), subscriber-only, in the analytics pool. */
export function backtestRoutes({
  market,
  analytics,
}: {
  market: MarketCache;
  analytics: AnalyticsPool;
}): FastifyPluginAsync {
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());

    route(
      'seasonalityBacktest',
      SUBSCRIBERS,
      async (request): Promise<BacktestResponse> => {
        const body = request.body;
        // SUBSCRIBERS: there always is a user; the computation stops when the client goes.
        const gone = clientGoneSignal(request);
        try {
          const user = String(request.user?.id ?? request.ip);
          return await backtestInPool(market, analytics, body, { user, signal: gone.signal });
        } finally {
          gone.dispose();
        }
      },
      { parseBody: parseBacktestBody },
    );
  };
}
