import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sendJsonText } from '../../http/json-text.js';
import {
  ENDPOINTS,
  bestTradesQuerySchema,
  bestTradesResponseSchema,
  calendarResponseSchema,
  chartQuerySchema,
  chartResponseSchema,
  overfittingQuerySchema,
  overfittingResponseSchema,
  patternQuerySchema,
  patternResponseSchema,
  seasonalScanBodySchema,
  seasonalScanResponseSchema,
  walkForwardQuerySchema,
  walkForwardResponseSchema,
  yearsQuerySchema,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import type { MarketCache } from '../market/market-cache.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { clientGoneSignal } from '../../http/client-gone.js';
import { routeDeclarer, routeSchema } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import { overfittingJob } from './overfitting.service.js';
import type { AnalyticsPool } from './pool/analytics-pool.js';
import {
  bestTradesJob,
  calendarOf,
  chartOf,
  patternOf,
  scanInPool,
  universeSeries,
  walkForwardJob,
  type PoolContext,
} from './seasonality.service.js';

const PATTERN = routeSchema(
  'One seasonal window over every year, with its statistics',
  { querystring: patternQuerySchema },
  patternResponseSchema,
);
const CALENDAR = routeSchema(
  'Monthly and yearly returns with a per-month summary',
  { querystring: yearsQuerySchema },
  calendarResponseSchema,
);
const CHART = routeSchema(
  'The average year (and detrended), with the current year',
  { querystring: chartQuerySchema },
  chartResponseSchema,
);
const BEST_TRADES = routeSchema(
  'The best long and short windows of one symbol',
  { querystring: bestTradesQuerySchema },
  bestTradesResponseSchema,
);
const WALK_FORWARD = routeSchema(
  'Best trades out of sample: each year traded with the window chosen on the years before it',
  { querystring: walkForwardQuerySchema },
  walkForwardResponseSchema,
);
const OVERFITTING = routeSchema(
  'Whether the best window of a best-trades search is luck: Deflated Sharpe Ratio, PBO and Reality Check',
  { querystring: overfittingQuerySchema },
  overfittingResponseSchema,
);
const SCAN = routeSchema(
  "Each symbol's best window starting in a date range",
  { body: seasonalScanBodySchema },
  seasonalScanResponseSchema,
);

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
    route(ENDPOINTS.seasonalityPattern, SUBSCRIBERS, PATTERN, async (request) => {
      return patternOf(market, request.query);
    });
    route(ENDPOINTS.seasonalityCalendar, SUBSCRIBERS, CALENDAR, async (request) => {
      return calendarOf(market, request.query);
    });
    route(ENDPOINTS.seasonalityChart, SUBSCRIBERS, CHART, async (request) => {
      return chartOf(market, request.query);
    });
    route(ENDPOINTS.seasonalityBestTrades, SUBSCRIBERS, BEST_TRADES, async (request) => {
      const query = request.query;
      return inPool(request, (context) => analytics.run(bestTradesJob(market, query), context));
    });
    route(ENDPOINTS.seasonalityWalkForward, SUBSCRIBERS, WALK_FORWARD, async (request) => {
      const query = request.query;
      return inPool(request, (context) => analytics.run(walkForwardJob(market, query), context));
    });
    route(ENDPOINTS.seasonalityOverfitting, SUBSCRIBERS, OVERFITTING, async (request) => {
      const query = request.query;
      return inPool(request, (context) => analytics.run(overfittingJob(market, query), context));
    });
    route(ENDPOINTS.seasonalityScan, SUBSCRIBERS, SCAN, async (request, reply) => {
      const options = request.body;
      const user = request.user;
      const watchlist = user
        ? async (id: number) => (await getWatchlist(database.db, user.id, id))?.symbols.map((s) => s.sym) ?? null
        : null;
      const universe = await universeSeries(market, options.universe, watchlist);
      const json = await inPool(request, (context) => scanInPool(market, analytics, universe, options, context));
      // JSON already (the schema documents it): sent as it is, as the market view's answers are.
      return sendJsonText(reply, json);
    });
  };
}
