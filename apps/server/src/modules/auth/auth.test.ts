import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { TEST_ORIGIN, randomIp, sessionCookieFrom, signUpAndLogin } from '../../testing/auth-helpers.js';
import { createUser } from '../../testing/factories.js';
import { hashToken } from './sessions.js';

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up with 201, sets the session cookie and answers /api/me', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: randomIp(),
      payload: { email: 'Ada@Example.com', username: 'ada_l', password: 'a long password' },
    });
    expect(res.statusCode).toBe(201);
    const body = meResponseSchema.parse(res.json());
    expect(body.data.email).toBe('ada@example.com');
    expect(body.data.username).toBe('ada_l');
    expect(body.roles).toEqual(['member']);
    expect(body.subscriber).toBe(false);
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    expect(cookie).not.toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookie! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  it('logs in by username or e-mail; a wrong password and an unknown user get the same 401', async () => {
    const user = await createUser(t.database.db, { username: 'grace_h', email: 'grace@example.com' });
    for (const login of ['grace_h', 'GRACE@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: randomIp(),
        payload: { login, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      expect(meResponseSchema.parse(res.json()).data.id).toBe(user.id);
    }
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { login: 'grace_h', password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { login: 'nobody_here', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('revokes the session at logout', async () => {
    const s = await signUpAndLogin(t.app);
    const token = s.cookie.split('=')[1]!;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers });
    expect(out.statusCode).toBe(204);
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
});
