import type { FastifyPluginAsync } from 'fastify';
import {
  ENDPOINTS,
  PERMISSIONS,
  adminSetRolesSchema,
  adminSubscriptionSchema,
  adminTagChangeSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
  idParamsSchema,
} from '@solstice/contracts';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.js';
import { needs } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
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

const USER = { 200: adminUserSchema };
/** The body may be left out: a grant or revoke without a reason. */
const tagChange = adminTagChangeSchema.prefault({});
const SCHEMAS = {
  search: {
    summary: 'Users whose e-mail address or username matches q',
    querystring: adminUserSearchQuerySchema,
    response: { 200: z.object({ users: z.array(adminUserSchema) }) },
  },
  user: { summary: 'One user', params: idParamsSchema, response: USER },
  roles: { summary: "Sets a user's roles", params: idParamsSchema, body: adminSetRolesSchema, response: USER },
  contact: {
    summary: "A user's contact record and its tags (2582 = subscriber)",
    params: idParamsSchema,
    response: { 200: z.object({ id: z.number().int(), tag_ids: z.array(z.number().int()) }) },
  },
  subscriptions: {
    summary: "A user's subscriptions, ended ones too",
    params: idParamsSchema,
    response: { 200: z.object({ subscriptions: z.array(adminSubscriptionSchema) }) },
  },
  grant: { summary: 'Grants the subscriber tag', params: idParamsSchema, body: tagChange },
  revoke: {
    summary: 'Revokes the subscriber tag (and ends a subscription it came with)',
    params: idParamsSchema,
    body: tagChange,
  },
};

/** User administration: search, roles, the contact record, subscriptions and the subscriber tag. */
export function userAdminRoutes({ database, billing }: UserAdminDeps): FastifyPluginAsync {
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const { db } = database;
    const { subscriberTag, subscriptions } = billing;
    const USERS = needs(PERMISSIONS.adminUsers);

    route(ENDPOINTS.adminUsers, USERS, SCHEMAS.search, async (request) => {
      return { users: await searchUsers(db, request.query) };
    });

    route(ENDPOINTS.adminUser, USERS, SCHEMAS.user, async (request) => {
      return adminUser(db, request.params.id);
    });

    route(ENDPOINTS.adminUserRoles, USERS, SCHEMAS.roles, async (request) => {
      const { id } = request.params;
      const { roles } = request.body;
      await adminUser(db, id);
      const role = roles.includes('admin') ? 'admin' : 'member';
      if (id === requireUser(request).id && role !== 'admin') {
        throw conflict('You cannot remove your own admin role; ask another admin.');
      }
      await setRole(db, id, role);
      return adminUser(db, id);
    });

    route(ENDPOINTS.adminUserContact, USERS, SCHEMAS.contact, async (request) => {
      const { id } = request.params;
      await adminUser(db, id);
      const contact = await getContactForUser(db, id);
      if (!contact) throw notFound('This user has no contact record.');
      return { id: contact.id, tag_ids: contact.tag_ids };
    });

    route(ENDPOINTS.adminUserSubscriptions, USERS, SCHEMAS.subscriptions, async (request) => {
      const { id } = request.params;
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

    route(ENDPOINTS.adminSubscriberGrant, USERS, SCHEMAS.grant, async (request) => {
      const { id } = request.params;
      await adminUser(db, id);
      return subscriberTag.grant(id);
    });

    route(ENDPOINTS.adminSubscriberRevoke, USERS, SCHEMAS.revoke, async (request) => {
      const { id } = request.params;
      const input = request.body;
      await adminUser(db, id);
      return subscriberTag.revoke(id, input.reason ? `revoked by an administrator: ${input.reason}` : undefined);
    });
  };
}
