import { describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.js';
import { useAdminTestApp } from '../../testing/test-fixtures.js';
import { signUp } from '../../testing/billing-helpers.js';

describe.each(testDialects())('billing admin: the test clock (%s)', (dialect) => {
  const { t, admin, member, as } = useAdminTestApp(dialect);

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
});
