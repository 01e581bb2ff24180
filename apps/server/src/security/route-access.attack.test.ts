import fs from 'node:fs';
import os from 'node:os';
import { withOperatorDefaults } from '../app/web-pages.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute, RouteAccess } from '../http/access.js';
import { testDialects } from '../testing/test-databases.js';
import { useLiveServer } from '../testing/test-fixtures.js';
import { signedInUser, type SignedIn } from '../testing/auth-helpers.js';
import { rawRequest, startLiveServer, type LiveServer, type RawResponse } from '../testing/live-server.js';

/**
 * Every registered route, reached through every spelling of its path that a router, a proxy
 * or a browser might read differently from the gate: the answer must never be the route's
 * data for someone its declaration refuses.
 */
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => (/symbol/i.test(name) ? 'AAPL' : '1')).replace(/\*/g, 'x');
}

const encodeAll = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

/** Spellings of `p` (a concrete path starting with /api/…) that name the same route or try to. */
export function pathVariants(p: string, port: number): string[] {
  const rest = p.slice('/api'.length);
  const segments = p.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  return [
    p,
    `/%61pi${rest}`,
    `/%41PI${rest}`,
    `/${segments.map(encodeAll).join('/')}`,
    `/api${rest.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `http://x${p}`,
    `http://127.0.0.1:${port}${p}`,
    `https://evil.example${p}`,
    `//api${rest}`,
    `/api//${rest.slice(1)}`,
    `${p.replace(/\/([^/]+)$/, '//$1')}`,
    `/api/./${rest.slice(1)}`,
    `/x/../api${rest}`,
    `/api/v1/%2e%2e/v1${rest.slice('/v1'.length)}`,
    `/api%2f${rest.slice(1).replace(/\//g, '%2f')}`,
    `/API${rest}`,
    `/Api${rest.toUpperCase()}`,
    `${p};x`,
    `/api;x${rest}`,
    `${p.slice(0, p.length - last.length)}${last};jsessionid=1`,
    `${p}/`,
    `${p}?x=1`,
    `${p}%3fx=1`,
    `${p}%00`,
    `${p}%23`,
  ];
}

const INDEX_HTML = '<!doctype html><title>app</title>';
/** The page as served: with the operator's default language and time zone (app/app.ts). */
const SERVED_HTML = withOperatorDefaults(INDEX_HTML, { DEFAULT_LANGUAGE: 'en', DEFAULT_TIME_ZONE: 'Europe/Istanbul' });

const rank: Record<RouteAccess['kind'], number> = { asset: 0, public: 0, user: 1, subscriber: 2, permission: 2 };

