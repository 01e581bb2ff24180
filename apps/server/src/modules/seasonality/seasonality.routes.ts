import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sendJsonText } from '../../http/json-text.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { MarketCache } from '../market/market-cache.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { clientGoneSignal } from '../../http/client-gone.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import { overfittingJob, withSelectedRollGaps } from './overfitting.service.js';
import type { AnalyticsPool } from './pool/analytics-pool.js';
import {
  bestTradesJob,
  bestTradesOf,
  isFuture,
  walkForwardOf,
  calendarOf,
  chartOf,
  patternOf,
  scanInPool,
  universeSeries,
  walkForwardJob,
  type PoolContext,
} from './seasonality.service.js';

/** The seasonality tools (analytics.md), subscriber-only. */
export function seasonalityRoutes({
  market,
  database,
  analytics,
}: {
  market: MarketCache;
  database: DatabaseHandle;
  analytics: AnalyticsPool;
}): FastifyPluginAsync {
  /** Scans and best trades run in the pool, per signed-in user (SUBSCRIBERS: there always is one), cancelled when the client goes. */
  const inPool = async <T>(request: FastifyRequest, work: (context: PoolContext) => Promise<T>): Promise<T> => {
    const gone = clientGoneSignal(request);
    try {
      return await work({ user: String(request.user?.id ?? request.ip), signal: gone.signal });
    } finally {
      gone.dispose();
    }
  };

  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    route('seasonalityPattern', SUBSCRIBERS, async (request) => {
      return patternOf(market, request.query);
    });
    route('seasonalityCalendar', SUBSCRIBERS, async (request) => {
      return calendarOf(market, request.query);
    });
    route('seasonalityChart', SUBSCRIBERS, async (request) => {
      return chartOf(market, request.query);
    });
    route('seasonalityBestTrades', SUBSCRIBERS, async (request) => {
      const query = request.query;
      if (isFuture(market, query.symbol)) return bestTradesOf(market, query);
      return inPool(request, (context) => analytics.run(bestTradesJob(market, query), context));
    });
    route('seasonalityWalkForward', SUBSCRIBERS, async (request) => {
      const query = request.query;
      if (isFuture(market, query.symbol)) return walkForwardOf(market, query);
      return inPool(request, (context) => analytics.run(walkForwardJob(market, query), context));
    });
    route('seasonalityOverfitting', SUBSCRIBERS, async (request) => {
      const query = request.query;
      return inPool(request, async (context) =>
        withSelectedRollGaps(market, query, await analytics.run(overfittingJob(market, query), context)),
      );
    });
    route('seasonalityScan', SUBSCRIBERS, async (request, reply) => {
      const options = request.body;
      const user = request.user;
      const watchlist = user
        ? async (id: number) => (await getWatchlist(database.db, user.id, id))?.symbols.map((s) => s.sym) ?? null
        : null;
      const universe = await universeSeries(market, options.universe, watchlist, options.assetClass);
      const json = await inPool(request, (context) => scanInPool(market, analytics, universe, options, context));
      // JSON already (the schema documents it): sent as it is, as the market view's answers are.
      return sendJsonText(reply, json);
    });
  };
}
