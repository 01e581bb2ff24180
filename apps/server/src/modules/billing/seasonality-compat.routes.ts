import type { FastifyPluginAsync } from 'fastify';
import {
  PERMISSIONS,
  SEASONALITY_ACTIONS,
  seasonalityCompatRequestSchema,
  type CompatSubscription,
} from '@solstice/contracts';
import type { AppContext } from '../../context.js';
import { PUBLIC } from '../../http/access.js';
import { badRequest, forbidden, notFound, unauthorized, validationFailed } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { hasPermission } from '../auth/auth-user.js';
import { getContactById, getContactForUser } from '../contacts/contacts.repository.js';
import { findUserByEmail } from '../auth/users.repository.js';
import { listProducts } from './products.js';

/**
 * The specification's compatibility call (§7): POST /api/seasonality with an `action`.
 * Answers are `{ data: { results } }`; failures the one error shape, whose error.message the
 * original client shows as its error popup. Read answers carry no data.message on purpose:
 * the client would show it as a "Success!" popup on every lookup.
 */
export function seasonalityCompatRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const db = () => ctx.database.db;

    // getProducts is public (the subscribe page shows plans before signup); the rest need a session.
    app.post('/api/seasonality', { config: PUBLIC }, async (request) => {
      const input = parseInput(seasonalityCompatRequestSchema, request.body, 'body');
      const actions: readonly string[] = SEASONALITY_ACTIONS;
      if (!actions.includes(input.action)) {
        throw badRequest(`Unknown action "${input.action}". Valid actions: ${SEASONALITY_ACTIONS.join(', ')}.`, {
          validActions: SEASONALITY_ACTIONS,
        });
      }
      if (input.action === 'getProducts') {
        return { data: { results: { products: await listProducts(db()) } } };
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
        const own = await getContactForUser(db(), user.id);
        if (!admin && own?.id !== input.contact_id) throw forbidden('You may only look up your own subscriptions.');
        const contact = own?.id === input.contact_id ? own : await getContactById(db(), input.contact_id);
        if (!contact) throw notFound(`There is no contact ${input.contact_id}.`);
        return { data: { results: await subscriptionsOfUser(ctx, contact.user_id, contact.id) } };
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
      const row = await findUserByEmail(db(), email);
      if (!row) throw notFound('There is no account with this e-mail address.');
      const contact = await getContactForUser(db(), row.id);
      if (!contact) throw notFound('This account has no contact record.');
      return { data: { results: { id: contact.id, tag_ids: contact.tag_ids } } };
    });
  };
}

async function subscriptionsOfUser(ctx: AppContext, userId: number, contactId: number): Promise<CompatSubscription[]> {
  const rows = await ctx.database.db
    .selectFrom('subscriptions')
    .innerJoin('prices', 'prices.id', 'subscriptions.price_id')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .select([
      'subscriptions.id as id',
      'subscriptions.status as status',
      'subscriptions.price_id as priceId',
      'subscriptions.current_period_end as periodEnd',
      'subscriptions.cancel_at_period_end as cancel',
      'products.name as product',
      'prices.amount as amount',
      'prices.currency as currency',
      'prices.interval as interval',
    ])
    .where('subscriptions.user_id', '=', userId)
    .orderBy('subscriptions.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    contact_id: contactId,
    status: r.status,
    product: r.product,
    price_id: Number(r.priceId),
    amount: Number(r.amount),
    currency: r.currency,
    interval: r.interval,
    current_period_end: new Date(Number(r.periodEnd)).toISOString(),
    cancel_at_period_end: Number(r.cancel) === 1,
  }));
}
