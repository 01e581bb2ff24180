import type { FastifyPluginAsync } from 'fastify';
import {
  bestTradesQuerySchema,
  patternQuerySchema,
  seasonalScanBodySchema,
  yearsQuerySchema,
  type BestTradesResponse,
  type CalendarResponse,
  type ChartResponse,
  type PatternResponse,
  type SeasonalScanResponse,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import type { MarketCache } from '../market/market-cache.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { parseInput } from '../../http/validation.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import { bestTradesOf, calendarOf, chartOf, patternOf, scanOf, universeSeries } from './seasonality.service.js';

/** The seasonality tools (analytics.md), subscriber-only. */
export function seasonalityRoutes({
  market,
  database,
}: {
  market: MarketCache;
  database: DatabaseHandle;
}): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/v1/seasonality/pattern', { config: SUBSCRIBERS }, async (request): Promise<PatternResponse> => {
      return patternOf(market, parseInput(patternQuerySchema, request.query, 'query'));
    });

    app.get('/api/v1/seasonality/calendar', { config: SUBSCRIBERS }, async (request): Promise<CalendarResponse> => {
      return calendarOf(market, parseInput(yearsQuerySchema, request.query, 'query'));
    });

    app.get('/api/v1/seasonality/chart', { config: SUBSCRIBERS }, async (request): Promise<ChartResponse> => {
      return chartOf(market, parseInput(yearsQuerySchema, request.query, 'query'));
    });

    app.get(
      '/api/v1/seasonality/best-trades',
      { config: SUBSCRIBERS },
      async (request): Promise<BestTradesResponse> => {
        return bestTradesOf(market, parseInput(bestTradesQuerySchema, request.query, 'query'));
      },
    );

    app.post('/api/v1/seasonality/scan', { config: SUBSCRIBERS }, async (request): Promise<SeasonalScanResponse> => {
      const options = parseInput(seasonalScanBodySchema, request.body, 'body');
      const user = request.user;
      const watchlist = user
        ? async (id: number) => (await getWatchlist(database.db, user.id, id))?.symbols.map((s) => s.sym) ?? null
        : null;
      return scanOf(await universeSeries(market, options.universe, watchlist), options);
    });
  };
}
