import type { FastifyPluginAsync } from 'fastify';
import {
  ENDPOINTS,
  heatmapQuerySchema,
  heatmapResponseSchema,
  marketOverviewResponseSchema,
} from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { SIGNED_IN } from '../../http/access.js';
import { validationFailed } from '../../http/errors.js';
import type { z } from 'zod';
import { heatmapJson, overviewJson } from './market-view.service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Heatmap and market overview; both answer from JSON serialized once per market version. */
export function marketViewRoutes({ market }: { market: MarketCache }): FastifyPluginAsync {
  // Not the typed instance: these answers are JSON already (a string), which its reply type refuses.
  return async (app) => {
    const HEATMAP = {
      summary: 'The heatmap of a universe over a period, sized by market cap or equally',
      querystring: heatmapQuerySchema,
      response: { 200: heatmapResponseSchema },
    };
    app.get(ENDPOINTS.heatmap.path, { config: SIGNED_IN, schema: HEATMAP }, async (request, reply) => {
      const q = request.query as z.output<typeof heatmapQuerySchema>;
      const json = heatmapJson(market, q.period, q.universe, q.size);
      if (json === null) {
        const message = 'expected all, sector:NAME or a comma-separated list of symbols';
        throw validationFailed(`Invalid query.universe: ${message}`, [{ path: 'query.universe', message }]);
      }
      return reply.type(JSON_TYPE).send(json);
    });

    const OVERVIEW = {
      summary: 'The market overview: indices, sectors and movers',
      response: { 200: marketOverviewResponseSchema },
    };
    app.get(ENDPOINTS.marketOverview.path, { config: SIGNED_IN, schema: OVERVIEW }, async (_request, reply) => {
      return reply.type(JSON_TYPE).send(overviewJson(market));
    });
  };
}
