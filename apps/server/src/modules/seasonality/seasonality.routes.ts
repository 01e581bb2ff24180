import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  bestTradesQuerySchema,
  bestTradesResponseSchema,
  calendarResponseSchema,
  chartQuerySchema,
  chartResponseSchema,
  patternQuerySchema,
  patternResponseSchema,
  seasonalScanBodySchema,
  seasonalScanResponseSchema,
  walkForwardQuerySchema,
  walkForwardResponseSchema,
  yearsQuerySchema,
  type BestTradesResponse,
  type CalendarResponse,
  type ChartResponse,
  type PatternResponse,
  type SeasonalScanResponse,
  type WalkForwardResponse,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import type { MarketCache } from '../market/market-cache.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { clientGoneSignal } from '../../http/client-gone.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import type { AnalyticsPool } from './pool/analytics-pool.js';
import {
  bestTradesInPool,
  calendarOf,
  chartOf,
  patternOf,
  scanInPool,
  universeSeries,
  walkForwardInPool,
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
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const PATTERN = {
      summary: 'One seasonal window over every year, with its statistics',
      querystring: patternQuerySchema,
      response: { 200: patternResponseSchema },
    };
    app.get(
      '/api/v1/seasonality/pattern',
      { config: SUBSCRIBERS, schema: PATTERN },
      async (request): Promise<PatternResponse> => {
        return patternOf(market, request.query);
      },
    );

    const CALENDAR = {
      summary: 'Monthly and yearly returns with a per-month summary',
      querystring: yearsQuerySchema,
      response: { 200: calendarResponseSchema },
    };
    app.get(
      '/api/v1/seasonality/calendar',
      { config: SUBSCRIBERS, schema: CALENDAR },
      async (request): Promise<CalendarResponse> => {
        return calendarOf(market, request.query);
      },
    );

    const CHART = {
      summary: 'The average year (and detrended), with the current year',
      querystring: chartQuerySchema,
      response: { 200: chartResponseSchema },
    };
    app.get(
      '/api/v1/seasonality/chart',
      { config: SUBSCRIBERS, schema: CHART },
      async (request): Promise<ChartResponse> => {
        return chartOf(market, request.query);
      },
    );

    app.get(
      '/api/v1/seasonality/best-trades',
      {
        config: SUBSCRIBERS,
        schema: {
          summary: 'The best long and short windows of one symbol',
          querystring: bestTradesQuerySchema,
          response: { 200: bestTradesResponseSchema },
        },
      },
      async (request): Promise<BestTradesResponse> => {
        const query = request.query;
        return inPool(request, (context) => bestTradesInPool(market, analytics, query, context));
      },
    );

    app.get(
      '/api/v1/seasonality/walk-forward',
      {
        config: SUBSCRIBERS,
        schema: {
          summary: 'Best trades out of sample: each year traded with the window chosen on the years before it',
          querystring: walkForwardQuerySchema,
          response: { 200: walkForwardResponseSchema },
        },
      },
      async (request): Promise<WalkForwardResponse> => {
        const query = request.query;
        return inPool(request, (context) => walkForwardInPool(market, analytics, query, context));
      },
    );

    const SCAN = {
      summary: "Each symbol's best window starting in a date range",
      body: seasonalScanBodySchema,
      response: { 200: seasonalScanResponseSchema },
    };
    app.post(
      '/api/v1/seasonality/scan',
      { config: SUBSCRIBERS, schema: SCAN },
      async (request): Promise<SeasonalScanResponse> => {
        const options = request.body;
        const user = request.user;
        const watchlist = user
          ? async (id: number) => (await getWatchlist(database.db, user.id, id))?.symbols.map((s) => s.sym) ?? null
          : null;
        const universe = await universeSeries(market, options.universe, watchlist);
        return inPool(request, (context) => scanInPool(market, analytics, universe, options, context));
      },
    );
  };
}
