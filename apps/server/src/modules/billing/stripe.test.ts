import http from 'node:http';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { serveDuringSuite } from '../../testing/loopback-server.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { ManualClock } from '../jobs/clock.js';
import { contactTagsOf, outboxTemplates, signUp } from '../../testing/billing-helpers.js';

const SECRET_KEY = 'sk_test_solstice123';
const WEBHOOK_SECRET = 'whsec_solsticetest123';
const START = Date.UTC(2026, 2, 1, 9, 0, 0);

interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
}

/** Stands in for api.stripe.com: records requests, answers like Stripe would for the calls we make. */
function fakeStripeApi() {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
        body: new URLSearchParams(raw),
      });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: 'cs_test_fake1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_fake1',
          }),
        );
        return;
      }
      const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
      if (req.method === 'POST' && sub) {
        res.end(JSON.stringify({ id: sub[1], object: 'subscription', status: 'active' }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no fake for ${path}` } }));
    });
  });
  return { server, requests };
}

describe.each(testDialects())('Stripe checkout and webhook (%s)', (dialect) => {
  const fake = fakeStripeApi();
  const signer = new Stripe(SECRET_KEY);
  let t: TestApp;
  let eventSeq = 0;

  const fakeUrl = serveDuringSuite(fake.server);
  beforeEach(async () => {
    fake.requests.length = 0;
    t = await createTestApp(
      dialect,
      {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fakeUrl(),
      },
      { clock: new ManualClock(START) },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  function event(type: string, object: Record<string, unknown>, id = `evt_${++eventSeq}`) {
    return { id, object: 'event', type, api_version: '2025-03-31.basil', created: START / 1000, data: { object } };
  }

  async function deliver(payload: unknown, signature?: string) {
    const body = JSON.stringify(payload);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ?? signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
      },
      payload: body,
    });
  }

  const tags = (email: string) => contactTagsOf(t, email);

  it('creates a Checkout Session and applies signed events exactly once', async () => {
    const erin = await signUp(t, 'erin');
    const products = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json() as {
      prices: { id: number; interval: string }[];
    }[];
    const priceId = products[0]!.prices.find((p) => p.interval === 'year')!.id;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments/config' })).json()).toEqual({
      provider: 'stripe',
      label: 'Stripe',
    });

    const checkout = await erin.post('/api/v1/checkout', { priceId });
    expect(checkout.statusCode).toBe(200);
    const { sessionId, url } = checkout.json() as { sessionId: string; url: string };
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_fake1');
    const created = fake.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(created?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(created?.idempotencyKey).toBe(`checkout-${sessionId}`);
    expect(created?.body.get('mode')).toBe('subscription');
    expect(created?.body.get('client_reference_id')).toBe(sessionId);
    expect(created?.body.get('customer_email')).toBe('erin@example.com');
    expect(created?.body.get('line_items[0][price_data][unit_amount]')).toBe('29000');
    expect(created?.body.get('line_items[0][price_data][recurring][interval]')).toBe('year');

    // The test-mode card form is not for Stripe sessions.
    const pay = await erin.post(`/api/v1/checkout/${sessionId}/pay`, {
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(pay.statusCode).toBe(400);

    // Unsigned or wrongly signed events are rejected and change nothing.
    const completed = event('checkout.session.completed', {
      id: 'cs_test_fake1',
      object: 'checkout.session',
      client_reference_id: sessionId,
      metadata: { sessionId },
      payment_status: 'paid',
      amount_total: 29000,
      subscription: 'sub_fake1',
    });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed),
    });
    expect(unsigned.statusCode).toBe(400);
    const forged = await deliver(
      completed,
      signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(completed), secret: 'whsec_wrong' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe('The Stripe signature does not match this body.');
    expect(await tags(erin.email)).toEqual([]);

    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'processed' });
    const second = await deliver(completed);
    expect(second.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await tags(erin.email)).toEqual([SUBSCRIBER_TAG_ID]);
    expect(await t.services.database.db.selectFrom('subscriptions').selectAll().execute()).toHaveLength(1);
    expect(await outboxTemplates(t, erin.email)).toEqual(['welcome', 'subscription-started', 'receipt']);
    expect((await erin.get('/api/v1/subscription')).json()).toMatchObject({
      status: 'active',
      price: { amount: 29000, interval: 'year' },
      currentPeriodEnd: '2027-03-01T09:00:00.000Z',
    });

    // Cancelling goes to Stripe first.
    const cancel = await erin.post('/api/v1/subscription/cancel');
    expect(cancel.json()).toMatchObject({ cancelAtPeriodEnd: true });
    const update = fake.requests.find((r) => r.path === '/v1/subscriptions/sub_fake1');
    expect(update?.body.get('cancel_at_period_end')).toBe('true');
    expect(update?.idempotencyKey).toMatch(/^cancel-flag-sub_fake1-true-\d+$/);

    // Stripe says the customer resumed in its portal.
    await deliver(
      event('customer.subscription.updated', {
        id: 'sub_fake1',
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
      }),
    );
    expect((await erin.get('/api/v1/subscription')).json().cancelAtPeriodEnd).toBe(false);

    // A renewal invoice moves the period.
    const nextEnd = Date.UTC(2028, 2, 1, 9, 0, 0) / 1000;
    const renewal = await deliver(
      event('invoice.paid', {
        id: 'in_1',
        object: 'invoice',
        amount_paid: 29000,
        parent: { subscription_details: { subscription: 'sub_fake1' } },
        lines: { data: [{ period: { start: Date.UTC(2027, 2, 1, 9) / 1000, end: nextEnd } }] },
      }),
    );
    expect(renewal.json().outcome).toBe('processed');
    expect((await erin.get('/api/v1/subscription')).json().currentPeriodEnd).toBe('2028-03-01T09:00:00.000Z');

    const deleted = await deliver(
      event('customer.subscription.deleted', { id: 'sub_fake1', object: 'subscription', status: 'canceled' }),
    );
    expect(deleted.json().outcome).toBe('processed');
    expect(await tags(erin.email)).toEqual([]);
    expect((await outboxTemplates(t, erin.email)).at(-1)).toBe('subscription-ended');

    const unknown = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(unknown.json().outcome).toBe('ignored');
  });

  it('answers 503 when Stripe cannot be reached, and leaves no open session', async () => {
    const down = await createTestApp(dialect, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const ivy = await signUp(down, 'ivy');
      const res = await ivy.post('/api/v1/checkout', { priceId: 1 });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('The payment service is unavailable right now. Try again in a minute.');
      const sessions = await down.services.database.db.selectFrom('checkout_sessions').select('status').execute();
      expect(sessions).toEqual([{ status: 'expired' }]);
    } finally {
      await down.close();
    }
  });

  it('answers 404 on the webhook when Stripe is not configured', async () => {
    const plain = await createTestApp(dialect);
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
