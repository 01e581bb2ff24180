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
import type { AppContext } from '../../context.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { parseInput } from '../../http/validation.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import { bestTradesOf, calendarOf, chartOf, patternOf, scanOf, universeSeries } from './seasonality.service.js';

/** The seasonality tools (analytics.md), subscriber-only. */
export function seasonalityRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/v1/seasonality/pattern', { config: SUBSCRIBERS }, async (request): Promise<PatternResponse> => {
      return patternOf(ctx.market, parseInput(patternQuerySchema, request.query, 'query'));
    });

    app.get('/api/v1/seasonality/calendar', { config: SUBSCRIBERS }, async (request): Promise<CalendarResponse> => {
      return calendarOf(ctx.market, parseInput(yearsQuerySchema, request.query, 'query'));
    });

    app.get('/api/v1/seasonality/chart', { config: SUBSCRIBERS }, async (request): Promise<ChartResponse> => {
      return chartOf(ctx.market, parseInput(yearsQuerySchema, request.query, 'query'));
    });

    app.get(
      '/api/v1/seasonality/best-trades',
      { config: SUBSCRIBERS },
      async (request): Promise<BestTradesResponse> => {
        return bestTradesOf(ctx.market, parseInput(bestTradesQuerySchema, request.query, 'query'));
      },
    );

    app.post('/api/v1/seasonality/scan', { config: SUBSCRIBERS }, async (request): Promise<SeasonalScanResponse> => {
      const options = parseInput(seasonalScanBodySchema, request.body, 'body');
      const user = request.user;
      const watchlist = user
        ? async (id: number) => (await getWatchlist(ctx.database.db, user.id, id))?.symbols.map((s) => s.sym) ?? null
        : null;
      return scanOf(await universeSeries(ctx.market, options.universe, watchlist), options);
    });
  };
}
