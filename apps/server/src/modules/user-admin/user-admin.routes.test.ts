import { describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { useAdminTestApp } from '../../testing/test-fixtures.js';
import { signUp } from '../../testing/billing-helpers.js';

describe.each(testDialects())('user administration (%s)', (dialect) => {
  const { t, admin, member, as } = useAdminTestApp(dialect);

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
        await t.services.database.db
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
    const refunded = await t.services.database.db
      .selectFrom('payments')
      .select('status')
      .where('status', '=', 'refunded')
      .execute();
    expect(refunded).toHaveLength(1);
  });
});
