import type { FastifyPluginAsync } from 'fastify';
import {
  PERMISSIONS,
  adminSetRolesSchema,
  adminTagChangeSchema,
  adminUserSearchQuerySchema,
  idParamsSchema,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { needs } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { requireUser } from '../auth/auth-user.js';
import { setRole } from '../auth/users.repository.js';
import type { Billing } from '../billing/billing.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import { adminUser, searchUsers } from './user-admin.js';

export interface UserAdminDeps {
  database: DatabaseHandle;
  billing: Pick<Billing, 'subscriberTag' | 'subscriptions'>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** User administration: search, roles, the contact record, subscriptions and the subscriber tag. */
export function userAdminRoutes({ database, billing }: UserAdminDeps): FastifyPluginAsync {
  return async (app) => {
    const { db } = database;
    const { subscriberTag, subscriptions } = billing;
    const USERS = needs(PERMISSIONS.adminUsers);

    app.get('/api/v1/admin/users', { config: USERS }, async (request) => {
      const query = parseInput(adminUserSearchQuerySchema, request.query, 'query');
      return { users: await searchUsers(db, query) };
    });

    app.get('/api/v1/admin/users/:id', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      return adminUser(db, id);
    });

    app.put('/api/v1/admin/users/:id/roles', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const { roles } = parseInput(adminSetRolesSchema, request.body, 'body');
      await adminUser(db, id);
      const role = roles.includes('admin') ? 'admin' : 'member';
      if (id === requireUser(request).id && role !== 'admin') {
        throw conflict('You cannot remove your own admin role; ask another admin.');
      }
      await setRole(db, id, role);
      return adminUser(db, id);
    });

    app.get('/api/v1/admin/users/:id/contact', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      await adminUser(db, id);
      const contact = await getContactForUser(db, id);
      if (!contact) throw notFound('This user has no contact record.');
      return { id: contact.id, tag_ids: contact.tag_ids };
    });

    app.get('/api/v1/admin/users/:id/subscriptions', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      await adminUser(db, id);
      const history = await subscriptions.history(id);
      return {
        subscriptions: history.map((s) => ({
          id: s.id,
          status: s.status,
          provider: s.provider,
          productName: s.productName,
          priceId: s.priceId,
          amount: s.amount,
          currency: s.currency,
          interval: s.interval,
          currentPeriodEnd: new Date(s.currentPeriodEnd).toISOString(),
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          endReason: s.endReason,
          endedAt: iso(s.endedAt),
          createdAt: new Date(s.createdAt).toISOString(),
        })),
      };
    });

    app.post('/api/v1/admin/users/:id/subscriber', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      parseInput(adminTagChangeSchema, request.body ?? {}, 'body');
      await adminUser(db, id);
      return subscriberTag.grant(id);
    });

    app.delete('/api/v1/admin/users/:id/subscriber', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const input = parseInput(adminTagChangeSchema, request.body ?? {}, 'body');
      await adminUser(db, id);
      return subscriberTag.revoke(id, input.reason ? `revoked by an administrator: ${input.reason}` : undefined);
    });
  };
}
