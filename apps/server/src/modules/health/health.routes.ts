import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { HealthResponse } from '@solstice/contracts';
import type { AppContext } from '../../context.js';
import { serviceUnavailable } from '../../http/errors.js';
import { PUBLIC } from '../../http/access.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/health', { config: PUBLIC }, async (): Promise<HealthResponse> => {
      let asOf: string | null;
      try {
        const row = await ctx.database.db
          .selectFrom('daily_bars')
          .select(sql<string | null>`max(date)`.as('asOf'))
          .executeTakeFirst();
        asOf = row?.asOf ?? null;
      } catch (error) {
        app.log.error({ err: error }, 'health check: database query failed');
        throw serviceUnavailable('The database is unavailable; try again shortly.');
      }
      return { status: 'ok', version: ctx.version, database: ctx.database.dialect, asOf };
    });
  };
}
