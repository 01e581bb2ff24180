import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@solstice/contracts';
import type { DeclaredRoute } from '../http/access.js';
import { testDialects } from '../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../testing/auth-helpers.js';
import { startLiveServer, type LiveServer } from '../testing/live-server.js';

/**
 * Input a database refuses (ids beyond its 32-bit INTEGER columns, text with NUL, which
 * PostgreSQL cannot store) must be a 400 naming the field, never a 500 from the driver.
 */

/** Path parameters that are text, not numeric ids; any other parameter must be an id. */
const TEXT_PARAMS = new Set(['symbol', 'sessionId']);

/** Valid bodies, so that only the id can be what is wrong. */
const BODIES: Record<string, unknown> = {
  'PUT /api/v1/watchlists/:id': { name: 'List', symbols: [] },
  'PATCH /api/v1/admin/products/:id': { name: 'Plan' },
  'POST /api/v1/admin/products/:id/prices': { amount: 100, interval: 'month' },
  'PUT /api/v1/admin/users/:id/roles': { roles: ['member'] },
  'POST /api/v1/admin/users/:id/subscriber': {},
  'PATCH /api/v1/alerts/:id': { name: 'Alert' },
  'PATCH /api/v1/scans/:id': { name: 'Scan' },
};

/** Bad ids as they appear in a path (already percent-encoded where needed). */
const BAD_PATH_IDS = [
  '2147483648',
  '99999999999',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%2012',
  '12%20',
  '012',
  '%EF%BC%91', // a full-width digit one
  'NaN',
  'Infinity',
];

/** Bad ids as JSON text in a body. */
const BAD_JSON_IDS = [
  '2147483648',
  '99999999999',
  '9007199254740993',
  '1e400',
  '-1',
  '0',
  '1.5',
  'true',
  'null',
  '"1e3"',
  '"0x10"',
  '" 12"',
  '"-1"',
  '"2147483648"',
  '""',
];

const idParams = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

