import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  ENDPOINT_SCHEMAS,
  ENDPOINTS,
  ROUTES_NOT_FOR_THE_WEB,
  endpointPath,
  type EndpointName,
  type EndpointSchemaSet,
} from '@solstice/contracts';
import type { DeclaredRoute } from '../http/access.js';
import { schemaOrigin } from '../http/route-schemas.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/**
 * Where a registered route validates or documents with other schemas than its endpoint's in
 * ENDPOINT_SCHEMAS (the ones the web client's types are derived from): `name: part` per drift.
 * Compared by identity, so a look-alike schema written again at the route is a drift too.
 */
function schemaDrift(routes: readonly DeclaredRoute[]): string[] {
  const byKey = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.schema ?? {}]));
  const drift: string[] = [];
  for (const name of NAMES) {
    const schema: FastifySchema = byKey.get(`${ENDPOINTS[name].method} ${ENDPOINTS[name].path}`) ?? {};
    const table: EndpointSchemaSet = ENDPOINT_SCHEMAS[name];
    for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
      const declared = part === 'headers' ? undefined : table[part];
      if (schemaOrigin(schema[part]) !== declared) drift.push(`${name}: ${part}`);
    }
    const responses = (schema.response ?? {}) as Record<string, unknown>;
    const expected: Record<string, unknown> = table.response ? { [table.status ?? 200]: table.response } : {};
    const codes = new Set([...Object.keys(responses), ...Object.keys(expected)]);
    for (const code of codes) if (responses[code] !== expected[code]) drift.push(`${name}: response ${code}`);
  }
  return drift;
}

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

  it("validates and documents every endpoint with its schemas of ENDPOINT_SCHEMAS, the web's types' source", () => {
    expect(schemaDrift(t.app.declaredRoutes)).toEqual([]);
  });

  it('sees a route whose schemas drift from the table', () => {
    const planted = t.app.declaredRoutes.map((r) => {
      if (r.url === ENDPOINTS.bars.path) return { ...r, schema: { ...r.schema, querystring: z.object({}) } };
      if (r.url === ENDPOINTS.me.path)
        return { ...r, schema: { ...r.schema, response: { 201: ENDPOINT_SCHEMAS.me.response } } };
      return r;
    });
    expect(schemaDrift(planted)).toEqual(['me: response 201', 'me: response 200', 'bars: querystring']);
  });

  it('fills in path parameters, URL-encoded, and refuses a missing one', () => {
    expect(endpointPath('bars', { symbol: 'BRK/B' })).toBe('/api/v1/bars/BRK%2FB');
    expect(endpointPath('checkoutPay', { sessionId: 'cs 1' })).toBe('/api/v1/checkout/cs%201/pay');
    expect(endpointPath('me')).toBe('/api/me');
    expect(() => endpointPath('adminUser', {} as { id: number })).toThrow(/missing path parameter "id"/);
  });
});
