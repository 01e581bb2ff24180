// Attacks on billing over real HTTP: free premium through the built-in test checkout of a
// production server without payment keys, several subscriptions from concurrent checkouts
// (test mode and Stripe), and correctly signed but malformed Stripe events.
import http from 'node:http';
import { Migrator, sql } from 'kysely';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { migrateToLatest, retryingCatalogRace } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { DUPLICATE_END_REASON } from '../db/migrations/0005_one_active_subscription.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { PAYMENTS_OFF_MESSAGE } from '../modules/billing/payment-provider.js';
import { ManualClock } from '../modules/jobs/clock.js';
import { getContactForUser } from '../modules/contacts/contacts.repository.js';
import { signedInUser } from '../testing/auth-helpers.js';
import { createUser, subscriptionRow } from '../testing/factories.js';
import { callLive as call, startLiveServer, type LiveServer } from '../testing/live-server.js';
import { serveDuringSuite } from '../testing/loopback-server.js';
import type { TestOverrides } from '../testing/test-app.js';
import { createTestDatabase, testDialects } from '../testing/test-databases.js';

const SECRET_KEY = 'sk_test_attack123';
const WEBHOOK_SECRET = 'whsec_attacktest123';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DAY = 24 * 60 * 60 * 1000;

interface ErrorAnswer {
  error: { code: string; message: string };
}

interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
}

/**
 * Stands in for api.stripe.com, with Stripe's idempotency: a POST repeating an
 * Idempotency-Key gets the first answer again and changes nothing.
 */
