import type { FastifyPluginAsync } from 'fastify';
import { ALERT_LIMITS } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { SUBSCRIBERS } from '../../http/access.js';
import { conflict, notFound, orNotFound } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { requireUser } from '../auth/auth-user.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
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

function nameConflict(name: string) {
  const message = `You already have a scan named "${name}".`;
  return conflict(message, { issues: [{ path: 'body.name', message }] });
}

/** Scans saved in the account (the scanner keeps its store copy in step, as with watchlists). */
export function savedScanRoutes({ database, clock }: { database: DatabaseHandle; clock: Clock }): FastifyPluginAsync {
  const db = () => database.db;
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    route('savedScans', SUBSCRIBERS, async (request) => {
      return { data: await listSavedScans(db(), requireUser(request).id) };
    });

    route('savedScanCreate', SUBSCRIBERS, async (request, reply) => {
      const userId = requireUser(request).id;
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
    });

    route('savedScan', SUBSCRIBERS, async (request) => {
      const { id } = request.params;
      const scan = orNotFound(await getSavedScan(db(), requireUser(request).id, id), NOT_FOUND);
      return { data: scan };
    });

    route('savedScanUpdate', SUBSCRIBERS, async (request) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      const input = request.body;
      if (input.expression !== undefined) checkExpression(input.expression);
      try {
        const scan = orNotFound(await updateSavedScan(db(), userId, id, input, clock.now()), NOT_FOUND);
        return { data: scan };
      } catch (error) {
        if (isUniqueViolation(error)) throw nameConflict(input.name ?? '');
        throw error;
      }
    });

    route('savedScanDelete', SUBSCRIBERS, async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteSavedScan(db(), requireUser(request).id, id))) throw notFound(NOT_FOUND);
      return reply.status(204).send();
    });
  };
}