describe.each(testDialects())('every route through every spelling of its path, on %s', (dialect) => {
  let live: LiveServer;
  let webDist: string;
  let member: SignedIn;
  let subscriber: SignedIn;
  let admin: SignedIn;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    live = await startLiveServer(dialect, { WEB_DIST: webDist });
    member = await signedInUser(live);
    subscriber = await signedInUser(live, { subscriber: true });
    admin = await signedInUser(live, { role: 'admin' });
    routes = live.app.declaredRoutes.filter((r) => r.method !== 'HEAD' && r.access.kind !== 'asset');
  });
  afterAll(async () => {
    await live?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const send = (method: string, target: string, who?: SignedIn): Promise<RawResponse> => {
    const head = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${live.port}`];
    if (who) head.push(`Cookie: ${who.cookie}`);
    let body = '';
    if (method !== 'GET' && method !== 'HEAD') {
      // Same origin: the origin check must not be what stops these; access must.
      head.push(`Origin: http://127.0.0.1:${live.port}`);
      if (method !== 'DELETE') {
        head.push('Content-Type: application/json');
        body = '{}';
      }
    }
    return rawRequest(live.port, head, body);
  };

  /**
   * Refused: an error, the page gate's redirect to the landing page, or (for a signed-in
   * caller on a path that names no route) the app's own page; never the route's answer.
   */
  const expectRefused = (res: RawResponse, what: string) => {
    // A path that names no page is the app's page with status 404 (app/page-routes.ts).
    const isAppPage = (res.status === 200 || res.status === 404) && res.body === SERVED_HTML;
    const ok = res.status >= 400 || (res.status === 302 && res.headers.location === '/') || isAppPage;
    expect(ok, `${what} → ${res.status} ${res.body.slice(0, 120)}`).toBe(true);
    if (res.status >= 400 && res.body !== '' && !isAppPage) {
      expect(JSON.parse(res.body), `${what}: the app's error shape`).toMatchObject({
        error: { code: expect.any(String) },
      });
    }
  };

  it('knows the routes it attacks (the suite would notice a new one)', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/v1/admin/users');
    expect(urls).toContain('POST /api/v1/admin/users/:id/subscriber');
    expect(routes.length).toBeGreaterThan(40);
  });

  it('the rightful caller reaches each protected route by its plain path (the attacks below can fail)', async () => {
    for (const route of routes.filter((r) => rank[r.access.kind] > 0)) {
      const res = await send(route.method, concretePath(route.url), admin);
      expect(
        [401, 403],
        `${route.method} ${route.url} as admin → ${res.status} ${res.body.slice(0, 100)}`,
      ).not.toContain(res.status);
    }
  });

  it('anonymous callers get no protected route, whatever the spelling', async () => {
    for (const route of routes.filter((r) => rank[r.access.kind] >= 1)) {
      for (const target of pathVariants(concretePath(route.url), live.port)) {
        expectRefused(await send(route.method, target), `anonymous ${route.method} ${target}`);
      }
    }
  });

  it('members get no subscriber or admin route, subscribers no admin route, whatever the spelling', async () => {
    for (const route of routes.filter((r) => rank[r.access.kind] === 2)) {
      const callers: SignedIn[] = [member];
      if (route.access.kind === 'permission' && !/premium/.test(route.access.permission)) callers.push(subscriber);
      for (const who of callers) {
        for (const target of pathVariants(concretePath(route.url), live.port)) {
          expectRefused(
            await send(route.method, target, who),
            `${who === member ? 'member' : 'subscriber'} ${route.method} ${target}`,
          );
        }
      }
    }
  });

  it('anonymous admin reads of the issue: encoded and absolute-form request lines are refused', async () => {
    for (const target of ['/%61pi/v1/admin/users', 'http://x/api/v1/admin/users', '/api/v1/admin/outbox']) {
      const res = await send('GET', target);
      expect(res.status, target).toBe(401);
      expect(res.body).not.toContain('@');
    }
    const grant = await send('POST', `/%61pi/v1/admin/users/${member.user.id}/subscriber`);
    expect(grant.status).toBe(401);
  });

  it('mutations skip no Origin check on any spelling: a foreign origin is refused with a cookie', async () => {
    for (const target of ['/%61pi/v1/watchlists', 'http://x/api/v1/watchlists', '//api/v1/watchlists']) {
      const res = await rawRequest(
        live.port,
        [
          `POST ${target} HTTP/1.1`,
          `Host: 127.0.0.1:${live.port}`,
          `Cookie: ${member.cookie}`,
          'Origin: https://evil.example',
          'Content-Type: application/json',
        ],
        '{"name":"x"}',
      );
      expect(res.status, target).toBe(403);
    }
  });

  it('pages and the API read one path: encoded API paths never get the app page, pages stay gated', async () => {
    const page = await send('GET', '/%64ashboard');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/');
    const api = await send('GET', '/%61pi/v1/no-such-thing', member);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body).error.code).toBe('not_found');
    const asset = await send('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    for (const missing of ['/assets/app.js.map', '/assets/sub/missing.css']) {
      const res = await send('GET', missing, member);
      expect(res.status, missing).toBe(404);
    }
    for (const traversal of [
      '/assets/../../../../etc/passwd',
      '/assets/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc/passwd',
    ]) {
      const res = await send('GET', traversal, member);
      expect(res.body, traversal).not.toContain('root:');
    }
  });

  it('answers only the host names it serves (DNS rebinding) with 421 in the app shape', async () => {
    const res = await rawRequest(live.port, ['GET /api/health HTTP/1.1', 'Host: rebind.evil.example']);
    expect(res.status).toBe(421);
    expect(JSON.parse(res.body).error.code).toBe('misdirected_request');
    const byAddress = await rawRequest(live.port, ['GET /api/health HTTP/1.1', `Host: 127.0.0.1:${live.port}`]);
    expect(byAddress.status).toBe(200);
    const named = await rawRequest(live.port, ['GET /api/health HTTP/1.1', `Host: localhost:${live.port}`]);
    expect(named.status).toBe(200);
  });

  it('reads the Host line only: X-Forwarded-Host cannot pass a rebound name, two Host lines are refused', async () => {
    const proxied = await startLiveServer(dialect, { TRUST_PROXY: 'true', PUBLIC_URL: 'https://solstice.example' });
    try {
      const forged = await rawRequest(proxied.port, [
        'GET /api/health HTTP/1.1',
        'Host: rebind.evil.example',
        'X-Forwarded-Host: solstice.example',
      ]);
      expect(forged.status).toBe(421);
      const proper = await rawRequest(proxied.port, ['GET /api/health HTTP/1.1', 'Host: solstice.example']);
      expect(proper.status).toBe(200);
    } finally {
      await proxied.close();
    }
    for (const order of [
      [`Host: 127.0.0.1:${live.port}`, 'Host: rebind.evil.example'],
      ['Host: rebind.evil.example', `Host: 127.0.0.1:${live.port}`],
    ]) {
      const res = await rawRequest(live.port, ['GET /api/health HTTP/1.1', ...order]);
      expect(res.status, order.join(' / ')).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('undecodable paths answer in the app error shape', async () => {
    for (const target of ['/%ff', '/api/%ff', '/api/v1/instruments/%ff', '/%']) {
      const res = await send('GET', target, member);
      expect(res.status, target).toBe(400);
      expect(JSON.parse(res.body).error.code, target).toBe('bad_request');
    }
  });

  it('signed-in answers are private and never cached; the cookie is HttpOnly and SameSite', async () => {
    const res = await send('GET', '/api/me', member);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Lax/);
  });
});

