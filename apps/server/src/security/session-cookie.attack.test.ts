import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../testing/factories.js';
import { startLiveServer, type LiveServer } from '../testing/live-server.js';
import { testDialects } from '../testing/test-databases.js';

/**
 * The session cookie is Secure whenever the site's public address is https (a proxy in front
 * terminates TLS, trusted or not), so that a browser never sends it over plain HTTP.
 */
describe.each(testDialects())('the session cookie over real HTTP (%s)', (dialect) => {
  let server: LiveServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function signInCookie(publicUrl: string): Promise<string> {
    // The server answers its own IP address (the Host check lets address literals through).
    server = await startLiveServer(dialect, { PUBLIC_URL: publicUrl });
    const user = await createUser(server.database.db);
    const res = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(publicUrl).origin },
      body: JSON.stringify({ login: user.username, password: user.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sol_sid='));
    expect(cookie).toBeDefined();
    return cookie!;
  }

  it('is Secure when PUBLIC_URL is https, without TRUST_PROXY', async () => {
    const cookie = await signInCookie('https://solstice.example.test');
    expect(cookie.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax']));
  });

  it('is not Secure when PUBLIC_URL is http', async () => {
    const cookie = await signInCookie('http://solstice.example.test');
    expect(cookie.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax']));
    expect(cookie.split('; ')).not.toContain('Secure');
  });
});