function fakeStripeApi() {
  const calls: StripeCall[] = [];
  const answered = new Map<string, string>();
  const cancelled = new Set<string>();
  let seq = 0;
  const answer = (method: string, path: string, body: URLSearchParams): { status: number; json: unknown } => {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++seq}`;
      return { status: 200, json: { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return {
        status: 200,
        json: { id: `re_${++seq}`, object: 'refund', status: 'succeeded', payment_intent: body.get('payment_intent') },
      };
    }
    const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (sub) {
      const id = sub[1]!;
      if (method === 'DELETE') cancelled.add(id);
      const status = cancelled.has(id) ? 'canceled' : 'active';
      return { status: 200, json: { id, object: 'subscription', status, latest_invoice: `in_${id}` } };
    }
    const invoice = /^\/v1\/invoices\/(in_\w+)$/.exec(path);
    if (method === 'GET' && invoice) {
      const id = invoice[1]!;
      return {
        status: 200,
        json: {
          id,
          object: 'invoice',
          payments: {
            object: 'list',
            data: [
              {
                object: 'invoice_payment',
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: `pi_${id}` },
              },
            ],
          },
        },
      };
    }
    return {
      status: 404,
      json: { error: { type: 'invalid_request_error', message: `no fake for ${method} ${path}` } },
    };
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const method = req.method ?? '';
      const path = (req.url ?? '').split('?')[0]!;
      const header = req.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : undefined;
      const body = new URLSearchParams(raw);
      calls.push({ method, path, idempotencyKey, body });
      res.setHeader('content-type', 'application/json');
      const replayKey = idempotencyKey && method === 'POST' ? `${path} ${idempotencyKey}` : null;
      const replay = replayKey ? answered.get(replayKey) : undefined;
      if (replay) {
        res.setHeader('idempotent-replayed', 'true');
        res.end(replay);
        return;
      }
      const { status, json } = answer(method, path, body);
      const text = JSON.stringify(json);
      if (replayKey && status === 200) answered.set(replayKey, text);
      res.statusCode = status;
      res.end(text);
    });
  });
  return { server, calls, cancelled };
}

describe.each(testDialects())('billing attacks on %s', (dialect) => {
  const stripeApi = fakeStripeApi();
  const signer = new Stripe(SECRET_KEY);
  let server: LiveServer | undefined;
  let eventSeq = 0;

  const stripeApiUrl = serveDuringSuite(stripeApi.server);
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(settings: Record<string, string> = {}, overrides: TestOverrides = {}): Promise<LiveServer> {
    server = await startLiveServer(dialect, settings, overrides);
    return server;
  }

  function startWithStripe(): Promise<LiveServer> {
    stripeApi.calls.length = 0;
    return start({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApiUrl(),
    });
  }

  async function priceIds(s: LiveServer): Promise<number[]> {
    const products = (await (await call(s, 'GET', '/api/v1/products')).json()) as { prices: { id: number }[] }[];
    return products.flatMap((p) => p.prices.map((price) => price.id));
  }

  /** A production server with a member and an admin (signed in in that order), and the first price. */
  async function startInProduction(settings: Record<string, string> = {}) {
    const s = await start({ NODE_ENV: 'production', ...settings });
    const member = await signedInUser(s);
    const admin = await signedInUser(s, { role: 'admin' });
    const [priceId] = await priceIds(s);
    return { s, member, admin, priceId };
  }

  async function paymentsConfig(s: LiveServer): Promise<unknown> {
    return (await call(s, 'GET', '/api/v1/payments/config')).json();
  }

  /** A third plan, so that three checkouts are three different sessions. */
  async function addPrice(s: LiveServer): Promise<number> {
    const [first] = await priceIds(s);
    const price = await s.services.database.db
      .selectFrom('prices')
      .select('product_id')
      .where('id', '=', first!)
      .executeTakeFirstOrThrow();
    const row = await s.services.database.db
      .insertInto('prices')
      .values({
        product_id: price.product_id,
        amount: 7500,
        currency: 'usd',
        interval: 'month',
        active: 1,
        stripe_price_id: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const liveSubscriptions = (s: LiveServer, userId: number) =>
    s.services.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'past_due'])
      .execute();

  function sign(body: string): string {
    return signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  }

  function deliver(s: LiveServer, body: string, signature = sign(body)) {
    return fetch(`${s.baseUrl}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
  }

  function event(type: string, object: unknown, id = `evt_attack_${++eventSeq}`) {
    return JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: 1,
      data: { object },
    });
  }

  describe('production without payment keys', () => {
    it('refuses checkout and test payments (no free premium with card 4242), and has no test clock', async () => {
      const { s, member, admin, priceId } = await startInProduction();

      expect(await paymentsConfig(s)).toEqual({
        provider: 'none',
        label: 'Payments are not configured',
      });
      const checkout = await call(s, 'POST', '/api/v1/checkout', { priceId }, member.cookie);
      expect(checkout.status).toBe(503);
      expect(await checkout.json()).toEqual({ error: { code: 'service_unavailable', message: PAYMENTS_OFF_MESSAGE } });
      expect(await s.services.database.db.selectFrom('checkout_sessions').selectAll().execute()).toEqual([]);

      // A test-mode session left from before (e.g. the server ran without NODE_ENV once) cannot be paid either.
      await s.services.database.db
        .insertInto('checkout_sessions')
        .values({
          id: 'cs_test_leftover_session',
          user_id: member.user.id,
          price_id: priceId!,
          provider: 'test',
          status: 'open',
          external_id: null,
          subscription_id: null,
          created_at: Date.now(),
          completed_at: null,
        })
        .execute();
      const pay = await call(s, 'POST', '/api/v1/checkout/cs_test_leftover_session/pay', CARD, member.cookie);
      expect(pay.status).toBe(503);
      expect(((await pay.json()) as ErrorAnswer).error.message).toBe(PAYMENTS_OFF_MESSAGE);
      expect(await liveSubscriptions(s, member.user.id)).toEqual([]);
      const subscription = await call(s, 'GET', '/api/v1/subscription', undefined, member.cookie);
      expect(((await subscription.json()) as { subscriber: boolean }).subscriber).toBe(false);

      // Moving billing time would end or renew real subscriptions early: the route does not exist.
      const clock = await call(s, 'POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: 3600 }, admin.cookie);
      expect(clock.status).toBe(404);
    });

    it('a test-card subscription is not renewed once test mode is off', async () => {
      const clock = new ManualClock(Date.UTC(2026, 5, 1));
      const s = await start({ NODE_ENV: 'production' }, { clock });
      const member = await signedInUser(s, { subscriber: true });
      const [priceId] = await priceIds(s);
      const now = clock.now();
      const sub = await s.services.database.db
        .insertInto('subscriptions')
        .values(
          subscriptionRow(member.user.id, priceId!, {
            current_period_start: now - 30 * DAY,
            current_period_end: now,
            card_last4: '4242',
            created_at: now - 30 * DAY,
            updated_at: now - 30 * DAY,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await s.services.billing.lifecycle.handlePeriodEnd(Number(sub.id));
      const row = await s.services.database.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', Number(sub.id))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'ended', end_reason: 'test mode is off' });
      const paid = await s.services.database.db
        .selectFrom('payments')
        .selectAll()
        .where('status', '=', 'paid')
        .execute();
      expect(paid).toEqual([]);
      const contact = await getContactForUser(s.services.database.db, member.user.id);
      expect(contact?.tag_ids).not.toContain(SUBSCRIBER_TAG_ID);
    });

    it('BILLING_TEST_MODE=true switches the test checkout on explicitly', async () => {
      const { s, member, admin, priceId } = await startInProduction({ BILLING_TEST_MODE: 'true' });
      expect(await paymentsConfig(s)).toEqual({
        provider: 'test',
        label: 'Test mode',
      });
      const checkout = await call(s, 'POST', '/api/v1/checkout', { priceId }, member.cookie);
      expect(checkout.status).toBe(200);
      const { sessionId } = (await checkout.json()) as { sessionId: string };
      const pay = await call(s, 'POST', `/api/v1/checkout/${sessionId}/pay`, CARD, member.cookie);
      expect(await pay.json()).toMatchObject({ status: 'paid' });
      const clock = await call(s, 'POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: 60 }, admin.cookie);
      expect(clock.status).toBe(200);
    });
  });

  describe('one live subscription per user', () => {
    it('concurrent checkouts for one plan get one session; three sessions paid at once give one subscription', async () => {
      const s = await start();
      const member = await signedInUser(s);
      const [monthly, yearly] = await priceIds(s);
      const third = await addPrice(s);

      const same = await Promise.all(
        [1, 2, 3].map(() => call(s, 'POST', '/api/v1/checkout', { priceId: monthly }, member.cookie)),
      );
      const sameIds = await Promise.all(same.map(async (r) => ((await r.json()) as { sessionId: string }).sessionId));
      expect(same.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(sameIds).size).toBe(1);

      const opened = await Promise.all(
        [monthly, yearly, third].map((priceId) => call(s, 'POST', '/api/v1/checkout', { priceId }, member.cookie)),
      );
      const sessionIds = await Promise.all(
        opened.map(async (r) => ((await r.json()) as { sessionId: string }).sessionId),
      );
      expect(new Set(sessionIds).size).toBe(3);
      expect(sessionIds).toContain(sameIds[0]);

      const paid = await Promise.all(
        sessionIds.map((id) => call(s, 'POST', `/api/v1/checkout/${id}/pay`, CARD, member.cookie)),
      );
      const answers = await Promise.all(
        paid.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
      );
      expect(answers.filter((a) => a.status === 200 && a.body.status === 'paid')).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused).toEqual({
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: 'You already have an active subscription. Manage it from your profile.',
            },
          },
        });
      }
      expect(await liveSubscriptions(s, member.user.id)).toHaveLength(1);
      const payments = await s.services.database.db
        .selectFrom('payments')
        .select('status')
        .where('user_id', '=', member.user.id)
        .execute();
      expect(payments).toEqual([{ status: 'paid' }]);

      // And afterwards: a new checkout is refused before anything is charged.
      const again = await call(s, 'POST', '/api/v1/checkout', { priceId: yearly }, member.cookie);
      expect(again.status).toBe(409);
    });

    it('the database refuses a second live subscription for a user', async () => {
      const s = await start();
      const user = await createUser(s.services.database.db);
      const [priceId] = await priceIds(s);
      const row = (status: 'active' | 'past_due' | 'ended') => subscriptionRow(user.id, priceId!, { status });
      const db = s.services.database.db;
      await db
        .insertInto('subscriptions')
        .values([row('active'), row('ended'), row('ended')])
        .execute();
      const second = await db
        .insertInto('subscriptions')
        .values(row('past_due'))
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(second)).toBe(true);
    });

    it('Stripe: concurrent checkouts make one Checkout Session; a second paid subscription is cancelled and refunded', async () => {
      const s = await startWithStripe();
      const member = await signedInUser(s);
      const [monthly, yearly] = await priceIds(s);

      const same = await Promise.all(
        [1, 2, 3].map(() => call(s, 'POST', '/api/v1/checkout', { priceId: monthly }, member.cookie)),
      );
      const bodies = (await Promise.all(same.map((r) => r.json()))) as { sessionId: string; url: string }[];
      expect(same.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(bodies.map((b) => b.sessionId)).size).toBe(1);
      expect(new Set(bodies.map((b) => b.url)).size).toBe(1);
      const creates = stripeApi.calls.filter((c) => c.path === '/v1/checkout/sessions');
      expect(creates.length).toBeGreaterThanOrEqual(1);
      expect(new Set(creates.map((c) => c.idempotencyKey))).toEqual(new Set([`checkout-${bodies[0]!.sessionId}`]));

      const other = await call(s, 'POST', '/api/v1/checkout', { priceId: yearly }, member.cookie);
      const { sessionId: yearlySession } = (await other.json()) as { sessionId: string };
      const sessions: [string, string][] = [
        [bodies[0]!.sessionId, 'sub_attackA'],
        [yearlySession, 'sub_attackB'],
      ];

      // The user paid both Checkout pages; Stripe tells us about both at once.
      const completed = sessions.map(([sessionId, sub]) =>
        event('checkout.session.completed', {
          id: `cs_for_${sub}`,
          object: 'checkout.session',
          client_reference_id: sessionId,
          payment_status: 'paid',
          amount_total: 2900,
          subscription: sub,
          invoice: `in_${sub}`,
        }),
      );
      const answers = await Promise.all(completed.map((body) => deliver(s, body)));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);

      const live = await liveSubscriptions(s, member.user.id);
      expect(live).toHaveLength(1);
      const kept = live[0]!.external_id!;
      const undone = kept === 'sub_attackA' ? 'sub_attackB' : 'sub_attackA';
      const all = await s.services.database.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', member.user.id)
        .execute();
      expect(all.find((r) => r.external_id === undone)).toMatchObject({
        status: 'ended',
        end_reason: 'duplicate subscription: cancelled and refunded on Stripe',
      });
      expect(stripeApi.cancelled).toEqual(new Set([undone]));
      const refunds = stripeApi.calls.filter((c) => c.path === '/v1/refunds');
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.body.get('payment_intent')).toBe(`pi_in_${undone}`);
      expect(refunds[0]!.body.get('reason')).toBe('duplicate');
      expect(refunds[0]!.idempotencyKey).toMatch(/^refund-cs_stripe_/);
      const payments = await s.services.database.db
        .selectFrom('payments')
        .select('status')
        .where('user_id', '=', member.user.id)
        .orderBy('status')
        .execute();
      expect(payments).toEqual([{ status: 'paid' }, { status: 'refunded' }]);

      // Stripe redelivers (a new event id for the same session): nothing is refunded twice.
      const index = sessions.findIndex(([, sub]) => sub === undone);
      const redelivered = JSON.stringify({ ...JSON.parse(completed[index]!), id: `evt_attack_${++eventSeq}` });
      expect(await (await deliver(s, redelivered)).json()).toEqual({ received: true, outcome: 'ignored' });
      expect(stripeApi.calls.filter((c) => c.path === '/v1/refunds')).toHaveLength(1);

      // Every POST to Stripe carried an idempotency key.
      const posts = stripeApi.calls.filter((c) => c.method === 'POST');
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.filter((c) => !c.idempotencyKey)).toEqual([]);
    });

    it('the migration ends existing duplicates (the first bought stays) before adding the index', async () => {
      const database = await createTestDatabase(dialect, { migrate: false });
      try {
        const migrator = new Migrator({
          db: database.db,
          provider: { getMigrations: async () => migrations },
          allowUnorderedMigrations: true,
          ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
        });
        const before = await retryingCatalogRace(database, async () => {
          const outcome = await migrator.migrateTo('0004_billing');
          if (outcome.error) throw outcome.error;
          return outcome;
        });
        expect(before.results?.at(-1)?.migrationName).toBe('0004_billing');
        const user = await createUser(database.db);
        const other = await createUser(database.db);
        await database.db
          .insertInto('subscriptions')
          .values([
            subscriptionRow(user.id, 1, { status: 'active' }),
            subscriptionRow(user.id, 1, { status: 'active' }),
            subscriptionRow(user.id, 1, { status: 'past_due' }),
            subscriptionRow(other.id, 1, { status: 'active' }),
          ])
          .execute();
        const session = (id: string, created_at: number) => ({
          id,
          user_id: user.id,
          price_id: 1,
          provider: 'test' as const,
          status: 'open' as const,
          external_id: null,
          subscription_id: null,
          created_at,
          completed_at: null,
        });
        await database.db
          .insertInto('checkout_sessions')
          .values([session('cs_old_one', 1), session('cs_new_one', 2)])
          .execute();

        await migrateToLatest(database);

        const rows = await database.db
          .selectFrom('subscriptions')
          .select(['id', 'user_id', 'status', 'end_reason'])
          .orderBy('id')
          .execute();
        expect(rows.map((r) => [r.status, r.end_reason])).toEqual([
          ['active', null],
          ['ended', DUPLICATE_END_REASON],
          ['ended', DUPLICATE_END_REASON],
          ['active', null],
        ]);
        const open = await database.db.selectFrom('checkout_sessions').select(['id', 'status']).orderBy('id').execute();
        expect(open).toEqual([
          { id: 'cs_new_one', status: 'open' },
          { id: 'cs_old_one', status: 'expired' },
        ]);
        const dup =
          await sql`INSERT INTO subscriptions (user_id, price_id, provider, status, current_period_start, current_period_end, created_at, updated_at)
          VALUES (${other.id}, 1, 'test', 'active', 0, 1, 0, 0)`
            .execute(database.db)
            .catch((e: unknown) => e);
        expect(isUniqueViolation(dup)).toBe(true);
      } finally {
        await database.destroy();
      }
    });
  });

  describe('correctly signed but malformed Stripe events', () => {
    const cases: [string, string, string][] = [
      ['a JSON null', 'null', 'body'],
      ['no event id', JSON.stringify({ object: 'event', type: 'invoice.paid', data: { object: {} } }), 'body.id'],
      ['no data', JSON.stringify({ id: 'evt_x1', object: 'event', type: 'customer.created' }), 'body.data'],
      [
        'a checkout session without payment_status',
        event('checkout.session.completed', {
          id: 'cs_x',
          object: 'checkout.session',
          client_reference_id: 'cs_stripe_x',
        }),
        'body.data.object.payment_status',
      ],
      [
        'a checkout session with an object for a client reference',
        event('checkout.session.completed', { id: 'cs_x', client_reference_id: { $ne: null }, payment_status: 'paid' }),
        'body.data.object.client_reference_id',
      ],
      [
        'an invoice whose lines are not a list',
        event('invoice.paid', { id: 'in_x', object: 'invoice', lines: { data: 'all of them' } }),
        'body.data.object.lines.data',
      ],
      [
        'an invoice period that is text',
        event('invoice.paid', { id: 'in_x', lines: { data: [{ period: { start: 'yesterday', end: 1 } }] } }),
        'body.data.object.lines.data.0.period.start',
      ],
      [
        'a subscription without an id',
        event('customer.subscription.deleted', { object: 'subscription', status: 'canceled' }),
        'body.data.object.id',
      ],
    ];

    it.each(cases)('%s: 400 naming the field, nothing recorded', async (_name, body, path) => {
      const s = await startWithStripe();
      const res = await deliver(s, body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: { code: string; details: { issues: { path: string }[] } } };
      expect(answer.error.code).toBe('validation_failed');
      expect(answer.error.details.issues.map((i) => i.path)).toContain(path);
      expect(await s.services.database.db.selectFrom('stripe_events').selectAll().execute()).toEqual([]);
    });

    it('a signed body that is not JSON is a 400; an unknown event type is a 200 "ignored"', async () => {
      const s = await startWithStripe();
      const garbage = await deliver(s, '{"id": "evt_1", "type": ');
      expect(garbage.status).toBe(400);
      expect(((await garbage.json()) as ErrorAnswer).error).toEqual({
        code: 'bad_request',
        message: 'This Stripe event is not a JSON event object.',
      });

      const unknown = await deliver(s, event('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_unknown_1'));
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual({ received: true, outcome: 'ignored' });
      expect(await s.services.database.db.selectFrom('stripe_events').select('id').execute()).toEqual([
        { id: 'evt_unknown_1' },
      ]);

      // A wrong signature stays a 400 of its own.
      const forged = await deliver(s, event('customer.created', { id: 'cus_1' }), 't=1,v1=00');
      expect(forged.status).toBe(400);
      expect(((await forged.json()) as ErrorAnswer).error.message).toBe(
        'The Stripe signature does not match this body.',
      );
    });
  });
});
