import { describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.js';
import { useAdminTestApp } from '../../testing/test-fixtures.js';

describe.each(testDialects())('products and prices for admins (%s)', (dialect) => {
  const { t, admin, member, as } = useAdminTestApp(dialect);

  it('manages products and prices', async () => {
    expect((await as(member, 'GET', '/api/v1/admin/products')).statusCode).toBe(403);
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
