import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { signUp } from './testing/billing-test-helpers.js';

describe.each(testDialects())('admin API (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await signedInUser(t.app, { role: 'admin', username: 'root_admin' });
    member = await signedInUser(t.app, { username: 'plain_member' });
  });
  afterEach(async () => {
    await t.close();
  });

  const as = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('is closed to members', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/admin/users'],
      ['GET', '/api/v1/admin/products'],
      ['GET', '/api/v1/admin/outbox'],
      ['POST', `/api/v1/admin/users/${member.user.id}/subscriber`],
    ] as const) {
      const res = await as(member, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(401);
  });

  it('searches users, sets roles, grants and revokes the subscriber tag', async () => {
    const search = await as(admin, 'GET', '/api/v1/admin/users?q=PLAIN');
    expect(search.statusCode).toBe(200);
    expect(search.json().users).toEqual([
      {
        id: member.user.id,
        email: member.user.email,
        username: 'plain_member',
        roles: ['member'],
        subscriber: false,
        createdAt: expect.any(String),
      },
    ]);
    // "_" in the query is literal, not a LIKE wildcard.
    expect((await as(admin, 'GET', '/api/v1/admin/users?q=plain_m')).json().users).toHaveLength(1);
    expect((await as(admin, 'GET', '/api/v1/admin/users?q=plainxm')).json().users).toHaveLength(0);

    const promoted = await as(admin, 'PUT', `/api/v1/admin/users/${member.user.id}/roles`, {
      roles: ['member', 'admin'],
    });
    expect(promoted.json().roles).toEqual(['member', 'admin']);
    const demoted = await as(admin, 'PUT', `/api/v1/admin/users/${member.user.id}/roles`, { roles: ['member'] });
    expect(demoted.json().roles).toEqual(['member']);
    expect(
      (await as(admin, 'PUT', `/api/v1/admin/users/${admin.user.id}/roles`, { roles: ['member'] })).statusCode,
    ).toBe(409);
    expect(
      (await as(admin, 'PUT', `/api/v1/admin/users/${member.user.id}/roles`, { roles: ['owner'] })).statusCode,
    ).toBe(400);

    const granted = await as(admin, 'POST', `/api/v1/admin/users/${member.user.id}/subscriber`, {});
    expect(granted.json()).toEqual({ id: member.user.contactId, tag_ids: [SUBSCRIBER_TAG_ID] });
    expect((await as(member, 'GET', '/api/v1/subscription/premium')).statusCode).toBe(200);
    expect((await as(admin, 'GET', `/api/v1/admin/users/${member.user.id}/contact`)).json()).toEqual({
      id: member.user.contactId,
      tag_ids: [SUBSCRIBER_TAG_ID],
    });

    const revoked = await as(admin, 'DELETE', `/api/v1/admin/users/${member.user.id}/subscriber`, {
      reason: 'chargeback',
    });
    expect(revoked.json()).toEqual({ id: member.user.contactId, tag_ids: [] });
    expect((await as(member, 'GET', '/api/v1/subscription/premium')).statusCode).toBe(403);
    expect((await as(admin, 'GET', '/api/v1/admin/users/999999')).statusCode).toBe(404);
  });

  it('revoking ends a paid subscription; refund ends one too', async () => {
    const frank = await signUp(t, 'frank');
    const frankId = Number(
      (
        await t.ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', frank.email)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const priceId = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json()[0].prices[0].id;
    const pay = async () => {
      const { sessionId } = (await frank.post('/api/v1/checkout', { priceId })).json();
      await frank.post(`/api/v1/checkout/${sessionId}/pay`, {
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      });
    };
    await pay();
    await as(admin, 'DELETE', `/api/v1/admin/users/${frankId}/subscriber`, {});
    let subs = (await as(admin, 'GET', `/api/v1/admin/users/${frankId}/subscriptions`)).json().subscriptions;
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'ended', endReason: 'revoked by an administrator', amount: 2900 });

    await pay();
    subs = (await as(admin, 'GET', `/api/v1/admin/users/${frankId}/subscriptions`)).json().subscriptions;
    expect(subs[0].status).toBe('active');
    expect((await as(admin, 'POST', `/api/v1/admin/subscriptions/${subs[0].id}/refund`, {})).json()).toEqual({
      refunded: true,
    });
    subs = (await as(admin, 'GET', `/api/v1/admin/users/${frankId}/subscriptions`)).json().subscriptions;
    expect(subs[0]).toMatchObject({ status: 'ended', endReason: 'refunded' });
    expect((await frank.get('/api/v1/subscription')).json().subscriber).toBe(false);
    const refunded = await t.ctx.database.db
      .selectFrom('payments')
      .select('status')
      .where('status', '=', 'refunded')
      .execute();
    expect(refunded).toHaveLength(1);
  });

  it('the test clock ends a cancelled subscription now', async () => {
    const hank = await signUp(t, 'hank');
    const priceId = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json()[0].prices[0].id;
    const { sessionId } = (await hank.post('/api/v1/checkout', { priceId })).json();
    await hank.post(`/api/v1/checkout/${sessionId}/pay`, {
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    await hank.post('/api/v1/subscription/cancel');
    expect((await hank.get('/api/v1/subscription')).json().subscriber).toBe(true);
    expect((await as(member, 'POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: 60 })).statusCode).toBe(403);
    const moved = await as(admin, 'POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: 32 * 24 * 3600 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().ran).toBe(1);
    expect(Date.parse(moved.json().now) - Date.now()).toBeGreaterThan(31 * 24 * 3600 * 1000);
    expect((await hank.get('/api/v1/subscription')).json()).toMatchObject({ status: 'ended', subscriber: false });
    expect((await as(admin, 'POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: 0 })).statusCode).toBe(400);
  });

  it('lists the outbox and reads one message', async () => {
    await signUp(t, 'o_brien');
    const list = await as(admin, 'GET', '/api/v1/admin/outbox?to=o_brien@example.com');
    expect(list.statusCode).toBe(200);
    const messages = list.json().messages;
    expect(messages).toEqual([
      {
        id: expect.any(Number),
        to: 'o_brien@example.com',
        template: 'welcome',
        subject: 'Welcome to Solstice',
        transport: 'outbox',
        status: 'stored',
        createdAt: expect.any(String),
      },
    ]);
    const one = (await as(admin, 'GET', `/api/v1/admin/outbox/${messages[0].id}`)).json();
    expect(one.text).toContain('Hello o_brien,');
    expect(one.html).toContain('<p>Hello o_brien,</p>');
    expect((await as(admin, 'GET', '/api/v1/admin/outbox/999999')).statusCode).toBe(404);
  });

  it('manages products and prices', async () => {
    const created = await as(admin, 'POST', '/api/v1/admin/products', {
      name: 'Solstice Pro <beta>',
      description: 'More',
      prices: [{ amount: 4900, interval: 'month', currency: 'EUR' }],
    });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      name: 'Solstice Pro <beta>',
      active: true,
      prices: [{ amount: 4900, currency: 'eur', interval: 'month', active: true }],
    });
    const bad = await as(admin, 'POST', '/api/v1/admin/products', {
      name: '',
      prices: [{ amount: -1, interval: 'week' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.issues.map((i: { path: string }) => i.path)).toEqual([
      'body.name',
      'body.prices.0.amount',
      'body.prices.0.interval',
    ]);

    const withYear = await as(admin, 'POST', `/api/v1/admin/products/${product.id}/prices`, {
      amount: 49000,
      interval: 'year',
    });
    expect(withYear.json().prices.map((p: { amount: number }) => p.amount)).toEqual([4900, 49000]);
    const retired = await as(admin, 'DELETE', `/api/v1/admin/prices/${product.prices[0].id}`);
    expect(retired.json().prices.map((p: { active: boolean }) => p.active)).toEqual([false, true]);

    let publicList = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json();
    expect(publicList.map((p: { name: string }) => p.name)).toEqual(['Solstice Premium', 'Solstice Pro <beta>']);
    expect(publicList[1].prices.map((p: { amount: number }) => p.amount)).toEqual([49000]);

    await as(admin, 'PATCH', `/api/v1/admin/products/${product.id}`, { active: false });
    publicList = (await t.app.inject({ method: 'GET', url: '/api/v1/products' })).json();
    expect(publicList.map((p: { name: string }) => p.name)).toEqual(['Solstice Premium']);

    expect((await as(admin, 'DELETE', `/api/v1/admin/products/${product.id}`)).json()).toEqual({
      deleted: true,
      archived: false,
    });
    expect((await as(admin, 'GET', '/api/v1/admin/products')).json()).toHaveLength(1);
  });
});
