// Issue #21, "Must show": a subscriber's morning on the shared real data. Type "coca" → KO →
// symbol details with candles → add to the watchlist → the pattern of KO (the symbol kept)
// → drag a window on the seasonal chart → its statistics; "MSFTX" refused with a message; the
// dashboard still whole with an unknown symbol in a list. Every touched screen at 1440 and
// 390 px wide; no console errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ConsoleWatch, launchBrowser, newWatchedPage, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { seedStore } from './support/shell.js';
import { importSharedSymbols } from './support/shared-data';

const SYMBOLS = ['SPY', 'AAPL', 'KO', 'PEP', 'MSFT', 'XOM'];
const ADMIN = { email: 'trader-admin@example.com', password: 'trader workflow admin passphrase' };
const TRADER = { email: 'trader@example.com', username: 'trader', password: 'correct horse battery staple' };
const WIDTHS = [1440, 390] as const;

describe("a trader's workflow on the shared data", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminCookie = '';
  const watch = new ConsoleWatch();
  const dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-trader-'));
  const databaseUrl = `file:${path.join(dbDir, 'trader.sqlite')}`;

  const asAdmin = (method: string, route: string, body?: unknown) =>
    fetch(server.url + route, {
      method,
      headers: { cookie: adminCookie, origin: server.url, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

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
    ({ context, page } = await newWatchedPage(browser, watch, { viewport: { width: 1440, height: 900 } }));
    // a paying subscriber: signed up, then given the subscriber tag as the billing would
    const signup = await context.request.post(`${server.url}/api/auth/signup`, {
      data: TRADER,
      headers: { origin: server.url },
    });
    expect(signup.status()).toBe(201);
    const me = ((await signup.json()) as { data: { id: number; username: string } }).data;
    expect((await asAdmin('POST', `/api/v1/admin/users/${me.id}/subscriber`, {})).ok).toBe(true);
    await seedStore(context, { user: { id: me.id, username: me.username }, subscriber: true });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    fs.rmSync(dbDir, { recursive: true, force: true });
  });

  /** Once the page's requests are done (no loading overlay over it). */
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  };
  /** The screen as it is now at 1440 px, then at 390 px (after `ready` shows again), then back. */
  const shots = async (name: string, ready: () => Promise<unknown>) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await ready();
      await settle();
      await screenshot(page, `trader-${name}-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  it('goes from a company name to its details, watchlist, pattern and a dragged window', async () => {
    try {
      await workflow();
    } catch (error) {
      await screenshot(page, 'trader-failure').catch(() => {});
      throw error;
    }
    expect(watch.errors).toEqual([]);
  });

  async function workflow() {
    await page.goto(server.url + '/dashboard');
    await page.getByTestId('dashboard-screen').waitFor();

    // "coca" finds KO by its company name; Enter takes the suggestion and opens its details
    const search = page.getByRole('combobox', { name: 'Search symbols' });
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((e) => e === document.activeElement)).toBe(true);
    await search.fill('coca');
    await page.getByRole('option', { name: /KO/ }).waitFor();
    await search.press('Enter');
    const details = page.getByTestId('symbol-details');
    await details.getByRole('heading', { name: 'KO' }).waitFor();
    await page.waitForURL(/[?&]details=KO/);
    // candles with volume, the trader's figures, the seasonal curve and the next windows
    await details.getByRole('img', { name: 'Candles of KO' }).locator('svg').waitFor();
    await details.getByTestId('trader-stats').waitFor();
    await details.getByRole('img', { name: 'Seasonal curve of KO' }).locator('svg').waitFor();
    expect(await details.getByTestId('trader-stats').textContent()).toMatch(/Last price.*52-week range.*RSI/);
    await details.getByRole('button', { name: 'SMA 50/200' }).click();
    await details.getByRole('button', { name: '5Y' }).click();
    await expect.poll(() => details.getByRole('button', { name: '5Y' }).getAttribute('aria-pressed')).toBe('true');
    expect(await details.getByRole('link', { name: 'Create alert' }).getAttribute('href')).toBe(
      '/alerts?new=condition&symbol=KO',
    );
    await shots('01-symbol-details', () =>
      details.getByRole('img', { name: 'Candles of KO' }).locator('svg').waitFor(),
    );

    // a shared link opens the same details
    const shared = page.url();
    await page.goto(shared);
    await page.getByTestId('symbol-details').getByRole('heading', { name: 'KO' }).waitFor();

    // add to the watchlist through the shell's dialog
    await page.getByTestId('symbol-details').getByRole('button', { name: 'Add to watchlist' }).click();
    const add = page.getByTestId('add-to-watchlist');
    await add.waitFor();
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByTestId('watchlist-panel').getByRole('cell', { name: 'KO', exact: true }).waitFor();

    // the pattern tool opens with KO (the symbol followed) and runs without a click
    await page.getByRole('link', { name: 'Pattern', exact: true }).first().click();
    await page.waitForURL(/\/seasonality\/pattern\?.*symbol=KO/);
    await page.getByTestId('pattern-table').waitFor();
    expect(await page.getByRole('textbox', { name: 'Symbol', exact: true }).inputValue()).toBe('KO');
    await shots('02-pattern', () => page.getByTestId('pattern-table').waitFor());

    // calendar and best trades keep it too
    const nav = page.getByRole('navigation', { name: 'Other seasonality tools' });
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL(/\/seasonality\/calendar\?symbol=KO/);
    await page.getByTestId('calendar-grid').waitFor();
    await shots('03-calendar', () => page.getByTestId('calendar-grid').waitFor());
    await nav.getByRole('link', { name: 'Best trades' }).click();
    await page.waitForURL(/\/seasonality\/besttrades\?symbol=KO/);
    await page.getByTestId('best-long').waitFor({ timeout: 60_000 });
    await shots('04-best-trades', () => page.getByTestId('best-long').waitFor());

    // the seasonal chart of KO: drag across it to select a window, get its statistics
    await nav.getByRole('link', { name: 'Seasonal chart' }).click();
    await page.waitForURL(/\/seasonality\?symbol=KO/);
    const chart = page.getByRole('img', { name: 'Seasonal chart of KO' });
    await chart.locator('svg').waitFor();
    await settle();
    const box = (await chart.boundingBox())!;
    // the plot: 52 px from the left, 16 from the right, 40 from the top, 64 from the bottom
    const plotLeft = box.x + 52;
    const plotWidth = box.width - 68;
    const y = box.y + 40 + (box.height - 104) / 2;
    await page.mouse.move(plotLeft + plotWidth * 0.6, y);
    await page.mouse.down();
    await page.mouse.move(plotLeft + plotWidth * 0.8, y, { steps: 12 });
    await page.mouse.up();
    const selected = page.getByTestId('window-stats');
    await selected.getByTestId('stats-panel').waitFor();
    await page.waitForURL(/start=\d\d-\d\d&end=\d\d-\d\d/);
    const { start, end } = Object.fromEntries(new URL(page.url()).searchParams);
    // about 60 % and 80 % of the year: August and October
    expect(start).toMatch(/^0[78]-/);
    expect(end).toMatch(/^1[01]-/);
    await shots('05-seasonal-chart-window', () => selected.getByTestId('stats-panel').waitFor());

    // compare with a second symbol
    await page.getByLabel('Compare with').fill('PEP');
    await page.getByRole('button', { name: 'Show chart' }).click();
    await page.getByTestId('compare-summary').waitFor();
    // each year and the median on demand, and any instrument as the benchmark
    // (each change loads: the loading overlay takes the clicks until it is gone)
    await page.getByLabel('Each year').click();
    await page.waitForURL(/years=true/);
    await settle();
    await page.getByLabel('Median').click();
    await page.waitForURL(/median=true/);
    await settle();
    await page.getByLabel('Benchmark').fill('XOM');
    await page.getByRole('button', { name: 'Show chart' }).click();
    await expect.poll(() => page.getByTestId('benchmark-summary').textContent()).toContain('Against XOM');
    await shots('06-seasonal-chart-years-median-benchmark', () => chart.locator('svg').waitFor());

    // the scanner: arithmetic in the expression, Finviz-like views with a sparkline per row
    await page.goto(server.url + '/scanner?expression=' + encodeURIComponent('close >= high52w * 0.8'));
    const results = page.getByTestId('scan-results');
    await results.waitFor();
    await page.getByRole('button', { name: 'Technical' }).click();
    await results.getByRole('button', { name: /From SMA 200/ }).waitFor();
    expect(await results.getByTestId('sparkline').count()).toBeGreaterThan(0);
    await results.getByRole('button', { name: /RSI\(14\)/ }).click();
    await page.waitForURL(/sort=rsi14/);
    await shots('07-scanner-technical', () => results.getByTestId('sparkline').first().waitFor());

    // "MSFTX" is refused with a message, the list unchanged
    await page.goto(server.url + '/dashboard');
    const panel = page.getByTestId('watchlist-panel');
    const addBox = panel.getByRole('combobox', { name: 'Add a symbol to Default' });
    await addBox.fill('MSFTX');
    await addBox.press('Enter');
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('No symbol or company matches “MSFTX”.');
    expect(await panel.getByRole('cell', { name: 'MSFTX' }).count()).toBe(0);

    // PEP enters the list, then leaves the market data: its row says so, the rest stays whole
    await addBox.fill('PEP');
    await panel.getByRole('option', { name: /PEP/ }).waitFor();
    await addBox.press('Enter');
    await panel.getByRole('cell', { name: 'PEP', exact: true }).waitFor();
    await settle();
    expect((await asAdmin('DELETE', '/api/v1/admin/instruments/PEP?purge=true')).status).toBe(204);
    // the server's market cache sees the change on its next look at the data version
    await expect
      .poll(async () => (await asAdmin('GET', '/api/v1/instruments/PEP')).status, { timeout: 30_000 })
      .toBe(404);
    // the row's price request for the removed symbol answers 404: expected, in its row only
    watch.allow(/status of 404.*\/api\/v1\/(indicators|instruments)\/PEP/);
    watch.allow(/status of 404 \(Not Found\) \(.*PEP/);
    await page.reload();
    await panel.getByText('Unknown symbol: not in the market data.').waitFor();
    await panel.getByRole('cell', { name: 'KO', exact: true }).waitFor();
    await page.getByTestId('index-cards').or(page.getByTestId('breadth')).first().waitFor();
    expect(await page.getByText(/No market data for PEP/).count()).toBe(0);
    await shots('08-dashboard-unknown-symbol', () =>
      panel.getByText('Unknown symbol: not in the market data.').waitFor(),
    );
  }
});
