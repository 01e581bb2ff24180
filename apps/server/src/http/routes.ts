import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { healthRoutes } from '../modules/health/health.routes.js';

/** Every API module, registered in this order. Add a module's routes here. */
export function apiModules(ctx: AppContext): FastifyPluginAsync[] {
  return [healthRoutes(ctx)];
}
