import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ALERT_LIMITS, alertIdParamsSchema, savedScanCreateSchema, savedScanPatchSchema } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { conflict, notFound, unauthorized } from '../../http/errors.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { isUniqueViolation } from '../auth/users.repository.js';
import type { Clock } from '../jobs/clock.js';
import { checkExpression } from './alert-input.js';
import {
  countSavedScans,
  deleteSavedScan,
  getSavedScan,
  insertSavedScan,
  listSavedScans,
  updateSavedScan,
} from './saved-scans.repository.js';

const NOT_FOUND = 'No such saved scan.';

function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw unauthorized();
  return request.user.id;
}

function nameConflict(name: string) {
  const message = `You already have a scan named "${name}".`;
  return conflict(message, { issues: [{ path: 'body.name', message }] });
}

/** Scans saved in the account (the scanner keeps its store copy in step, as with watchlists). */
export function savedScanRoutes({ database, clock }: { database: DatabaseHandle; clock: Clock }): FastifyPluginAsync {
  const db = () => database.db;
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/v1/scans',
      { config: SUBSCRIBERS, schema: { summary: 'Scans saved in the account' } },
      async (request) => {
        return { data: await listSavedScans(db(), userIdOf(request)) };
      },
    );

    app.post(
      '/api/v1/scans',
      { config: SUBSCRIBERS, schema: { summary: 'Saves a scan', body: savedScanCreateSchema } },
      async (request, reply) => {
        const userId = userIdOf(request);
        const input = request.body;
        checkExpression(input.expression);
        if ((await countSavedScans(db(), userId)) >= ALERT_LIMITS.scans)
          throw conflict(`You can keep at most ${ALERT_LIMITS.scans} saved scans; delete one first.`);
        try {
          return reply.status(201).send({ data: await insertSavedScan(db(), userId, input, clock.now()) });
        } catch (error) {
          if (isUniqueViolation(error)) throw nameConflict(input.name);
          throw error;
        }
      },
    );

    app.get(
      '/api/v1/scans/:id',
      { config: SUBSCRIBERS, schema: { summary: 'One saved scan', params: alertIdParamsSchema } },
      async (request) => {
        const { id } = request.params;
        const scan = await getSavedScan(db(), userIdOf(request), id);
        if (!scan) throw notFound(NOT_FOUND);
        return { data: scan };
      },
    );

    app.patch(
      '/api/v1/scans/:id',
      {
        config: SUBSCRIBERS,
        schema: { summary: 'Renames or changes a saved scan', params: alertIdParamsSchema, body: savedScanPatchSchema },
      },
      async (request) => {
        const userId = userIdOf(request);
        const { id } = request.params;
        const input = request.body;
        if (input.expression !== undefined) checkExpression(input.expression);
        try {
          const scan = await updateSavedScan(db(), userId, id, input, clock.now());
          if (!scan) throw notFound(NOT_FOUND);
          return { data: scan };
        } catch (error) {
          if (isUniqueViolation(error)) throw nameConflict(input.name ?? '');
          throw error;
        }
      },
    );

    app.delete(
      '/api/v1/scans/:id',
      { config: SUBSCRIBERS, schema: { summary: 'Deletes a saved scan', params: alertIdParamsSchema } },
      async (request, reply) => {
        const { id } = request.params;
        if (!(await deleteSavedScan(db(), userIdOf(request), id))) throw notFound(NOT_FOUND);
        return reply.status(204).send();
      },
    );
  };
}
