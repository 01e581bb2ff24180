import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS } from '@solstice/contracts';
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

/** User administration: search, roles, the contact record, subscriptions and the subscriber tag. */
export function userAdminRoutes({ database, billing }: UserAdminDeps): FastifyPluginAsync {
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const { db } = database;
    const { subscriberTag, subscriptions } = billing;
    const USERS = needs(PERMISSIONS.adminUsers);

    route('adminUsers', USERS, async (request) => {
      return { users: await searchUsers(db, request.query) };
    });

    route('adminUser', USERS, async (request) => {
      return adminUser(db, request.params.id);
    });

    route('adminUserRoles', USERS, async (request) => {
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

    route('adminUserContact', USERS, async (request) => {
      const { id } = request.params;
      await adminUser(db, id);
      const contact = await getContactForUser(db, id);
      if (!contact) throw notFound('This user has no contact record.');
      return { id: contact.id, tag_ids: contact.tag_ids };
    });

    route('adminUserSubscriptions', USERS, async (request) => {
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

    route('adminSubscriberGrant', USERS, async (request) => {
      const { id } = request.params;
      await adminUser(db, id);
      return subscriberTag.grant(id);
    });

    route('adminSubscriberRevoke', USERS, async (request) => {
      const { id } = request.params;
      const input = request.body;
      await adminUser(db, id);
      return subscriberTag.revoke(id, input.reason ? `revoked by an administrator: ${input.reason}` : undefined);
    });
  };
}
