import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@solstice/contracts';
import { buildApp } from '../../app/app.js';
import { PUBLIC, SIGNED_IN, SUBSCRIBERS, needs } from '../../http/access.js';
import { createTestApp, withTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { TEST_ORIGIN, signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { hashToken } from './sessions.js';
import { writeWebDist } from '../../testing/web-dist.js';

describe.each(testDialects())('route access, origin check and page gate on %s', (dialect) => {
  let t: TestApp;
  /** A second app on the same context with probe routes of every access kind. */
  let probe: FastifyInstance;
  let member: SignedIn;
  let subscriber: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    probe = await buildApp(t.services);
    const who = (request: { user: { id: number } | null }) => ({ user: request.user?.id ?? null });
    probe.get('/api/probe/public', { config: PUBLIC }, async (r) => who(r));
    probe.get('/api/probe/user', { config: SIGNED_IN }, async (r) => who(r));
    probe.get('/api/probe/subscriber', { config: SUBSCRIBERS }, async (r) => who(r));
    probe.get('/api/probe/premium', { config: needs(PERMISSIONS.premiumTools) }, async (r) => who(r));
    probe.get('/api/probe/admin-users', { config: needs(PERMISSIONS.adminUsers) }, async (r) => who(r));
    probe.post('/api/probe/mutate', { config: SIGNED_IN }, async (r) => who(r));
    probe.post('/api/probe/public-mutate', { config: PUBLIC }, async (r) => who(r));
    await probe.ready();
    member = await signedInUser(t);
    subscriber = await signedInUser(t, { subscriber: true });
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await probe?.close();
    await t?.close();
  });

  const get = (url: string, who?: SignedIn) =>
    probe.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

  it('enforces every access kind', async () => {
    const expected: Record<string, [number | string, number | string, number | string, number | string]> = {
      // anonymous, member, subscriber, admin
      '/api/probe/public': [200, 200, 200, 200],
      '/api/probe/user': ['unauthorized', 200, 200, 200],
      '/api/probe/subscriber': ['unauthorized', 'subscription_required', 200, 200],
      '/api/probe/premium': ['unauthorized', 'forbidden', 200, 200],
      '/api/probe/admin-users': ['unauthorized', 'forbidden', 'forbidden', 200],
    };
    for (const [url, outcomes] of Object.entries(expected)) {
      const users = [undefined, member, subscriber, admin];
      for (let i = 0; i < users.length; i++) {
        const res = await get(url, users[i]);
        const outcome = res.statusCode === 200 ? 200 : res.json().error.code;
        expect(outcome, `${url} as ${['anonymous', 'member', 'subscriber', 'admin'][i]}`).toBe(outcomes[i]);
        if (res.statusCode === 200) expect(res.json()).toEqual({ user: users[i]?.user.id ?? null });
      }
    }
  });

  it('refuses to start with a route that declares no access (deny by default)', async () => {
    const bare = await buildApp(t.services);
    bare.get('/api/probe/undeclared', async () => ({ open: true }));
    await expect(bare.ready()).rejects.toThrow(/GET \/api\/probe\/undeclared declares no access/);
    await bare.close().catch(() => undefined);
  });

  it('sets request.user on public routes when signed in', async () => {
    expect((await get('/api/probe/public', member)).json()).toEqual({ user: member.user.id });
  });

  it('answers unknown API paths 404 to everyone', async () => {
    expect((await get('/api/no/such/thing')).statusCode).toBe(404);
    expect((await get('/api/no/such/thing', member)).statusCode).toBe(404);
  });

  /** A request with these headers and a new member's session cookie, on an app of its own with these settings. */
  const asNewMemberOn = (
    settings: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) =>
    withTestApp(dialect, settings, async (app) => {
      const s = await signedInUser(app);
      const res = await app.app.inject({ method, url, headers: { cookie: s.cookie, ...headers }, payload });
      return { s, res };
    });

  describe('the session cookie', () => {
    it('has HttpOnly, SameSite=Lax, Path=/, Max-Age=604800 and no Secure over plain HTTP', async () => {
      const res = await get('/api/probe/user', member);
      const header = String(res.headers['set-cookie']);
      expect(header).toBe(`${member.cookie}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`);
    });

    it('is Secure when the request came over HTTPS through a trusted proxy', async () => {
      const { s, res } = await asNewMemberOn({ TRUST_PROXY: 'true' }, 'GET', '/api/me', {
        'x-forwarded-proto': 'https',
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toBe(
        `${s.cookie}; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax`,
      );
    });

    it('is renewed on use: the cookie is set again and the expiry slides (one write a minute at most)', async () => {
      const s = await signedInUser(t);
      const tokenHash = hashToken(s.cookie.split('=')[1]!);
      const old = Date.now() - 2 * 24 * 3600 * 1000;
      await t.database.db
        .updateTable('sessions')
        .set({ last_seen_at: old, expires_at: old + 604800_000 })
        .where('token_hash', '=', tokenHash)
        .execute();
      const before = Date.now();
      const res = await get('/api/probe/user', s);
      expect(res.headers['set-cookie']).toBeDefined();
      const row = await t.database.db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirstOrThrow();
      expect(Number(row.expires_at)).toBeGreaterThanOrEqual(before + 604800_000);
      expect(Number(row.last_seen_at)).toBeGreaterThanOrEqual(before);
      // A second request within the minute does not write again.
      await get('/api/probe/user', s);
      const same = await t.database.db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirstOrThrow();
      expect(Number(same.last_seen_at)).toBe(Number(row.last_seen_at));
    });

    it('an expired session is refused, deleted and the cookie cleared', async () => {
      const s = await signedInUser(t);
      const tokenHash = hashToken(s.cookie.split('=')[1]!);
      await t.database.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('token_hash', '=', tokenHash)
        .execute();
      const res = await get('/api/probe/user', s);
      expect(res.statusCode).toBe(401);
      expect(String(res.headers['set-cookie'])).toMatch(/^sol_sid=; Max-Age=0;/);
      const row = await t.database.db
        .selectFrom('sessions')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('a tampered or foreign cookie is refused', async () => {
      const token = member.cookie.split('=')[1]!;
      const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      for (const value of [
        flipped,
        token.slice(1),
        `${token}x`,
        'garbage',
        '%00%ff',
        'x'.repeat(5000),
        hashToken(token),
      ]) {
        const res = await probe.inject({
          method: 'GET',
          url: '/api/probe/user',
          headers: { cookie: `sol_sid=${value}` },
        });
        expect(res.statusCode, value.slice(0, 20)).toBe(401);
      }
      // The session itself still works.
      expect((await get('/api/probe/user', member)).statusCode).toBe(200);
    });
  });

  describe('the origin check', () => {
    const mutate = (headers: Record<string, string>, url = '/api/probe/mutate') =>
      probe.inject({ method: 'POST', url, headers, payload: {} });

    it('lets same-origin mutations through (Origin, or Referer)', async () => {
      expect((await mutate({ cookie: member.cookie, origin: TEST_ORIGIN })).statusCode).toBe(200);
      expect((await mutate({ cookie: member.cookie, referer: `${TEST_ORIGIN}/dashboard?x=1` })).statusCode).toBe(200);
    });

    it('refuses cross-origin mutations and cookie mutations without Origin or Referer with 403', async () => {
      const foreign: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { origin: 'http://localhost.evil.example' },
        { origin: 'http://localhost:8080' },
        // Scheme, host and port all count: an https page is not this plain-http server.
        { origin: 'https://localhost' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        {},
      ];
      const cases = [...foreign.map((h) => ({ cookie: member.cookie, ...h })), { origin: 'https://evil.example' }];
      for (const headers of cases) {
        const res = await mutate(headers);
        expect(res.statusCode, JSON.stringify({ ...headers, cookie: undefined })).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
      // Without a cookie and without Origin (a script, curl), a public mutation is allowed.
      expect((await mutate({}, '/api/probe/public-mutate')).statusCode).toBe(200);
      expect((await mutate({ origin: 'https://evil.example' }, '/api/probe/public-mutate')).statusCode).toBe(403);
    });

    it('accepts the PUBLIC_URL origin', async () => {
      const { res } = await asNewMemberOn(
        { PUBLIC_URL: 'https://solstice.example' },
        'POST',
        '/api/v1/watchlists',
        { origin: 'https://solstice.example', host: 'solstice.example' },
        { name: 'x' },
      );
      expect(res.statusCode).toBe(201);
    });
  });

  describe('the page gate', () => {
    it('redirects every page but / to / without a valid session, before any HTML', async () => {
      for (const url of ['/dashboard', '/scanner?q=1', '/profile', '/seasonality/pattern']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await probe.inject({ method, url });
          expect(res.statusCode, `${method} ${url}`).toBe(302);
          expect(res.headers.location).toBe('/');
          expect(res.body).toBe('');
        }
      }
      const expired = await probe.inject({ method: 'GET', url: '/dashboard', headers: { cookie: 'sol_sid=nope' } });
      expect(expired.statusCode).toBe(302);
      // A path that names no page is a 404 for everyone, never a redirect (app/page-routes.ts).
      expect((await probe.inject({ method: 'GET', url: '/no/such/page' })).statusCode).toBe(404);
    });

    it('lets signed-in users through and sends them from / to the dashboard', async () => {
      const page = await get('/dashboard', member);
      expect(page.statusCode).not.toBe(302);
      const root = await get('/', member);
      expect(root.statusCode).toBe(302);
      expect(root.headers.location).toBe('/dashboard');
      expect((await get('/')).statusCode).not.toBe(302);
    });

    it('answers a missing asset 404, signed in or not (never the page, never a redirect)', async () => {
      for (const who of [undefined, member]) {
        const res = await get('/assets/app-123.js.map', who);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    });
  });
});

describe('the page gate with a built web app', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = writeWebDist('solstice-gate-', { 'favicon.ico': 'ico' });
    t = await createTestApp('sqlite', { WEB_DIST: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves / and files to everyone, pages only with a session', async () => {
    for (const url of ['/', '/assets/app-abc.js', '/favicon.ico']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const gated = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect([gated.statusCode, gated.headers.location, gated.body]).toEqual([302, '/', '']);
    const s = await signedInUser(t);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: s.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Solstice</title>');
  });
});
