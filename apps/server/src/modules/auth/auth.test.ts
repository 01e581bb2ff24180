import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import {
  TEST_ORIGIN,
  randomIp,
  requestAs,
  sessionCookieFrom,
  signUpAndLogin,
  signedInUser,
} from '../../testing/auth-helpers.js';
import { createUser } from '../../testing/factories.js';
import { hashToken } from './sessions.js';

interface SentMail {
  to: string;
  subject: string;
  text: string;
  template: string;
}

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://solstice.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, ...headers },
      remoteAddress: randomIp(),
      payload: payload as object,
    });

  /** POST /api/auth/signup with this e-mail and username, a valid password unless given, and any other fields. */
  const signup = (email: string, username: string, password = 'a long password', extra: object = {}) =>
    post('/api/auth/signup', { email, username, password, ...extra });

  /** The mail the app sent (the real text; the outbox keeps reset links redacted), once queued jobs ran. */
  async function mailTo(address: string): Promise<SentMail[]> {
    // The first pass may be one already under way; the second starts after every queued job.
    await t.services.jobs.runDue();
    await t.services.jobs.runDue();
    const recorded = (t.services.mail as unknown as { sent: SentMail[] }).sent;
    return recorded.filter((m) => m.to === address);
  }

  it('signs up with 201, sets the session cookie and answers /api/me', async () => {
    const res = await signup('Ada@Example.com', 'Ada_L');
    expect(res.statusCode).toBe(201);
    const body = meResponseSchema.parse(res.json());
    expect(body).toEqual({
      data: {
        id: body.data.id,
        email: 'ada@example.com',
        username: 'Ada_L',
        // Not chosen yet: the browser's language and the operator's time zone apply.
        locale: null,
        timeZone: null,
        layout: {},
        tutorialSeen: false,
        createdAt: body.data.createdAt,
      },
      roles: ['member'],
      subscriber: false,
    });
    expect(JSON.stringify(res.json())).not.toContain('argon2');
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    expect(cookie).not.toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookie! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
    expect(me.headers['cache-control']).toBe('private, no-store');
    const contact = await t.database.db
      .selectFrom('contacts')
      .select('id')
      .where('user_id', '=', body.data.id)
      .executeTakeFirst();
    expect(contact).toBeDefined();
  });

  it('refuses a taken e-mail or username (any case) with 409 naming the field', async () => {
    await createUser(t.database.db, { username: 'Taken_Name', email: 'taken@example.com' });
    const email = await signup('TAKEN@example.com', 'fresh_name');
    expect(email.statusCode).toBe(409);
    expect(email.json().error.details.issues[0].path).toBe('body.email');
    const username = await signup('fresh@example.com', 'taken_name');
    expect(username.statusCode).toBe(409);
    expect(username.json().error.details.issues[0].path).toBe('body.username');
  });

  it('validates signup fields with the validators’ messages', async () => {
    const res = await signup('not-an-email', 'a', 'short');
    expect(res.statusCode).toBe(400);
    const issues = res.json().error.details.issues as Array<{ path: string; message: string }>;
    expect(issues.map((i) => i.path).sort()).toEqual(['body.email', 'body.password', 'body.username']);
    expect(issues.find((i) => i.path === 'body.password')?.message).toBe('A password has 10 to 128 characters.');
    const tld = await signup('x@example.museum', 'tld_user');
    expect(tld.statusCode).toBe(400);
    const long = await signup('l@example.com', 'long_pw', 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    const extra = await signup('e@example.com', 'extra_f', 'a long password', { role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.details.issues[0].message).toBe('unknown field(s): role');
  });

  it('logs in by username or e-mail; a wrong password and an unknown user get the same 401', async () => {
    const user = await createUser(t.database.db, { username: 'grace_h', email: 'grace@example.com' });
    for (const login of ['grace_h', 'GRACE@example.com', 'Grace_H']) {
      const res = await post('/api/auth/login', { login, password: user.password });
      expect(res.statusCode, login).toBe(200);
      expect(meResponseSchema.parse(res.json()).data.id).toBe(user.id);
    }
    const wrong = await post('/api/auth/login', { login: 'grace_h', password: 'not the password' });
    const unknown = await post('/api/auth/login', { login: 'nobody_here', password: 'not the password' });
    const unknownEmail = await post('/api/auth/login', { login: 'nobody@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual(unknownEmail.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('gives a new token at every login and stores only its hash', async () => {
    const user = await createUser(t.database.db);
    const a = sessionCookieFrom(
      (await post('/api/auth/login', { login: user.username, password: user.password })).headers['set-cookie'],
    );
    const b = sessionCookieFrom(
      (await post('/api/auth/login', { login: user.email, password: user.password })).headers['set-cookie'],
    );
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(a).not.toBe(b);
    const rows = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    const tokens = [a!, b!].map((c) => c.split('=')[1]!);
    expect(rows.map((r) => r.token_hash).sort()).toEqual(tokens.map(hashToken).sort());
    for (const token of tokens) expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('a login that carries an old session cookie replaces it (no fixation)', async () => {
    const s = await signUpAndLogin(t);
    const again = await post(
      '/api/auth/login',
      { login: s.user.username, password: s.user.password },
      { cookie: s.cookie },
    );
    expect(again.statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: s.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('revokes the session at logout', async () => {
    const s = await signUpAndLogin(t);
    const token = s.cookie.split('=')[1]!;
    const out = await requestAs(t, s, 'POST', '/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^sol_sid=;.*Max-Age=0/);
    const row = await t.database.db
      .selectFrom('sessions')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: s.cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('unauthorized');
  });

  it('answers /api/me with 401 and the error shape when not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue.' } });
  });

  it('reports roles and the subscriber tag', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const sub = await signedInUser(t, { subscriber: true });
    const a = meResponseSchema.parse((await requestAs(t, admin, 'GET', '/api/me')).json());
    const s = meResponseSchema.parse((await requestAs(t, sub, 'GET', '/api/me')).json());
    expect([a.roles, a.subscriber]).toEqual([['member', 'admin'], false]);
    expect([s.roles, s.subscriber]).toEqual([['member'], true]);
  });

  it('changes the password: needs the current one, ends the other sessions, issues a new one', async () => {
    const user = await createUser(t.database.db);
    const first = await signUpAndLoginExisting(user);
    const second = await signUpAndLoginExisting(user);
    const bad = await requestAs(t, first, 'POST', '/api/auth/password', {
      currentPassword: 'wrong password',
      newPassword: 'a brand new password',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.issues[0].path).toBe('body.currentPassword');

    const ok = await requestAs(t, first, 'POST', '/api/auth/password', {
      currentPassword: user.password,
      newPassword: 'a brand new password',
    });
    expect(ok.statusCode).toBe(200);
    const fresh = sessionCookieFrom(ok.headers['set-cookie']);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(first.cookie);
    for (const old of [first.cookie, second.cookie]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: old } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: fresh! } })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { login: user.username, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { login: user.username, password: 'a brand new password' })).statusCode).toBe(
      200,
    );
  });

  async function signUpAndLoginExisting(user: { username: string; password: string }) {
    const res = await post('/api/auth/login', { login: user.username, password: user.password });
    const cookie = sessionCookieFrom(res.headers['set-cookie'])!;
    return { cookie, headers: { cookie, origin: TEST_ORIGIN } };
  }

  it('resets a password by a single-use link valid one hour; unknown addresses get the same answer', async () => {
    const user = await createUser(t.database.db, { email: 'reset-me@example.com' });
    const before = await signUpAndLoginExisting(user);
    const unknown = await post('/api/auth/password-reset/request', { email: 'nobody-at-all@example.com' });
    const known = await post('/api/auth/password-reset/request', { email: 'Reset-Me@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(await mailTo('nobody-at-all@example.com')).toEqual([]);
    const mails = await mailTo('reset-me@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('password-reset');
    const link = /https:\/\/solstice\.example\/\?reset=([A-Za-z0-9_-]{43})/.exec(mails[0]!.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    const stored = await t.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(Number(stored[0]!.expires_at) - Number(stored[0]!.created_at)).toBe(3_600_000);

    const confirm = await post('/api/auth/password-reset/confirm', { token, newPassword: 'reset password 123' });
    expect(confirm.statusCode).toBe(204);
    const again = await post('/api/auth/password-reset/confirm', { token, newPassword: 'another password 456' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details.issues[0].path).toBe('body.token');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: before.cookie } })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { login: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { login: user.email, password: 'reset password 123' })).statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const user = await createUser(t.database.db, { email: 'expired-reset@example.com' });
    await post('/api/auth/password-reset/request', { email: user.email });
    const token = /reset=([A-Za-z0-9_-]+)/.exec((await mailTo(user.email))[0]!.text)![1]!;
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', user.id)
      .execute();
    const res = await post('/api/auth/password-reset/confirm', { token, newPassword: 'reset password 123' });
    expect(res.statusCode).toBe(400);
    expect((await post('/api/auth/login', { login: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('stores preferences', async () => {
    const s = await signedInUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      headers: s.headers,
      payload: { locale: 'en-US', timeZone: 'America/New_York', layout: { sidebarDark: true, horizontal: false } },
    });
    expect(res.statusCode).toBe(200);
    const me = meResponseSchema.parse((await requestAs(t, s, 'GET', '/api/me')).json());
    expect([me.data.locale, me.data.timeZone, me.data.layout]).toEqual([
      'en-US',
      'America/New_York',
      { sidebarDark: true, horizontal: false },
    ]);
    for (const payload of [{}, { timeZone: 'Mars/Olympus' }, { locale: 'not a locale' }, { layout: { x: true } }]) {
      const bad = await t.app.inject({ method: 'PATCH', url: '/api/me/preferences', headers: s.headers, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
