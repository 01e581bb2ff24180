// Accounts of the browser tests against the built server: an API login's session cookie, and
// a paying subscriber signed up in a browser context.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newWatchedPage, type ConsoleWatch } from './browser.js';
import type { RunningServer } from './server.js';
import { seedStore } from './shell.js';

/** A SQLite database file `<name>.sqlite` in a new temporary folder; `remove` deletes the folder. */
export function tempDatabase(name: string): { databaseUrl: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `solstice-${name}-`));
  return {
    databaseUrl: `file:${path.join(dir, `${name}.sqlite`)}`,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Logs in through the API (expecting 200): the session's Cookie header and the account's id. */
export async function logIn(
  server: Pick<RunningServer, 'url'>,
  account: { email: string; password: string },
): Promise<{ cookie: string; id: number }> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ login: account.email, password: account.password }),
  });
  expect(login.status).toBe(200);
  const id = ((await login.json()) as { data: { id: number } }).data.id;
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id };
}

/** Logs in through the API (expecting 200) and gives the session's Cookie header. */
export async function loginCookie(
  server: Pick<RunningServer, 'url'>,
  account: { email: string; password: string },
): Promise<string> {
  return (await logIn(server, account)).cookie;
}

/** A request as the holder of `cookie()` (same-origin), with a JSON body when one is given. */
export function requestAs(server: () => Pick<RunningServer, 'url'>, cookie: () => string) {
  return (method: string, route: string, body?: unknown) =>
    fetch(server().url + route, {
      method,
      headers: { cookie: cookie(), origin: server().url, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}

/** The admin (`adminId`) made a subscriber too (every tool open), and a plan to subscribe to. */
export async function openEveryToolWithAPlan(asAdmin: ReturnType<typeof requestAs>, adminId: number): Promise<void> {
  expect((await asAdmin('POST', `/api/v1/admin/users/${adminId}/subscriber`, {})).ok).toBe(true);
  const product = await asAdmin('POST', '/api/v1/admin/products', {
    name: 'Solstice Pro',
    description: 'Every tool',
    prices: [
      { amount: 2900, interval: 'month' },
      { amount: 29000, interval: 'year' },
    ],
  });
  expect(product.status).toBe(201);
}

/**
 * A paying subscriber: `trader` signs up in the browser's context and an admin (its cookie)
 * gives the account the subscriber tag as billing would; the context's store knows the account.
 */
export async function signUpSubscriber(
  server: Pick<RunningServer, 'url'>,
  context: BrowserContext,
  adminCookie: string,
  trader: { email: string; username: string; password: string },
): Promise<void> {
  const signup = await context.request.post(`${server.url}/api/auth/signup`, {
    data: trader,
    headers: { origin: server.url },
  });
  expect(signup.status()).toBe(201);
  const me = ((await signup.json()) as { data: { id: number; username: string } }).data;
  const tag = await fetch(`${server.url}/api/v1/admin/users/${me.id}/subscriber`, {
    method: 'POST',
    headers: { cookie: adminCookie, origin: server.url, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(tag.ok).toBe(true);
  await seedStore(context, { user: { id: me.id, username: me.username }, subscriber: true });
}

/** The desktop browser of the screens whose numbers are compared: 1440 × 900, en-US, UTC. */
/** A desktop browser window (1440 × 900), and the same in American English on UTC. */
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;
export const DESKTOP_EN_US = { ...DESKTOP, locale: 'en-US', timezoneId: 'UTC' } as const;

/**
 * Launches Chromium and opens a watched page whose profile `trader` signs up in and is made a
 * subscriber (signUpSubscriber); the caller closes the context and the browser.
 */
export async function openSubscriberPage(
  server: Pick<RunningServer, 'url'>,
  watch: ConsoleWatch,
  options: Parameters<Browser['newContext']>[0],
  adminCookie: string,
  trader: { email: string; username: string; password: string },
): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchBrowser();
  const { context, page } = await newWatchedPage(browser, watch, options);
  await signUpSubscriber(server, context, adminCookie, trader);
  return { browser, context, page };
}

/** The teardown of an openSubscriberPage test: its context and browser, then the server, then the database. */
export async function closeSubscriberPage(
  opened: { context?: BrowserContext; browser?: Browser },
  server: Pick<RunningServer, 'stop'> | undefined,
  removeDatabase: () => void,
): Promise<void> {
  await opened.context?.close();
  await opened.browser?.close();
  await server?.stop();
  removeDatabase();
}

/** Chooses the interface language on the profile page, as a user does, and waits for it to be saved. */
export async function chooseLanguage(page: Page, server: Pick<RunningServer, 'url'>, lang: 'en' | 'tr'): Promise<void> {
  await page.goto(`${server.url}/profile`);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
  );
  await page.locator('#pref-language').selectOption(lang);
  expect((await saved).ok()).toBe(true);
}
