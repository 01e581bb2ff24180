// Issue #21, "Must show": a subscriber's morning on the shared real data. Type "coca" → KO →
// symbol details with candles → add to the watchlist → the pattern of KO (the symbol kept)
// → drag a window on the seasonal chart → its statistics; "MSFTX" refused with a message; the
// dashboard still whole with an unknown symbol in a list. Every touched screen at 1440 and
// 390 px wide; no console errors.
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './support/accounts.js';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const SYMBOLS = ['SPY', 'AAPL', 'KO', 'PEP', 'MSFT', 'XOM'];
const ADMIN = { email: 'trader-admin@example.com', password: 'trader workflow admin passphrase' };
const TRADER = { email: 'trader@example.com', username: 'trader', password: 'correct horse battery staple' };
const WIDTHS = [1440, 390] as const;

describe("a trader's workflow on the shared data", () => {
  // a paying subscriber: signed up, then given the subscriber tag as the billing would
  const s = subscriberSuite('trader', SYMBOLS, { admin: ADMIN, trader: TRADER, browser: DESKTOP });

  const asAdmin = (method: string, route: string, body?: unknown) =>
    fetch(s.server.url + route, {
      method,
      headers: { cookie: s.adminCookie, origin: s.server.url, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  /** Once the page's requests are done (no loading overlay over it). */
  const settle = async () => {
    await s.page.waitForLoadState('networkidle');
    await s.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  };
  /** The screen as it is now at 1440 px, then at 390 px (after `ready` shows again), then back. */
  const shots = async (name: string, ready: () => Promise<unknown>) => {
    for (const width of WIDTHS) {
      await s.page.setViewportSize({ width, height: 900 });
      await ready();
      await settle();
      await screenshot(s.page, `trader-${name}-${width}`);
    }
    await s.page.setViewportSize({ width: 1440, height: 900 });
  };

  it('goes from a company name to its details, watchlist, pattern and a dragged window', async () => {
    await screenshotOnFailure(s.page, 'trader-failure', workflow);
    expect(s.watch.errors).toEqual([]);
  });

  async function workflow() {
    await s.page.goto(s.server.url + '/dashboard');
    await s.page.getByTestId('dashboard-screen').waitFor();

    // "coca" finds KO by its company name; Enter takes the suggestion and opens its details
    const search = s.page.getByRole('combobox', { name: 'Search symbols' });
    await s.page.keyboard.press('/');
    await expect.poll(() => search.evaluate((e) => e === document.activeElement)).toBe(true);
    await search.fill('coca');
    await s.page.getByRole('option', { name: /KO/ }).waitFor();
    await search.press('Enter');
    const details = s.page.getByTestId('symbol-details');
    await details.getByRole('heading', { name: 'KO' }).waitFor();
    await s.page.waitForURL(/[?&]details=KO/);
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
    const shared = s.page.url();
    await s.page.goto(shared);
    await s.page.getByTestId('symbol-details').getByRole('heading', { name: 'KO' }).waitFor();

    // add to the watchlist through the shell's dialog
    await s.page.getByTestId('symbol-details').getByRole('button', { name: 'Add to watchlist' }).click();
    const add = s.page.getByTestId('add-to-watchlist');
    await add.waitFor();
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'hidden' });
    await s.page.getByTestId('watchlist-panel').getByRole('cell', { name: 'KO', exact: true }).waitFor();

    // the pattern tool opens with KO (the symbol followed) and runs without a click
    await s.page.getByRole('link', { name: 'Pattern', exact: true }).first().click();
    await s.page.waitForURL(/\/seasonality\/pattern\?.*symbol=KO/);
    await s.page.getByTestId('pattern-table').waitFor();
    expect(await s.page.getByRole('textbox', { name: 'Symbol', exact: true }).inputValue()).toBe('KO');
    await shots('02-pattern', () => s.page.getByTestId('pattern-table').waitFor());

    // calendar and best trades keep it too
    const nav = s.page.getByRole('navigation', { name: 'Other seasonality tools' });
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await s.page.waitForURL(/\/seasonality\/calendar\?symbol=KO/);
    await s.page.getByTestId('calendar-grid').waitFor();
    await shots('03-calendar', () => s.page.getByTestId('calendar-grid').waitFor());
    await nav.getByRole('link', { name: 'Best trades' }).click();
    await s.page.waitForURL(/\/seasonality\/besttrades\?symbol=KO/);
    await s.page.getByTestId('best-long').waitFor({ timeout: 60_000 });
    await shots('04-best-trades', () => s.page.getByTestId('best-long').waitFor());

    // the seasonal chart of KO: drag across it to select a window, get its statistics
    await nav.getByRole('link', { name: 'Seasonal chart' }).click();
    await s.page.waitForURL(/\/seasonality\?symbol=KO/);
    const chart = s.page.getByRole('img', { name: 'Seasonal chart of KO' });
    await chart.locator('svg').waitFor();
    await settle();
    const box = (await chart.boundingBox())!;
    // the plot: 52 px from the left, 16 from the right, 40 from the top, 64 from the bottom
    const plotLeft = box.x + 52;
    const plotWidth = box.width - 68;
    const y = box.y + 40 + (box.height - 104) / 2;
    await s.page.mouse.move(plotLeft + plotWidth * 0.6, y);
    await s.page.mouse.down();
    await s.page.mouse.move(plotLeft + plotWidth * 0.8, y, { steps: 12 });
    await s.page.mouse.up();
    const selected = s.page.getByTestId('window-stats');
    await selected.getByTestId('stats-panel').waitFor();
    await s.page.waitForURL(/start=\d\d-\d\d&end=\d\d-\d\d/);
    const { start, end } = Object.fromEntries(new URL(s.page.url()).searchParams);
    // about 60 % and 80 % of the year: August and October
    expect(start).toMatch(/^0[78]-/);
    expect(end).toMatch(/^1[01]-/);
    await shots('05-seasonal-chart-window', () => selected.getByTestId('stats-panel').waitFor());

    // compare with a second symbol
    await s.page.getByLabel('Compare with').fill('PEP');
    await s.page.getByRole('button', { name: 'Show chart' }).click();
    await s.page.getByTestId('compare-summary').waitFor();
    // each year and the median on demand, and any instrument as the benchmark
    // (each change loads: the loading overlay takes the clicks until it is gone)
    await s.page.getByLabel('Each year').click();
    await s.page.waitForURL(/years=true/);
    await settle();
    await s.page.getByLabel('Median').click();
    await s.page.waitForURL(/median=true/);
    await settle();
    await s.page.getByLabel('Benchmark').fill('XOM');
    await s.page.getByRole('button', { name: 'Show chart' }).click();
    await expect.poll(() => s.page.getByTestId('benchmark-summary').textContent()).toContain('Against XOM');
    await shots('06-seasonal-chart-years-median-benchmark', () => chart.locator('svg').waitFor());

    // the scanner: arithmetic in the expression, Finviz-like views with a sparkline per row
    await s.page.goto(s.server.url + '/scanner?expression=' + encodeURIComponent('close >= high52w * 0.8'));
    const results = s.page.getByTestId('scan-results');
    await results.waitFor();
    await s.page.getByRole('button', { name: 'Technical' }).click();
    await results.getByRole('button', { name: /From SMA 200/ }).waitFor();
    expect(await results.getByTestId('sparkline').count()).toBeGreaterThan(0);
    await results.getByRole('button', { name: /RSI\(14\)/ }).click();
    await s.page.waitForURL(/sort=rsi14/);
    await shots('07-scanner-technical', () => results.getByTestId('sparkline').first().waitFor());

    // "MSFTX" is refused with a message, the list unchanged
    await s.page.goto(s.server.url + '/dashboard');
    const panel = s.page.getByTestId('watchlist-panel');
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
    s.watch.allow(/status of 404.*\/api\/v1\/(indicators|instruments)\/PEP/);
    s.watch.allow(/status of 404 \(Not Found\) \(.*PEP/);
    await s.page.reload();
    await panel.getByText('Unknown symbol: not in the market data.').waitFor();
    await panel.getByRole('cell', { name: 'KO', exact: true }).waitFor();
    await s.page.getByTestId('index-cards').or(s.page.getByTestId('breadth')).first().waitFor();
    expect(await s.page.getByText(/No market data for PEP/).count()).toBe(0);
    await shots('08-dashboard-unknown-symbol', () =>
      panel.getByText('Unknown symbol: not in the market data.').waitFor(),
    );
  }
});
