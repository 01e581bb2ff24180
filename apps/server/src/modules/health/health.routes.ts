import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import {
  healthResponseSchema,
  readyResponseSchema,
  type HealthResponse,
  type NotReadyDetails,
  type ReadyResponse,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { AppError, serviceUnavailable } from '../../http/errors.js';
import { PUBLIC } from '../../http/access.js';
import type { MarketCache } from '../market/market-cache.js';
import { checkReadiness } from './readiness.js';

export interface HealthDeps {
  database: DatabaseHandle;
  market: MarketCache;
  version: string;
}

export function healthRoutes(ctx: HealthDeps): FastifyPluginAsync {
  return async (app) => {
    const HEALTH = { summary: 'Liveness: the version, the database kind and the date of the latest bar' };
    // Not for the web app (its reason in contracts' ROUTES_NOT_FOR_THE_WEB), so registered outside ENDPOINTS.
    app.get(
      '/api/health',
      { config: PUBLIC, schema: { ...HEALTH, response: { 200: healthResponseSchema } } },
      async (): Promise<HealthResponse> => {
        let asOf: string | null;
        try {
          const row = await ctx.database.db
            .selectFrom('bar_chunks')
            .select(sql<string | null>`max(last_date)`.as('asOf'))
            .executeTakeFirst();
          asOf = row?.asOf ?? null;
        } catch (error) {
          app.log.error({ err: error }, 'health check: database query failed');
          throw serviceUnavailable('The database is unavailable; try again shortly.');
        }
        return { status: 'ok', version: ctx.version, database: ctx.database.dialect, asOf };
      },
    );

    // Readiness for a load balancer or orchestrator: 503 takes the process out of rotation.
    const READY = {
      summary: 'Readiness for a load balancer: 503 with the failing checks when not ready',
      tags: ['health'],
      response: { 200: readyResponseSchema },
    };
    // Not for the web app (its reason in contracts' ROUTES_NOT_FOR_THE_WEB), so registered outside ENDPOINTS.
    app.get('/api/ready', { config: PUBLIC, schema: READY }, async (_request, reply): Promise<ReadyResponse> => {
      reply.header('cache-control', 'no-store');
      const { ready, checks, latestBar } = await checkReadiness(ctx);
      if (!ready) {
        const reasons = checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
        app.log.warn({ checks }, 'not ready');
        const details: NotReadyDetails = { checks, latestBar };
        throw new AppError('service_unavailable', `Not ready: ${reasons.join('; ')}`, details);
      }
      return { status: 'ready', version: ctx.version, database: ctx.database.dialect, checks, latestBar };
    });
  };
}
