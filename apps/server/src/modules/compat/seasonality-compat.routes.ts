import type { FastifyPluginAsync } from 'fastify';
import {
  PERMISSIONS,
  SEASONALITY_ACTIONS,
  seasonalityCompatRequestSchema,
  type CompatSubscription,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { PUBLIC } from '../../http/access.js';
import { badRequest, forbidden, notFound, unauthorized, validationFailed } from '../../http/errors.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { hasPermission } from '../auth/auth-user.js';
import { findUserByEmail } from '../auth/users.repository.js';
import { listProducts } from '../billing/catalogue.js';
import type { SubscriptionWithPlan } from '../billing/billing.repository.js';
import type { Billing } from '../billing/billing.js';
import { getContactById, getContactForUser } from '../contacts/contacts.repository.js';

export interface SeasonalityCompatDeps {
  database: DatabaseHandle;
  billing: Pick<Billing, 'subscriptions'>;
}

/**
 * The specification's compatibility call (§7): POST /api/seasonality with an `action`,
 * translated to the catalogue, billing and the contact records; nothing of its own.
 * Answers are `{ data: { results } }`; failures the one error shape, whose error.message the
 * original client shows as its error popup. Read answers carry no data.message on purpose:
 * the client would show it as a "Success!" popup on every lookup.
 */
export function seasonalityCompatRoutes({ database, billing }: SeasonalityCompatDeps): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = database;
    const SCHEMA = {
      summary: "The specification's action API: getProducts, getSubscriptionsByUserID, getUserByEmail",
      description:
        'getProducts is public (the subscribe page shows plans before signup); the other actions need a session, ' +
        'and look up only your own records unless you are an admin. Answers are `{ data: { results } }`.',
      body: seasonalityCompatRequestSchema,
    };
    // getProducts is public (the subscribe page shows plans before signup); the rest need a session.
    // Not for the web app (its reason in contracts' ROUTES_NOT_FOR_THE_WEB), so registered outside ENDPOINTS.
    app.post('/api/seasonality', { config: PUBLIC, schema: SCHEMA }, async (request) => {
      const input = request.body;
      const actions: readonly string[] = SEASONALITY_ACTIONS;
      if (!actions.includes(input.action)) {
        throw badRequest(`Unknown action "${input.action}". Valid actions: ${SEASONALITY_ACTIONS.join(', ')}.`, {
          validActions: SEASONALITY_ACTIONS,
        });
      }
      if (input.action === 'getProducts') {
        return { data: { results: { products: await listProducts(db) } } };
      }
      const user = request.user;
      if (!user) throw unauthorized();
      const admin = hasPermission(user, PERMISSIONS.adminUsers);

      if (input.action === 'getSubscriptionsByUserID') {
        if (input.contact_id === undefined) {
          throw validationFailed('Invalid body.contact_id: getSubscriptionsByUserID needs a contact_id', [
            { path: 'body.contact_id', message: 'getSubscriptionsByUserID needs a contact_id' },
          ]);
        }
        const own = await getContactForUser(db, user.id);
        if (!admin && own?.id !== input.contact_id) throw forbidden('You may only look up your own subscriptions.');
        const contact = own?.id === input.contact_id ? own : await getContactById(db, input.contact_id);
        if (!contact) throw notFound(`There is no contact ${input.contact_id}.`);
        const history = await billing.subscriptions.history(contact.user_id);
        return { data: { results: history.map((s) => compatSubscription(s, contact.id)) } };
      }

      // getUserByEmail
      const email = input.email?.toLowerCase();
      if (!email) {
        throw validationFailed('Invalid body.email: getUserByEmail needs an email', [
          { path: 'body.email', message: 'getUserByEmail needs an email' },
        ]);
      }
      if (!admin && email !== user.email.toLowerCase())
        throw forbidden('You may only look up your own e-mail address.');
      const row = await findUserByEmail(db, email);
      if (!row) throw notFound('There is no account with this e-mail address.');
      const contact = await getContactForUser(db, row.id);
      if (!contact) throw notFound('This account has no contact record.');
      return { data: { results: { id: contact.id, tag_ids: contact.tag_ids } } };
    });
  };
}

function compatSubscription(s: SubscriptionWithPlan, contactId: number): CompatSubscription {
  return {
    id: s.id,
    contact_id: contactId,
    status: s.status,
    product: s.productName,
    price_id: s.priceId,
    amount: s.amount,
    currency: s.currency,
    interval: s.interval,
    current_period_end: new Date(s.currentPeriodEnd).toISOString(),
    cancel_at_period_end: s.cancelAtPeriodEnd,
  };
}
