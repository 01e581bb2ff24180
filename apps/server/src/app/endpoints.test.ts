import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, ROUTES_NOT_FOR_THE_WEB, endpointPath, type EndpointName } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * The endpoint table of packages/contracts (the web client's only source of paths) against
 * the routes the server registered: the router's own list, so a route added or moved later
 * is checked without anyone editing this test. Settings turn on the routes that exist only
 * with them (Prometheus needs a token; the billing test clock needs Stripe's test mode).
 */
describe('the endpoint table and the registered routes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { METRICS_TOKEN: 'endpoints-test-metrics-token' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** "GET /api/v1/x/:id" for every API route (not the web app's files, not HEAD/OPTIONS). */
  const registered = () =>
    new Set(
      t.app.declaredRoutes
        .filter((r) => r.access.kind !== 'asset' && r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .filter((r) => r.url.startsWith('/api/') || r.url === '/metrics')
        .map((r) => `${r.method} ${r.url}`),
    );
  const table = () =>
    (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => ({
      name,
      key: `${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`,
    }));

  it('has every endpoint of the table registered, with the same method and path', () => {
    const routes = registered();
    const missing = table()
      .filter(({ key }) => !routes.has(key))
      .map(({ name, key }) => `${name}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('has every registered API route in the table, or listed as not for the web', () => {
    const known = new Set([...table().map(({ key }) => key), ...Object.keys(ROUTES_NOT_FOR_THE_WEB)]);
    const unlisted = [...registered()].filter((key) => !known.has(key));
    expect(unlisted).toEqual([]);
  });

  it('lists a route once: no two names share a route, and nothing is both in the table and not for the web', () => {
    const keys = table().map(({ key }) => key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => key in ROUTES_NOT_FOR_THE_WEB)).toEqual([]);
  });

  it('lists as not for the web only routes that exist (or exist only in a mode this test does not start)', () => {
    const routes = registered();
    const absent = Object.keys(ROUTES_NOT_FOR_THE_WEB).filter((key) => !routes.has(key));
    expect(absent.filter((key) => key !== 'POST /api/v1/admin/billing/test-clock')).toEqual([]);
  });

  it('fills in path parameters, URL-encoded, and refuses a missing one', () => {
    expect(endpointPath('bars', { symbol: 'BRK/B' })).toBe('/api/v1/bars/BRK%2FB');
    expect(endpointPath('checkoutPay', { sessionId: 'cs 1' })).toBe('/api/v1/checkout/cs%201/pay');
    expect(endpointPath('me')).toBe('/api/me');
    expect(() => endpointPath('adminUser', {} as { id: number })).toThrow(/missing path parameter "id"/);
  });
});
