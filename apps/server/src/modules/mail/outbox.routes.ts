import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS, adminOutboxQuerySchema, idParamsSchema, type OutboxMessage } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { needs } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { listOutbox, outboxMessage } from './outbox.repository.js';

/** The mail outbox for admins: every message sent or stored (reset tokens redacted). */
export function outboxRoutes({ database }: { database: DatabaseHandle }): FastifyPluginAsync {
  return async (app) => {
    const { db } = database;
    const OUTBOX = needs(PERMISSIONS.adminOutbox);

    app.get('/api/v1/admin/outbox', { config: OUTBOX }, async (request) => {
      const query = parseInput(adminOutboxQuerySchema, request.query, 'query');
      return { messages: await listOutbox(db, query) };
    });

    app.get('/api/v1/admin/outbox/:id', { config: OUTBOX }, async (request): Promise<OutboxMessage> => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const message = await outboxMessage(db, id);
      if (!message) throw notFound(`There is no message ${id}.`);
      return message;
    });
  };
}
