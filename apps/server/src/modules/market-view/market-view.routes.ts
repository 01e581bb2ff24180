import type { FastifyPluginAsync } from 'fastify';
import { heatmapQuerySchema } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { SIGNED_IN } from '../../http/access.js';
import { validationFailed } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { heatmapJson, overviewJson } from './market-view.service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Heatmap and market overview; both answer from JSON serialized once per market version. */
export function marketViewRoutes({ market }: { market: MarketCache }): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/v1/heatmap', { config: SIGNED_IN }, async (request, reply) => {
      const q = parseInput(heatmapQuerySchema, request.query, 'query');
      const json = heatmapJson(market, q.period, q.universe, q.size);
      if (json === null) {
        const message = 'expected all, sector:NAME or a comma-separated list of symbols';
        throw validationFailed(`Invalid query.universe: ${message}`, [{ path: 'query.universe', message }]);
      }
      return reply.type(JSON_TYPE).send(json);
    });

    app.get('/api/v1/market/overview', { config: SIGNED_IN }, async (_request, reply) => {
      return reply.type(JSON_TYPE).send(overviewJson(market));
    });
  };
}
