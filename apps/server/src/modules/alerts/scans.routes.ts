import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ALERT_LIMITS, alertIdParamsSchema, savedScanCreateSchema, savedScanPatchSchema } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { conflict, notFound, unauthorized } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
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
  return async (app) => {
    app.get('/api/v1/scans', { config: SUBSCRIBERS }, async (request) => {
      return { data: await listSavedScans(db(), userIdOf(request)) };
    });

    app.post('/api/v1/scans', { config: SUBSCRIBERS }, async (request, reply) => {
      const userId = userIdOf(request);
      const input = parseInput(savedScanCreateSchema, request.body, 'body');
      checkExpression(input.expression);
      if ((await countSavedScans(db(), userId)) >= ALERT_LIMITS.scans)
        throw conflict(`You can keep at most ${ALERT_LIMITS.scans} saved scans; delete one first.`);
      try {
        return reply.status(201).send({ data: await insertSavedScan(db(), userId, input, clock.now()) });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameConflict(input.name);
        throw error;
      }
    });

    app.get('/api/v1/scans/:id', { config: SUBSCRIBERS }, async (request) => {
      const { id } = parseInput(alertIdParamsSchema, request.params, 'params');
      const scan = await getSavedScan(db(), userIdOf(request), id);
      if (!scan) throw notFound(NOT_FOUND);
      return { data: scan };
    });

    app.patch('/api/v1/scans/:id', { config: SUBSCRIBERS }, async (request) => {
      const userId = userIdOf(request);
      const { id } = parseInput(alertIdParamsSchema, request.params, 'params');
      const input = parseInput(savedScanPatchSchema, request.body, 'body');
      if (input.expression !== undefined) checkExpression(input.expression);
      try {
        const scan = await updateSavedScan(db(), userId, id, input, clock.now());
        if (!scan) throw notFound(NOT_FOUND);
        return { data: scan };
      } catch (error) {
        if (isUniqueViolation(error)) throw nameConflict(input.name ?? '');
        throw error;
      }
    });

    app.delete('/api/v1/scans/:id', { config: SUBSCRIBERS }, async (request, reply) => {
      const { id } = parseInput(alertIdParamsSchema, request.params, 'params');
      if (!(await deleteSavedScan(db(), userIdOf(request), id))) throw notFound(NOT_FOUND);
      return reply.status(204).send();
    });
  };
}
