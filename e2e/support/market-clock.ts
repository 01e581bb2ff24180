import type { Browser, BrowserContext, Page } from 'playwright-core';
import { lastCompletedSession } from '@solstice/analytics';
import { afterTheClose } from '../../apps/server/src/modules/market/update/update-schedule.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeYahoo, type FakeMarket, type FakeYahoo } from '../../apps/server/src/testing/fake-providers/index.js';
import { ConsoleWatch, launchBrowser, newWatchedPage } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { seedStore } from './shell.js';

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;

/**
 * JSON requests to a running server as the holder of `cookie()` (same-origin, as the web app
 * sends them). Both are asked at each request: tests start the server and sign in later.
 */
export function serverApi(baseUrl: () => string, cookie: () => string): Api {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl() + path, {
      method,
      headers: {
        cookie: cookie(),
        origin: baseUrl(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/**
 * Moves the server's test-mode clock forward to `at` (an admin's billing test clock); the
 * endpoint runs the jobs that became due. Returns the status of the move (200, or 0 when
 * the clock was already there).
 */
export async function moveClockTo(api: Api, at: number): Promise<number> {
  const now = Date.parse(
    (await api<{ now: string }>('POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: 1 })).body.now,
  );
  const seconds = Math.ceil((at - now) / 1000);
  if (seconds < 1) return 0;
  return (await api('POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: seconds })).status;
}

/** The first scheduled daily update (at `updateTime`, New York) after `from` that brings a session later than `after`. */
export function runBringing(updateTime: string, after: string, from: number): { at: number; session: string } {
  const next = afterTheClose(updateTime);
  for (let at = next(from); ; at = next(at)) {
    const session = lastCompletedSession(at + 60_000);
    if (session > after) return { at, session };
  }
}

export interface Login {
  email: string;
  password: string;
}

/** The built server updating its prices from a fake Yahoo on its (test mode) clock, with an admin; jobs polled every 200 ms. */
export function startUpdatingServer(yahooBaseUrl: string, admin: Login, updateTime: string): Promise<RunningServer> {
  return startServer({
    DATA_PROVIDERS: 'yahoo',
    YAHOO_BASE_URL: yahooBaseUrl,
    BILLING_TEST_MODE: 'true',
    DATA_UPDATE_TIME: updateTime,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    JOBS_POLL_INTERVAL_MS: '200',
  });
}

/** Signs in over the API (for `serverApi`) and in a new browser page with the store seeded as after a login. */
export async function signInEverywhere(
  serverUrl: string,
  login: Login,
  browser: Browser,
  watch: ConsoleWatch,
): Promise<{ cookie: string; context: BrowserContext; page: Page }> {
  const res = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({ login: login.email, password: login.password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = ((await res.json()) as { data: { id: number; username: string } }).data;
  const { context, page } = await newWatchedPage(browser, watch, { viewport: { width: 1280, height: 900 } });
  await seedStore(context, { user: { id: me.id, username: me.username } });
  const signIn = await context.request.post(`${serverUrl}/api/auth/login`, {
    data: { login: login.email, password: login.password },
    headers: { origin: serverUrl },
  });
  if (!signIn.ok()) throw new Error(`browser login failed: ${signIn.status()}`);
  return { cookie, context, page };
}

/** Moves the server's test clock to `at` (forward only), expecting it moved or already there. */
export function clockMover(api: Api): (at: number) => Promise<void> {
  return async (at) => {
    expect([0, 200]).toContain(await moveClockTo(api, at));
  };
}

/** A fake Yahoo serving `market`, the server updating from it, and the admin signed in everywhere. */
export interface UpdatingApp {
  yahoo: FakeYahoo;
  server: RunningServer;
  browser: Browser;
  watch: ConsoleWatch;
  cookie: string;
  context: BrowserContext;
  page: Page;
}

export async function startUpdatingApp(market: FakeMarket, admin: Login, updateTime: string): Promise<UpdatingApp> {
  const yahoo = await startFakeYahoo(market);
  const server = await startUpdatingServer(yahoo.baseUrl, admin, updateTime);
  const browser = await launchBrowser();
  const watch = new ConsoleWatch();
  const { cookie, context, page } = await signInEverywhere(server.url, admin, browser, watch);
  return { yahoo, server, browser, watch, cookie, context, page };
}

/** Closes what startUpdatingApp started (the parts there are, when it failed part way). */
export async function stopUpdatingApp(app: Partial<UpdatingApp>): Promise<void> {
  await app.context?.close();
  await app.browser?.close();
  await app.server?.stop();
  await app.yahoo?.close();
}

/** An updating app test's frame: the app, the market it serves, and the admin's API and clock. */
export interface UpdatingSuite extends UpdatingApp {
  market: FakeMarket;
  readonly api: Api;
  readonly moveClockTo: (at: number) => Promise<void>;
}

/**
 * Registers the beforeAll (the market `makeMarket` builds, then startUpdatingApp) and the
 * afterAll (stopUpdatingApp) of a test of the updating app; the fields are set once beforeAll
 * ran. `api` calls the server as the admin; `moveClockTo` moves the server's test clock.
 */
export function updatingAppSuite(admin: Login, updateTime: string, makeMarket: () => FakeMarket): UpdatingSuite {
  const suite = {} as { -readonly [K in keyof UpdatingSuite]: UpdatingSuite[K] };
  suite.api = serverApi(
    () => suite.server.url,
    () => suite.cookie,
  );
  suite.moveClockTo = clockMover(suite.api);
  beforeAll(async () => {
    suite.market = makeMarket();
    Object.assign(suite, await startUpdatingApp(suite.market, admin, updateTime));
  }, 120_000);
  afterAll(() => stopUpdatingApp(suite));
  return suite;
}
