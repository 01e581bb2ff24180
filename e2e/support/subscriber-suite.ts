// The frame of a subscriber's browser test on the shared data: the database, the server, the
// admin's session and a subscriber's page, set up before all and closed after all.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ConsoleWatch, newWatchedPage, screenshotOnFailure } from './browser.js';
import { seedStore } from './shell.js';
import { startServer, type RunningServer } from './server.js';
import { closeSubscriberPage, loginCookie, openSubscriberPage, tempDatabase } from './accounts.js';
import { importSharedSymbols } from './shared-data.js';

export interface SubscriberSuite {
  readonly watch: ConsoleWatch;
  readonly databaseUrl: string;
  server: RunningServer;
  adminCookie: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * Registers the beforeAll and afterAll of a subscriber's browser test on the shared data:
 * `symbols` imported into a new database (tempDatabase(name)), the server started with `admin`
 * as its admin, `started` run (when given), the admin's session cookie, then a watched page
 * (`browser` its context's options) in which `trader` signs up and is made a subscriber
 * (openSubscriberPage); after all, closeSubscriberPage. The fields are set once beforeAll ran.
 */
export function subscriberSuite(
  name: string,
  symbols: readonly string[],
  options: {
    admin: { email: string; password: string };
    trader: { email: string; username: string; password: string };
    browser: Parameters<Browser['newContext']>[0];
    started?: (suite: SubscriberSuite) => void;
  },
): SubscriberSuite {
  const { databaseUrl, remove } = tempDatabase(name);
  const suite = { watch: new ConsoleWatch(), databaseUrl, adminCookie: '' } as SubscriberSuite;
  beforeAll(async () => {
    importSharedSymbols(databaseUrl, symbols);
    suite.server = await startServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
    });
    options.started?.(suite);
    suite.adminCookie = await loginCookie(suite.server, options.admin);
    const opened = await openSubscriberPage(
      suite.server,
      suite.watch,
      options.browser,
      suite.adminCookie,
      options.trader,
    );
    Object.assign(suite, opened);
  });
  afterAll(() => closeSubscriberPage(suite, suite.server, remove));
  return suite;
}

/**
 * A new watched page of the suite's browser (`browser` its context's options) in which `trader`
 * signs in, its store seeded with the account, a subscriber's access and `locale` as display in UTC.
 */
export async function signedInPage(
  suite: SubscriberSuite,
  trader: { email: string; password: string },
  browser: Parameters<Browser['newContext']>[0],
  locale: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newWatchedPage(suite.browser, suite.watch, browser);
  const login = await context.request.post(`${suite.server.url}/api/auth/login`, {
    data: { login: trader.email, password: trader.password },
    headers: { origin: suite.server.url },
  });
  expect(login.status()).toBe(200);
  const me = ((await login.json()) as { data: { id: number; username: string } }).data;
  await seedStore(context, {
    user: { id: me.id, username: me.username },
    subscriber: true,
    display: { locale, timeZone: 'UTC' },
  });
  return { context, page };
}

/**
 * The trader's page in English (the suite's), or a new profile of the same account in Turkish:
 * `trader` signs in there and the store is seeded with the account and Turkish display.
 */
export async function traderPageIn(
  suite: SubscriberSuite,
  lang: 'en' | 'tr',
  trader: { email: string; password: string },
  browser: Parameters<Browser['newContext']>[0],
): Promise<Page> {
  if (lang === 'en') return suite.page;
  return (await signedInPage(suite, trader, { ...browser, locale: 'tr-TR' }, 'tr-TR')).page;
}

/**
 * Runs `body` on a second page of the suite's browser whose interface is Turkish (chosen in the
 * store; signedInPage with `browser`), a screenshot `failureShot` when it fails; closed after.
 */
export async function inTurkishStorePage(
  suite: SubscriberSuite,
  trader: { email: string; password: string },
  browser: Parameters<Browser['newContext']>[0],
  failureShot: string,
  body: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = await signedInPage(suite, trader, browser, 'tr-TR');
  try {
    await screenshotOnFailure(page, failureShot, () => body(page));
  } finally {
    await context.close();
  }
}

/** The API's answer to a GET with the suite's browser session (the subscriber's), which must be 200. */
export async function suiteGet<T>(suite: SubscriberSuite, route: string, params: Record<string, string>): Promise<T> {
  const res = await suite.context.request.get(suite.server.url + route, { params });
  expect(res.status(), `${route} ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A page of the suite's server with these query parameters. */
export const suiteUrl = (suite: SubscriberSuite, route: string, params: Record<string, string>): string =>
  `${suite.server.url}${route}?${new URLSearchParams(params).toString()}`;
