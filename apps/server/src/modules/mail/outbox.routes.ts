import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { needs } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { listOutbox, outboxMessage } from './outbox.repository.js';

/** The mail outbox for admins: every message sent or stored (reset tokens redacted). */
export function outboxRoutes({ database }: { database: DatabaseHandle }): FastifyPluginAsync {
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const { db } = database;
    const OUTBOX = needs(PERMISSIONS.adminOutbox);

    route('adminOutbox', OUTBOX, async (request) => ({
      messages: await listOutbox(db, request.query),
    }));

    route('adminOutboxMessage', OUTBOX, async (request) => {
      const { id } = request.params;
      const message = await outboxMessage(db, id);
      if (!message) throw notFound(`There is no message ${id}.`);
      return message;
    });
  };
}
