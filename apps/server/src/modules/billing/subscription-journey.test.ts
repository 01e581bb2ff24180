import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { createTestApp, createTestAppOn, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser } from '../../testing/auth-helpers.js';
import { ManualClock } from '../jobs/clock.js';
import { addInterval } from './billing-period.js';
import { clientFor, contactTagsOf, outboxTemplates, signUp, type Client } from '../../testing/billing-helpers.js';

const START = Date.UTC(2026, 0, 15, 12, 0, 0);

describe.each(testDialects())('subscription journey (%s)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock(START);
    t = await createTestApp(dialect, {}, { clock });
  });
  afterEach(async () => {
    await t.close();
  });

  async function monthlyPriceId(): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
    const products = res.json() as { prices: { id: number; interval: string }[] }[];
    const price = products[0]?.prices.find((p) => p.interval === 'month');
    if (!price) throw new Error('no monthly price');
    return price.id;
  }

  async function subscribe(client: Client, card = '4242 4242 4242 4242'): Promise<string> {
    const checkout = await client.post('/api/v1/checkout', { priceId: await monthlyPriceId() });
    expect(checkout.statusCode).toBe(200);
    const { sessionId } = checkout.json() as { sessionId: string };
    const paid = await client.post(`/api/v1/checkout/${sessionId}/pay`, {
      cardNumber: card,
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.json()).toMatchObject({ status: 'paid' });
    return sessionId;
  }

  const tagsOf = (email: string) => contactTagsOf(t, email);

  it('lists the seeded plans publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(res.statusCode).toBe(200);
    const products = res.json() as { id: number; name: string; prices: unknown[] }[];
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ name: 'Solstice Premium' });
    expect(products[0]?.prices).toEqual([
      { id: expect.any(Number), amount: 2900, currency: 'usd', interval: 'month' },
      { id: expect.any(Number), amount: 29000, currency: 'usd', interval: 'year' },
    ]);
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payments/config' });
    expect(config.json()).toEqual({ provider: 'test', label: 'Test mode' });
  });

  it('signs up, is refused, pays in test mode, becomes a subscriber, cancels and loses the tag at period end', async () => {
    const alice = await signUp(t, 'alice');
    expect(await outboxTemplates(t, alice.email)).toEqual(['welcome']);

    const refused = await alice.get('/api/v1/subscription/premium');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('subscription_required');
    expect(refused.json().error.message).toContain('/subscribe');
    // The real premium tools refuse the same way.
    const scanRefused = await alice.post('/api/v1/scanner', { expression: 'close > 0' });
    expect(scanRefused.statusCode).toBe(403);
    expect(scanRefused.json().error.code).toBe('subscription_required');
    expect((await alice.get('/api/v1/seasonality/calendar?symbol=SPY')).statusCode).toBe(403);

    expect((await alice.get('/api/v1/subscription')).json()).toEqual({
      status: 'none',
      product: null,
      price: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      subscriber: false,
    });

    const priceId = await monthlyPriceId();
    const checkout = await alice.post('/api/v1/checkout', { priceId });
    expect(checkout.statusCode).toBe(200);
    const { sessionId, url, provider } = checkout.json() as { sessionId: string; url: string; provider: string };
    expect(provider).toBe('test');
    expect(url).toBe(`/subscribe?session=${sessionId}`);

    const session = await alice.get(`/api/v1/checkout/${sessionId}`);
    expect(session.json()).toMatchObject({
      status: 'open',
      providerLabel: 'Test mode',
      price: { id: priceId, amount: 2900, interval: 'month' },
    });

    // Malformed cards never reach the payment step.
    for (const [body, path] of [
      [{ cardNumber: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, 'body.cardNumber'],
      [{ cardNumber: '4242', expiry: '12/30', cvc: '123' }, 'body.cardNumber'],
      [{ cardNumber: '4242 4242 4242 4242', expiry: '13/30', cvc: '123' }, 'body.expiry'],
      [{ cardNumber: '4242 4242 4242 4242', expiry: '2030-12', cvc: '123' }, 'body.expiry'],
      [{ cardNumber: '4242 4242 4242 4242', expiry: '12/25', cvc: '123' }, 'body.expiry'],
      [{ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '12' }, 'body.cvc'],
    ] as const) {
      const res = await alice.post(`/api/v1/checkout/${sessionId}/pay`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.details.issues[0].path).toBe(path);
    }

    // Another user cannot see or pay this session.
    const mallory = await signedInUser(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${sessionId}/pay`,
      headers: mallory.headers,
      payload: { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
    });
    expect(foreign.statusCode).toBe(404);

    const declined = await alice.post(`/api/v1/checkout/${sessionId}/pay`, {
      cardNumber: '4000 0000 0000 0002',
      expiry: '12/30',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({
      status: 'declined',
      message: 'Your card was declined. Try another card or contact your bank.',
    });
    expect((await alice.get('/api/v1/subscription')).json().status).toBe('none');
    expect(await tagsOf(alice.email)).toEqual([]);

    const paid = await alice.post(`/api/v1/checkout/${sessionId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.json()).toEqual({
      status: 'paid',
      message: 'Payment received (test mode). Your subscription is active.',
    });
    const again = await alice.post(`/api/v1/checkout/${sessionId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(again.json()).toEqual({ status: 'paid', message: 'This checkout session is already paid.' });
    const payments = await t.services.database.db
      .selectFrom('payments')
      .select(['status', 'amount'])
      .orderBy('id')
      .execute();
    expect(payments.map((p) => [p.status, Number(p.amount)])).toEqual([
      ['declined', 2900],
      ['paid', 2900],
    ]);

    const periodEnd = addInterval(START, 'month');
    expect(new Date(periodEnd).toISOString()).toBe('2026-02-15T12:00:00.000Z');
    expect((await alice.get('/api/v1/subscription')).json()).toMatchObject({
      status: 'active',
      product: { name: 'Solstice Premium' },
      price: { id: priceId, amount: 2900, currency: 'usd', interval: 'month' },
      currentPeriodEnd: '2026-02-15T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      subscriber: true,
    });
    expect(await tagsOf(alice.email)).toEqual([SUBSCRIBER_TAG_ID]);
    expect(await outboxTemplates(t, alice.email)).toEqual(['welcome', 'subscription-started', 'receipt']);
    expect((await alice.get('/api/v1/subscription/premium')).statusCode).toBe(200);
    const scan = await alice.post('/api/v1/scanner', { expression: 'close > 0' });
    expect(scan.statusCode).toBe(200);
    // A second checkout while subscribed is refused.
    expect((await alice.post('/api/v1/checkout', { priceId })).statusCode).toBe(409);

    const cancelled = await alice.post('/api/v1/subscription/cancel');
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, subscriber: true });
    expect((await outboxTemplates(t, alice.email)).at(-1)).toBe('subscription-ending');

    // One minute before the period end nothing happens.
    clock.set(periodEnd - 60_000);
    expect(await t.services.jobs.runDue()).toBe(0);
    expect(await tagsOf(alice.email)).toEqual([SUBSCRIBER_TAG_ID]);

    clock.set(periodEnd + 1);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(await tagsOf(alice.email)).toEqual([]);
    expect((await alice.get('/api/v1/subscription')).json()).toMatchObject({
      status: 'ended',
      cancelAtPeriodEnd: false,
      subscriber: false,
    });
    expect((await alice.get('/api/v1/subscription/premium')).statusCode).toBe(403);
    expect((await alice.post('/api/v1/scanner', { expression: 'close > 0' })).statusCode).toBe(403);
    expect((await outboxTemplates(t, alice.email)).at(-1)).toBe('subscription-ended');

    // The job is idempotent: running it again (or the handler directly) changes nothing.
    expect(await t.services.jobs.runDue()).toBe(0);
    const subscription = await t.services.database.db
      .selectFrom('subscriptions')
      .select('id')
      .executeTakeFirstOrThrow();
    await t.services.billing.lifecycle.handlePeriodEnd(Number(subscription.id));
    expect(await outboxTemplates(t, alice.email)).toEqual([
      'welcome',
      'subscription-started',
      'receipt',
      'subscription-ending',
      'subscription-ended',
    ]);
  });

  it('renews at period end unless cancelled; resume undoes a cancel', async () => {
    const bob = await signUp(t, 'bob');
    await subscribe(bob);
    expect((await bob.post('/api/v1/subscription/cancel')).json().cancelAtPeriodEnd).toBe(true);
    expect((await bob.post('/api/v1/subscription/resume')).json().cancelAtPeriodEnd).toBe(false);

    clock.set(addInterval(START, 'month') + 1000);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect((await bob.get('/api/v1/subscription')).json()).toMatchObject({
      status: 'active',
      currentPeriodEnd: '2026-03-15T12:00:00.000Z',
      subscriber: true,
    });
    expect(await tagsOf(bob.email)).toEqual([SUBSCRIBER_TAG_ID]);
    expect((await outboxTemplates(t, bob.email)).filter((x) => x === 'receipt')).toHaveLength(2);
    // The next period's job waits for its own date.
    expect(await t.services.jobs.runDue()).toBe(0);
  });

  it('ends the subscription when the card on file declines the renewal', async () => {
    const carol = await signUp(t, 'carol');
    await subscribe(carol, '4000 0000 0000 0341');
    expect(await tagsOf(carol.email)).toEqual([SUBSCRIBER_TAG_ID]);
    clock.set(addInterval(START, 'month') + 1);
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(await tagsOf(carol.email)).toEqual([]);
    const sub = await t.services.database.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(sub.status).toBe('ended');
    expect(sub.end_reason).toBe('renewal payment failed');
    expect((await outboxTemplates(t, carol.email)).at(-1)).toBe('subscription-ended');
  });

  it('expires an unpaid test-mode checkout session after a day', async () => {
    const gina = await signUp(t, 'gina');
    const { sessionId } = (await gina.post('/api/v1/checkout', { priceId: await monthlyPriceId() })).json();
    clock.advance(25 * 60 * 60 * 1000);
    const late = await gina.post(`/api/v1/checkout/${sessionId}/pay`, {
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This checkout session has expired. Start a new checkout.');
    expect((await gina.get(`/api/v1/checkout/${sessionId}`)).json().status).toBe('expired');
    expect(await tagsOf(gina.email)).toEqual([]);
  });

  it('keeps the period-end job in the database across a restart', async () => {
    const dave = await signUp(t, 'dave');
    await subscribe(dave);
    await dave.post('/api/v1/subscription/cancel');
    const jobs = await t.services.database.db.selectFrom('jobs').selectAll().execute();
    expect(jobs).toHaveLength(1);
    expect(Number(jobs[0]?.run_at)).toBe(addInterval(START, 'month'));

    // A second server on the same database (a restart) picks the job up.
    const restarted = await createTestAppOn(t, { clock: new ManualClock(addInterval(START, 'month') + 5) });
    try {
      expect(await restarted.services.jobs.runDue()).toBe(1);
      expect(await tagsOf(dave.email)).toEqual([]);
      const cookieClient = clientFor(restarted, dave.cookie, dave.email, dave.username);
      expect((await cookieClient.get('/api/v1/subscription')).json().status).toBe('ended');
    } finally {
      await restarted.close();
    }
  });
});
