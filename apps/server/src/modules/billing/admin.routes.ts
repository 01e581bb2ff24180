import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import {
  PERMISSIONS,
  adminOutboxQuerySchema,
  adminPriceInputSchema,
  adminProductCreateSchema,
  adminProductUpdateSchema,
  adminSetRolesSchema,
  adminTagChangeSchema,
  adminTestClockSchema,
  adminUserSearchQuerySchema,
  idParamsSchema,
  isSubscriberContact,
  type AdminProduct,
  type AdminUser,
  type OutboxMessage,
} from '@solstice/contracts';
import type { AppContext } from '../../context.js';
import { needs } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import { findUserById, rolesOf, setRole } from '../auth/users.repository.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import { signedInUser } from './billing.routes.js';
import { listAdminProducts } from './products.js';
import { OffsetClock } from './clock.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Admin API: products and prices, users (roles, contact, subscriptions, the subscriber tag), the outbox. */
export function billingAdminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const db = () => ctx.database.db;
    const PRODUCTS = needs(PERMISSIONS.adminProducts);
    const USERS = needs(PERMISSIONS.adminUsers);
    const OUTBOX = needs(PERMISSIONS.adminOutbox);

    const productById = async (id: number): Promise<AdminProduct> => {
      const found = (await listAdminProducts(db())).find((p) => p.id === id);
      if (!found) throw notFound(`There is no product ${id}.`);
      return found;
    };

    // ------------------------------------------------------------ products and prices
    app.get('/api/v1/admin/products', { config: PRODUCTS }, async () => listAdminProducts(db()));

    app.post('/api/v1/admin/products', { config: PRODUCTS }, async (request, reply) => {
      const input = parseInput(adminProductCreateSchema, request.body, 'body');
      const now = Date.now();
      const id = await db()
        .transaction()
        .execute(async (trx) => {
          const product = await trx
            .insertInto('products')
            .values({ name: input.name, description: input.description, active: 1, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const price of input.prices) {
            await trx
              .insertInto('prices')
              .values({ product_id: product.id, ...price, active: 1, stripe_price_id: null, created_at: now })
              .execute();
          }
          return Number(product.id);
        });
      reply.code(201);
      return productById(id);
    });

    app.patch('/api/v1/admin/products/:id', { config: PRODUCTS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const input = parseInput(adminProductUpdateSchema, request.body, 'body');
      await productById(id);
      await db()
        .updateTable('products')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .execute();
      return productById(id);
    });

    // A product with subscriptions is only archived (subscriptions keep their plan); others are deleted.
    app.delete('/api/v1/admin/products/:id', { config: PRODUCTS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      await productById(id);
      const used = await db()
        .selectFrom('subscriptions')
        .innerJoin('prices', 'prices.id', 'subscriptions.price_id')
        .select('subscriptions.id')
        .where('prices.product_id', '=', id)
        .executeTakeFirst();
      if (used) {
        await db().updateTable('products').set({ active: 0, updated_at: Date.now() }).where('id', '=', id).execute();
        return { deleted: false, archived: true };
      }
      await db().deleteFrom('prices').where('product_id', '=', id).execute();
      await db().deleteFrom('products').where('id', '=', id).execute();
      return { deleted: true, archived: false };
    });

    app.post('/api/v1/admin/products/:id/prices', { config: PRODUCTS }, async (request, reply) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const input = parseInput(adminPriceInputSchema, request.body, 'body');
      await productById(id);
      await db()
        .insertInto('prices')
        .values({ product_id: id, ...input, active: 1, stripe_price_id: null, created_at: Date.now() })
        .execute();
      reply.code(201);
      return productById(id);
    });

    /** Prices are never edited (a paid amount must stay what it was); they are retired. */
    app.delete('/api/v1/admin/prices/:id', { config: PRODUCTS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const price = await db()
        .selectFrom('prices')
        .select(['id', 'product_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!price) throw notFound(`There is no price ${id}.`);
      await db().updateTable('prices').set({ active: 0 }).where('id', '=', id).execute();
      return productById(Number(price.product_id));
    });

    // ------------------------------------------------------------ users
    const adminUser = async (id: number): Promise<AdminUser> => {
      const row = await findUserById(db(), id);
      if (!row) throw notFound(`There is no user ${id}.`);
      const contact = await getContactForUser(db(), id);
      return {
        id: row.id,
        email: row.email,
        username: row.username,
        roles: rolesOf(row.role),
        subscriber: isSubscriberContact(contact),
        createdAt: iso(row.created_at),
      };
    };

    app.get('/api/v1/admin/users', { config: USERS }, async (request) => {
      const query = parseInput(adminUserSearchQuerySchema, request.query, 'query');
      let q = db().selectFrom('users').select('id');
      if (query.q) {
        const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([
            eb('email', 'like', sql<string>`${like} escape '\\'`),
            eb('username_key', 'like', sql<string>`${like} escape '\\'`),
          ]),
        );
      }
      const rows = await q.orderBy('id').limit(query.limit).offset(query.offset).execute();
      return { users: await Promise.all(rows.map((r) => adminUser(Number(r.id)))) };
    });

    app.get('/api/v1/admin/users/:id', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      return adminUser(id);
    });

    app.put('/api/v1/admin/users/:id/roles', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const { roles } = parseInput(adminSetRolesSchema, request.body, 'body');
      await adminUser(id);
      const role = roles.includes('admin') ? 'admin' : 'member';
      if (id === signedInUser(request).id && role !== 'admin') {
        throw conflict('You cannot remove your own admin role; ask another admin.');
      }
      await setRole(db(), id, role);
      return adminUser(id);
    });

    app.get('/api/v1/admin/users/:id/contact', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      await adminUser(id);
      const contact = await getContactForUser(db(), id);
      if (!contact) throw notFound('This user has no contact record.');
      return { id: contact.id, tag_ids: contact.tag_ids };
    });

    app.get('/api/v1/admin/users/:id/subscriptions', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      await adminUser(id);
      const rows = await db()
        .selectFrom('subscriptions')
        .innerJoin('prices', 'prices.id', 'subscriptions.price_id')
        .innerJoin('products', 'products.id', 'prices.product_id')
        .selectAll('subscriptions')
        .select(['products.name as productName', 'prices.amount', 'prices.currency', 'prices.interval'])
        .where('subscriptions.user_id', '=', id)
        .orderBy('subscriptions.id', 'desc')
        .execute();
      return {
        subscriptions: rows.map((r) => ({
          id: Number(r.id),
          status: r.status,
          provider: r.provider,
          productName: r.productName,
          priceId: Number(r.price_id),
          amount: Number(r.amount),
          currency: r.currency,
          interval: r.interval,
          currentPeriodEnd: new Date(Number(r.current_period_end)).toISOString(),
          cancelAtPeriodEnd: Number(r.cancel_at_period_end) === 1,
          endReason: r.end_reason,
          endedAt: iso(r.ended_at),
          createdAt: new Date(Number(r.created_at)).toISOString(),
        })),
      };
    });

    app.post('/api/v1/admin/users/:id/subscriber', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      parseInput(adminTagChangeSchema, request.body ?? {}, 'body');
      await adminUser(id);
      return ctx.billing.grantTag(id);
    });

    app.delete('/api/v1/admin/users/:id/subscriber', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const input = parseInput(adminTagChangeSchema, request.body ?? {}, 'body');
      await adminUser(id);
      return ctx.billing.revokeTag(id, input.reason ? `revoked by an administrator: ${input.reason}` : undefined);
    });

    app.post('/api/v1/admin/subscriptions/:id/refund', { config: USERS }, async (request) => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      await ctx.billing.refund(id);
      return { refunded: true };
    });

    /** Runs due scheduled jobs now (the poller does this every JOBS_POLL_INTERVAL_MS). */
    app.post('/api/v1/admin/jobs/run', { config: USERS }, async () => ({ ran: await ctx.billing.jobs.runDue() }));

    /**
     * Test mode only (the route does not exist otherwise: moving billing time in production
     * would end or renew real subscriptions early): moves the billing clock forward (Stripe
     * calls this a test clock) and runs the jobs that became due, so a tester sees a renewal
     * or a period end now.
     */
    if (ctx.billing.testMode) {
      app.post('/api/v1/admin/billing/test-clock', { config: USERS }, async (request) => {
        const input = parseInput(adminTestClockSchema, request.body, 'body');
        const current = ctx.billing.clock;
        const clock = current instanceof OffsetClock ? current : new OffsetClock();
        if (clock !== current) clock.offsetMs = current.now() - Date.now();
        ctx.billing.clock = clock;
        clock.offsetMs += input.advanceSeconds * 1000;
        const ran = await ctx.billing.jobs.runDue();
        return { now: new Date(clock.now()).toISOString(), ran };
      });
    }

    // ------------------------------------------------------------ outbox
    const toMessage = (r: {
      id: number;
      to_address: string;
      template: string;
      subject: string;
      transport: string;
      status: string;
      created_at: number;
    }) => ({
      id: Number(r.id),
      to: r.to_address,
      template: r.template,
      subject: r.subject,
      transport: r.transport,
      status: r.status,
      createdAt: new Date(Number(r.created_at)).toISOString(),
    });

    app.get('/api/v1/admin/outbox', { config: OUTBOX }, async (request) => {
      const query = parseInput(adminOutboxQuerySchema, request.query, 'query');
      let q = db()
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'template', 'subject', 'transport', 'status', 'created_at']);
      if (query.to) q = q.where('to_address', '=', query.to.toLowerCase());
      if (query.template) q = q.where('template', '=', query.template);
      const rows = await q.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
      return { messages: rows.map(toMessage) };
    });

    app.get('/api/v1/admin/outbox/:id', { config: OUTBOX }, async (request): Promise<OutboxMessage> => {
      const { id } = parseInput(idParamsSchema, request.params, 'params');
      const row = await db().selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(`There is no message ${id}.`);
      return { ...toMessage(row), text: row.text_body, html: row.html_body, error: row.error };
    });
  };
}
