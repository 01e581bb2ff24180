import { describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { useTestApp } from '../../testing/test-fixtures.js';
import { signedInUser, TEST_ORIGIN, type SignedIn } from '../../testing/auth-helpers.js';

describe.each(testDialects())('POST /api/seasonality compatibility call (%s)', (dialect) => {
  const t = useTestApp(dialect, { scope: 'each' });

  const call = (who: SignedIn | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/seasonality',
      headers: who ? who.headers : { origin: TEST_ORIGIN },
      payload,
    });

  it('getProducts answers data.results.products for anyone, without a success popup message', async () => {
    const res = await call(null, { action: 'getProducts' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.data)).toEqual(['results']);
    const products = body.data.results.products;
    const direct = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json();
    expect(products).toEqual(direct);
    expect(products[0].prices.map((p: { amount: number }) => p.amount)).toEqual([2900, 29000]);
  });

  it('an unknown action is a 400 that lists the valid ones', async () => {
    const res = await call(null, { action: 'dropTables' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'Unknown action "dropTables". Valid actions: getProducts, getSubscriptionsByUserID, getUserByEmail.',
        details: { validActions: ['getProducts', 'getSubscriptionsByUserID', 'getUserByEmail'] },
      },
    });
    const missing = await call(null, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation_failed');
  });

  it('members ask only about themselves; admins about anyone', async () => {
    const member = await signedInUser(t, { subscriber: true });
    const other = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });

    expect((await call(null, { action: 'getUserByEmail', email: member.user.email })).statusCode).toBe(401);

    const own = await call(member, { action: 'getUserByEmail', email: member.user.email.toUpperCase() });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: { results: { id: member.user.contactId, tag_ids: [SUBSCRIBER_TAG_ID] } } });

    const foreign = await call(member, { action: 'getUserByEmail', email: other.user.email });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('You may only look up your own e-mail address.');

    const byAdmin = await call(admin, { action: 'getUserByEmail', email: other.user.email });
    expect(byAdmin.json()).toEqual({ data: { results: { id: other.user.contactId, tag_ids: [] } } });
    expect((await call(admin, { action: 'getUserByEmail', email: 'nobody@example.com' })).statusCode).toBe(404);
    expect((await call(member, { action: 'getUserByEmail' })).statusCode).toBe(400);

    const subs = await call(member, { action: 'getSubscriptionsByUserID', contact_id: member.user.contactId });
    expect(subs.statusCode).toBe(200);
    expect(subs.json()).toEqual({ data: { results: [] } });
    const asString = await call(member, {
      action: 'getSubscriptionsByUserID',
      contact_id: String(member.user.contactId),
    });
    expect(asString.statusCode).toBe(200);

    const otherSubs = await call(member, { action: 'getSubscriptionsByUserID', contact_id: other.user.contactId });
    expect(otherSubs.statusCode).toBe(403);
    expect(otherSubs.json().error.message).toBe('You may only look up your own subscriptions.');
    expect(
      (await call(admin, { action: 'getSubscriptionsByUserID', contact_id: other.user.contactId })).statusCode,
    ).toBe(200);
    expect((await call(admin, { action: 'getSubscriptionsByUserID', contact_id: 999999 })).statusCode).toBe(404);
    expect((await call(member, { action: 'getSubscriptionsByUserID', contact_id: 'abc' })).statusCode).toBe(400);
  });

  it("lists a contact's subscriptions after a test-mode payment", async () => {
    const member = await signedInUser(t);
    const products = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json();
    const priceId = products[0].prices[0].id;
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout',
      headers: member.headers,
      payload: { priceId },
    });
    const { sessionId } = checkout.json();
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${sessionId}/pay`,
      headers: member.headers,
      payload: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '1234' },
    });
    const res = await call(member, { action: 'getSubscriptionsByUserID', contact_id: member.user.contactId });
    expect(res.json().data.results).toEqual([
      {
        id: expect.any(Number),
        contact_id: member.user.contactId,
        status: 'active',
        product: 'Solstice Premium',
        price_id: priceId,
        amount: 2900,
        currency: 'usd',
        interval: 'month',
        current_period_end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        cancel_at_period_end: false,
      },
    ]);
    const me = await call(member, { action: 'getUserByEmail', email: member.user.email });
    expect(me.json().data.results.tag_ids).toEqual([SUBSCRIBER_TAG_ID]);
  });
});