describe.each(testDialects())('controls that already held, kept under attack, on %s', (dialect) => {
  const live = useLiveServer(dialect);
  let alice: SignedIn;
  let mallory: SignedIn;
  beforeAll(async () => {
    alice = await signedInUser(live);
    mallory = await signedInUser(live);
  });

  const json = (method: string, target: string, who: SignedIn, body?: unknown, origin?: string) =>
    rawRequest(
      live.port,
      [
        `${method} ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${live.port}`,
        `Cookie: ${who.cookie}`,
        `Origin: ${origin ?? `http://127.0.0.1:${live.port}`}`,
        ...(body === undefined ? [] : ['Content-Type: application/json']),
      ],
      body === undefined ? '' : JSON.stringify(body),
    );

  it("one user's watchlist is a 404 to another, to read, change or delete (IDOR)", async () => {
    const created = await json('POST', '/api/v1/watchlists', alice, { name: 'mine' });
    expect(created.status).toBe(201);
    const id = JSON.parse(created.body).data.id as number;
    expect((await json('GET', `/api/v1/watchlists/${id}`, mallory)).status).toBe(404);
    expect((await json('PUT', `/api/v1/watchlists/${id}`, mallory, { name: 'x', symbols: [] })).status).toBe(404);
    expect((await json('DELETE', `/api/v1/watchlists/${id}`, mallory)).status).toBe(404);
    expect((await json('GET', `/api/v1/watchlists/${id}`, alice)).status).toBe(200);
  });

  it('an https origin is not this plain-http server, nor another port (scheme, host and port compared)', async () => {
    for (const origin of [`https://127.0.0.1:${live.port}`, `http://127.0.0.1:${live.port + 1}`, 'http://127.0.0.1']) {
      const res = await json('POST', '/api/v1/watchlists', alice, { name: `o${origin.length}` }, origin);
      expect(res.status, origin).toBe(403);
    }
  });

  it('SQL in a search query is data, not SQL', async () => {
    const q = encodeURIComponent("' OR 1=1; DROP TABLE users; --");
    const res = await json('GET', `/api/v1/instruments?q=${q}`, alice);
    expect(res.status).toBe(200);
    expect((await json('GET', '/api/me', alice)).status).toBe(200);
  });

  it('sends the Content-Security-Policy and refuses framing', async () => {
    const res = await json('GET', '/api/health', alice);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