describe.each(testDialects())('ids and NUL over HTTP on %s', (dialect) => {
  let live: LiveServer;
  let admin: SignedIn;
  let idRoutes: DeclaredRoute[];

  beforeAll(async () => {
    live = await startLiveServer(dialect);
    admin = await signedInUser(live, { role: 'admin', subscriber: true });
    idRoutes = live.app.declaredRoutes.filter(
      (r) => r.method !== 'HEAD' && idParams(r.url).some((p) => !TEXT_PARAMS.has(p)),
    );
  });
  afterAll(async () => {
    await live?.close();
  });

  async function send(method: string, path: string, body?: string, cookie: string | null = admin.cookie) {
    const headers: Record<string, string> = { origin: live.baseUrl };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(live.baseUrl + path, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await res.text();
    return { status: res.status, text, json: text ? (JSON.parse(text) as unknown) : undefined };
  }

  /** A 400 in the app's error shape naming `path`. */
  function expectInvalid(res: { status: number; text: string; json: unknown }, path: string) {
    expect(res.status, res.text).toBe(400);
    const parsed = errorResponseSchema.parse(res.json);
    expect(parsed.error.code).toBe('validation_failed');
    const issues = (parsed.error.details as { issues: { path: string }[] }).issues;
    expect(issues.map((i) => i.path)).toContain(path);
  }

  it('every path parameter is either text or an id (so no id route escapes the checks below)', () => {
    const params = new Set(live.app.declaredRoutes.flatMap((r) => idParams(r.url)));
    expect([...params].filter((p) => !TEXT_PARAMS.has(p))).toEqual(['id']);
    expect(idRoutes.length).toBeGreaterThanOrEqual(15);
  });

  it('a bad id in any route path is a 400 on params.id, for an admin', async () => {
    for (const route of idRoutes) {
      const body = BODIES[`${route.method} ${route.url}`];
      for (const id of BAD_PATH_IDS) {
        const res = await send(
          route.method,
          route.url.replace(':id', id),
          body === undefined ? undefined : JSON.stringify(body),
        );
        expect(res.status, `${route.method} ${route.url} with ${id}: ${res.text}`).toBe(400);
        expectInvalid(res, 'params.id');
      }
    }
  });

  it('the largest id is looked up (404 or an answer), never a 500', async () => {
    for (const route of idRoutes) {
      const body = BODIES[`${route.method} ${route.url}`];
      const res = await send(
        route.method,
        route.url.replace(':id', '2147483647'),
        body === undefined ? undefined : JSON.stringify(body),
      );
      expect(res.status, `${route.method} ${route.url}: ${res.text}`).toBe(404);
    }
  });

  it('a bad id in a body is a 400 naming the field', async () => {
    const cases: { method: string; path: string; field: string; body: (id: string) => string }[] = [
      { method: 'POST', path: '/api/v1/checkout', field: 'priceId', body: (id) => `{"priceId":${id}}` },
      {
        method: 'POST',
        path: '/api/seasonality',
        field: 'contact_id',
        body: (id) => `{"action":"getSubscriptionsByUserID","contact_id":${id}}`,
      },
    ];
    for (const c of cases) {
      for (const id of BAD_JSON_IDS) {
        expectInvalid(await send(c.method, c.path, c.body(id)), `body.${c.field}`);
      }
      // The largest id and its text form are ids: looked up, not found.
      expect((await send(c.method, c.path, c.body('2147483647'))).status).toBe(404);
      expect((await send(c.method, c.path, c.body('"2147483647"'))).status).toBe(404);
    }
  });

  it('a watchlist universe beyond the id range is a 400, the largest id a 404', async () => {
    const scan = (universe: string) =>
      send(
        'POST',
        '/api/v1/seasonality/scan',
        JSON.stringify({ startFrom: '01-01', startTo: '01-10', minDays: 5, maxDays: 10, universe }),
      );
    for (const id of ['2147483648', '9999999999', '99999999999', '0', '-1']) {
      expectInvalid(await scan(`watchlist:${id}`), 'body.universe');
    }
    expect((await scan('watchlist:2147483647')).status).toBe(404);
  });

  it('an amount beyond the 32-bit column is a 400, not a driver error', async () => {
    const res = await send(
      'POST',
      '/api/v1/admin/products',
      JSON.stringify({ name: 'Big', prices: [{ amount: 2147483648, interval: 'month' }] }),
    );
    expectInvalid(res, 'body.prices.0.amount');
  });

  it('NUL in the unauthenticated login and signup bodies is a 400 on the field', async () => {
    const pw = 'correct horse battery';
    expectInvalid(
      await send('POST', '/api/auth/login', JSON.stringify({ login: 'a\u0000b', password: pw }), null),
      'body.login',
    );
    expectInvalid(
      await send('POST', '/api/auth/login', JSON.stringify({ login: 'alice', password: 'a\u0000b' }), null),
      'body.password',
    );
    expectInvalid(
      await send(
        'POST',
        '/api/auth/signup',
        JSON.stringify({ email: 'x@example.com', username: 'nul\u0000user', password: pw }),
        null,
      ),
      'body.username',
    );
    expectInvalid(
      await send('POST', '/api/auth/password-reset/request', JSON.stringify({ email: 'a\u0000@x.com' }), null),
      'body.email',
    );
    // In a key, too (the key is named in the path).
    expectInvalid(
      await send('POST', '/api/auth/login', `{"login":"a","password":"b","x\\u0000":1}`, null),
      'body.x\u0000',
    );
  });

  it('NUL in a query string is a 400 on the parameter', async () => {
    expectInvalid(await send('GET', '/api/v1/instruments?q=%00'), 'query.q');
    expectInvalid(await send('GET', '/api/v1/admin/users?q=a%00b'), 'query.q');
    expectInvalid(await send('GET', '/api/v1/admin/outbox?to=%00'), 'query.to');
    expectInvalid(await send('GET', '/api/v1/admin/outbox?template=x%00'), 'query.template');
    expectInvalid(await send('GET', '/api/v1/instruments/AA%00'), 'params.symbol');
  });

  it('NUL in signed-in bodies, nested included, is a 400 on the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/v1/watchlists', { name: 'a\u0000' }, 'body.name'],
      [
        'POST',
        '/api/v1/watchlists',
        { name: 'ok', symbols: [{ sym: 'AAPL', description: 'x\u0000' }] },
        'body.symbols.0.description',
      ],
      ['POST', '/api/v1/admin/products', { name: 'a\u0000b' }, 'body.name'],
      ['POST', '/api/v1/admin/products', { name: 'ok', description: '\u0000' }, 'body.description'],
      ['DELETE', '/api/v1/admin/users/1/subscriber', { reason: 'x\u0000' }, 'body.reason'],
      ['POST', '/api/seasonality', { action: 'getUserByEmail', email: 'a\u0000@x.com' }, 'body.email'],
      ['POST', '/api/v1/scanner', { expression: 'close > 1\u0000' }, 'body.expression'],
      ['POST', '/api/v1/admin/import', { paths: ['/tmp/a\u0000b'] }, 'body.paths.0'],
      ['PATCH', '/api/me/preferences', { locale: 'en-US\u0000' }, 'body.locale'],
    ];
    for (const [method, path, body, field] of cases)
      expectInvalid(await send(method, path, JSON.stringify(body)), field);
  });

  it('a very deeply nested body is a 400, not a stack overflow', async () => {
    const depth = 100_000;
    const res = await send('POST', '/api/v1/admin/products', `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(res.status, res.text.slice(0, 200)).toBe(400);
  });
});
