import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.js';
import { createSessionToken, createUser, type CreateUserOptions, type CreatedUser } from './factories.js';

/** What `app.inject` sends by default as Host; mutations with a cookie must come from this origin. */
export const TEST_ORIGIN = 'http://localhost';

/** A test server and its services (createTestApp's or startLiveServer's answer). */
export type AppUnderTest = Pick<TestApp, 'app' | 'services'>;

export interface SignedIn {
  user: CreatedUser;
  /** The Cookie header value, e.g. "sol_sid=…". */
  cookie: string;
  /** Headers for app.inject: the cookie plus a same-origin Origin (mutations need it). */
  headers: { cookie: string; origin: string };
}

/** The "name=value" of the session cookie in a response's Set-Cookie headers (null when absent or cleared). */
export function sessionCookieFrom(setCookie: string | string[] | undefined, name = 'sol_sid'): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of list) {
    const pair = header.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name && pair.slice(eq + 1) !== '') return pair.trim();
  }
  return null;
}

/**
 * Creates a user in the app's database (admin and/or subscriber on request) and signs in
 * through POST /api/auth/login, the real path. Each call comes from its own IP so that
 * one test's logins do not trip another's rate limits.
 */
export async function signUpAndLogin(t: AppUnderTest, overrides: CreateUserOptions = {}): Promise<SignedIn> {
  const user = await createUser(t.services.database.db, overrides);
  return loginAs(t, user);
}

/** Signs an existing user in through POST /api/auth/login. */
export async function loginAs({ app, services }: AppUnderTest, user: CreatedUser): Promise<SignedIn> {
  const name = services.settings.SESSION_COOKIE_NAME;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: randomIp(),
    payload: { login: user.username, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieFrom(res.headers['set-cookie'], name);
  if (!cookie) throw new Error('login set no session cookie');
  return { user, cookie, headers: { cookie, origin: TEST_ORIGIN } };
}

/** A signed-in user without the HTTP round trip (for tests that are not about login). */
export async function signedInUser({ services }: AppUnderTest, overrides: CreateUserOptions = {}): Promise<SignedIn> {
  const { database, settings } = services;
  const user = await createUser(database.db, overrides);
  const cookie = `${settings.SESSION_COOKIE_NAME}=${await createSessionToken(database.db, user.id)}`;
  return { user, cookie, headers: { cookie, origin: TEST_ORIGIN } };
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request as a signed-in user through app.inject (cookie + same-origin Origin). */
export function requestAs(
  t: Pick<TestApp, 'app'>,
  who: Pick<SignedIn, 'headers'>,
  method: AdminMethod,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
