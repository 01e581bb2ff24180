// Issue #22, item 5: the seasonal backtest screen shows the API's numbers, to the digit, for
// the AAPL + SPY example (AAPL 10-05 → 11-01 long, SPY 11-01 → 04-30 long) on the shared data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ConsoleWatch, launchBrowser, newWatchedPage, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { seedStore } from './support/shell.js';
import { importSharedSymbols } from './support/shared-data';

const SYMBOLS = ['SPY', 'AAPL'];
const ADMIN = { email: 'backtest-admin@example.com', password: 'backtest e2e admin passphrase' };
const TRADER = { email: 'backtester@example.com', username: 'backtester', password: 'correct horse battery staple' };
const LEGS = [
  { symbol: 'AAPL', start: '10-05', end: '11-01', direction: 'long' },
  { symbol: 'SPY', start: '11-01', end: '04-30', direction: 'long' },
] as const;
const URL_PATH = '/seasonality/backtest?leg=AAPL:10-05:11-01:long&leg=SPY:11-01:04-30:long&cost=5&benchmark=SPY';

type Metrics = Record<string, number | null>;
interface Answer {
  trades: { symbol: string; year: number; return: number }[];
  metrics: Metrics;
  benchmark: Metrics & { symbol: string };
}

/** As the screen formats them (en-US): percentages with 2 decimals, ratios with 2, counts whole. */
const percent = (v: number | null, signed: boolean) =>
  v === null
    ? '—'
    : new Intl.NumberFormat('en-US', {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: signed ? 'exceptZero' : 'auto',
      }).format(v);
const ratio = (v: number | null) =>
  v === null ? '—' : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const SHOWN: Record<string, (v: number | null) => string> = {
  totalReturn: (v) => percent(v, true),
  cagr: (v) => percent(v, true),
  maxDrawdown: (v) => percent(v, true),
  volatility: (v) => percent(v, false),
  sharpe: ratio,
  sortino: ratio,
  exposure: (v) => percent(v, false),
  trades: (v) => String(v),
  tradeWinRate: (v) => percent(v, false),
  avgTrade: (v) => percent(v, true),
};

describe('the seasonal backtest on the shared data', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminCookie = '';
  const watch = new ConsoleWatch();
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-backtest-'));
  const databaseUrl = `file:${path.join(dbDir, 'backtest.sqlite')}`;

  beforeAll(async () => {
    importSharedSymbols(databaseUrl, SYMBOLS);
    server = await startServer({ DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ login: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    adminCookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    browser = await launchBrowser();
    ({ context, page } = await newWatchedPage(browser, watch, {
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      timezoneId: 'UTC',
    }));
    const signup = await context.request.post(`${server.url}/api/auth/signup`, {
      data: TRADER,
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
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    fs.rmSync(dbDir, { recursive: true, force: true });
  });

  it('shows the metrics, the benchmark and the trades the API answers', async () => {
    try {
      const res = await context.request.post(`${server.url}/api/v1/seasonality/backtest`, {
        data: { legs: LEGS, costBps: 5, benchmark: 'SPY' },
        headers: { origin: server.url },
      });
      expect(res.status()).toBe(200);
      const api = (await res.json()) as Answer;
      expect(api.trades.length).toBeGreaterThan(10);

      await page.goto(server.url + URL_PATH);
      const metrics = page.getByTestId('backtest-metrics');
      await metrics.waitFor();
      for (const [key, show] of Object.entries(SHOWN)) {
        expect(await page.getByTestId(`metric-${key}`).textContent(), key).toBe(show(api.metrics[key] ?? null));
      }
      for (const key of ['totalReturn', 'cagr', 'maxDrawdown', 'sharpe']) {
        expect(await page.getByTestId(`benchmark-${key}`).textContent(), key).toBe(
          SHOWN[key]!(api.benchmark[key] ?? null),
        );
      }
      await page.getByRole('img', { name: /Equity curve of the strategy against SPY/ }).waitFor();
      expect(await page.getByRole('img', { name: /Drawdown of the strategy/ }).getAttribute('aria-label')).toContain(
        percent(api.metrics.maxDrawdown ?? null, true),
      );
      // the first trade row: the API's first trade, its net return as shown
      const first = page.getByTestId('backtest-trades').getByRole('row').nth(1);
      const text = (await first.textContent()) ?? '';
      expect(text).toContain(api.trades[0]!.symbol);
      expect(text).toContain(percent(api.trades[0]!.return, true));
      expect(await page.getByTestId('backtest-trades').textContent()).toContain(`of ${api.trades.length}`);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'backtest-1440');
    } catch (error) {
      await screenshot(page, 'backtest-failure').catch(() => {});
      throw error;
    }
    expect(watch.errors).toEqual([]);
  });
});
