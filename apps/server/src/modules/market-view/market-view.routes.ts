import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import type { MarketCache } from '../market/market-cache.js';
import type { Clock } from '../jobs/clock.js';
import { SIGNED_IN } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import { validationFailed } from '../../http/errors.js';
import { sendJsonText } from '../../http/json-text.js';
import { heatmapJson, overviewJson } from './market-view.service.js';

/**
 * Heatmap and market overview; both answer from JSON serialized once per market version and
 * set of the classes' sessions at the clock's now (a class's staleness moves with the clock).
 */
export function marketViewRoutes({ market, clock }: { market: MarketCache; clock: Clock }): FastifyPluginAsync {
  return async (app) => {
    const route = routeDeclarer(app.withTypeProvider<ZodTypeProvider>());
    route('heatmap', SIGNED_IN, async (request, reply) => {
      const q = request.query;
      const json = heatmapJson(market, q.period, q.universe, q.size, clock.now());
      if (json === null) {
        const message = 'expected all, sector:NAME or a comma-separated list of symbols';
        throw validationFailed(`Invalid query.universe: ${message}`, [{ path: 'query.universe', message }]);
      }
      return sendJsonText(reply, json);
    });
    route('marketOverview', SIGNED_IN, async (_request, reply) => {
      return sendJsonText(reply, overviewJson(market, clock.now()));
    });
  };
}
