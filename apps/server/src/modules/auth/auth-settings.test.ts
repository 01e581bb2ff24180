import { describe, expect, it } from 'vitest';
import { SettingsError, loadSettings } from '../../config/settings.js';
import { withTestApp } from '../../testing/test-app.js';

describe('account settings', () => {
  it('validates REDIS_URL, ADMIN_EMAIL and ADMIN_PASSWORD, naming the variable', () => {
    expect(loadSettings({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://127.0.0.1:6379/2');
    for (const [name, value] of [
      ['REDIS_URL', 'http://127.0.0.1:6379'],
      ['ADMIN_EMAIL', 'not-an-address'],
      ['ADMIN_PASSWORD', 'short'],
    ] as const) {
      let error: unknown;
      try {
        loadSettings({ [name]: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SettingsError);
      expect((error as SettingsError).problems[0]).toMatch(new RegExp(`^${name}: `));
    }
  });

  it('uses SESSION_COOKIE_NAME for the session cookie', async () => {
    await withTestApp('sqlite', { SESSION_COOKIE_NAME: 'other_sid' }, async (t) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'c@example.com', username: 'cookie_name', password: 'a long password' },
      });
      expect(res.statusCode).toBe(201);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      expect(cookie).toMatch(/^other_sid=[A-Za-z0-9_-]{43}$/);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      const wrongName = cookie.replace('other_sid', 'sol_sid');
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: wrongName } })).statusCode).toBe(
        401,
      );
      expect((await t.app.inject({ method: 'HEAD', url: '/api/me' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'HEAD', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    });
  });
});
