import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';
import { randomIp, sessionCookieFrom, TEST_ORIGIN } from './auth-helpers.js';
import { getContactForUser } from '../modules/contacts/contacts.repository.js';

export interface Client {
  cookie: string;
  email: string;
  username: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Signs up through the real route (so the welcome mail goes out) and returns a cookie-carrying client. */
export async function signUp(t: TestApp, username: string): Promise<Client> {
  const email = `${username}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: randomIp(),
    payload: { email, username, password: 'correct horse battery' },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieFrom(res.headers['set-cookie'], t.services.settings.SESSION_COOKIE_NAME);
  if (!cookie) throw new Error('signup set no cookie');
  return clientFor(t, cookie, email, username);
}

export function clientFor(t: TestApp, cookie: string, email: string, username: string): Client {
  return {
    cookie,
    email,
    username,
    get: (url) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url, payload) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: TEST_ORIGIN },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
  };
}

export async function outboxTemplates(t: TestApp, to: string): Promise<string[]> {
  const rows = await t.services.database.db
    .selectFrom('mail_outbox')
    .select('template')
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.template);
}

/** The tag ids on the contact of the user with this email (2582 = subscriber). */
export async function contactTagsOf(t: TestApp, email: string): Promise<number[]> {
  const user = await t.services.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return (await getContactForUser(t.services.database.db, Number(user.id)))?.tag_ids ?? [];
}
