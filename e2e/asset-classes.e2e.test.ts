// Issue #46, other asset classes end to end: an admin adds BTC-USD and ^VIX on the data page
// (against the Yahoo stand-in), the backfills store their bars, the market view lists them
// under "Crypto" and "Indexes" (Turkish "Kripto", "Endeksler"), and BTC-USD's seasonal chart
// moves on weekend days as a crypto calendar does. Screenshots: test-results/e2e/asset-classes-*.png.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lastCompletedSession, lastSessionOf } from '@solstice/analytics';
import type { AdminDataResponse, BarsResponse } from '@solstice/contracts';
import { withAssetClasses } from '../apps/server/src/testing/fake-providers/asset-classes.js';
import { FakeMarket } from '../apps/server/src/testing/fake-providers/index.js';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { chooseLanguage } from './support/accounts.js';
import { updatingAppSuite } from './support/market-clock.js';

const ADMIN = { email: 'class-admin@example.com', password: 'asset classes e2e passphrase' };
/** Far enough back for complete years of the seasonal chart (2020 to last year). */
const FROM = '2019-01-02';

/** The weekday (0 Sunday … 6 Saturday) of an ISO date. */
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describe('instruments of other asset classes in the browser', () => {
  // The stand-in's "today": every bar up to now; the sync keeps each class's settled ones.
  const app = updatingAppSuite(ADMIN, '18:30', () =>
    withAssetClasses(new FakeMarket(new Date().toISOString().slice(0, 10)), FROM).add('SPY', {
      kind: 'etf',
      from: FROM,
    }),
  );
  const { api } = app;
  const dataPage = async () => (await api<AdminDataResponse>('GET', '/api/v1/admin/data')).body;

  /** A screenshot once the page's requests are done (no loading overlay over it). */
  const shot = async (name: string) => {
    await app.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await screenshot(app.page, name);
  };

  /** Types `symbol` into the data page's form with the keyboard and submits it with Enter; its answer line. */
  async function addWithKeyboard(page: Page, symbol: string): Promise<string> {
    const form = page.getByRole('form', { name: 'Add a ticker' });
    await form.getByLabel('Ticker').click();
    await page.keyboard.type(symbol);
    await page.keyboard.press('Enter');
    const added = form.getByTestId('added-instrument');
    await added.waitFor();
    return (await added.textContent()) ?? '';
  }

  it('an admin adds BTC-USD and ^VIX on the data page; the backfills store each class’s own days', async () => {
    await screenshotOnFailure(app.page, 'asset-classes-failure-add', async () => {
      // An NYSE universe beside them, as a real install has (added as in live-data.e2e).
      expect((await api('POST', '/api/v1/admin/instruments', { symbol: 'SPY' })).status).toBe(202);
      await app.page.goto(app.server.url + '/admin/data');
      expect(await addWithKeyboard(app.page, 'btc-usd')).toBe(
        'BTC-USD added (Crypto, USD, every day): its whole history is being fetched (a backfill update).',
      );
      // The second one with the mouse: the field, then the button.
      const form = app.page.getByRole('form', { name: 'Add a ticker' });
      await form.getByLabel('Ticker').fill('^vix');
      await form.getByRole('button', { name: 'Add ticker' }).click();
      await form.getByText(/^\^VIX added \(Index, USD, its exchange's trading days\)/).waitFor();

      const now = Date.now();
      const expected = {
        'BTC-USD': lastSessionOf('crypto', 'UTC', now),
        SPY: lastCompletedSession(now),
        '^VIX': lastSessionOf('exchange', 'America/Chicago', now),
      };
      await expect
        .poll(async () => Object.fromEntries((await dataPage()).instruments.map((i) => [i.symbol, i.lastBar])), {
          timeout: 90_000,
          interval: 1_000,
        })
        .toEqual(expected);

      // Crypto has a bar every calendar day, weekends included; the index only on weekdays.
      // (The bars come from the market cache, which follows the stored ones within seconds.)
      const bars = async (symbol: keyof typeof expected) => {
        const path = `/api/v1/bars/${encodeURIComponent(symbol)}`;
        let dates: string[] = [];
        await expect
          .poll(
            async () => {
              const answer = await api<BarsResponse>('GET', path);
              dates = answer.status === 200 ? answer.body.bars.map((b) => b.date) : [];
              return dates.at(-1);
            },
            { timeout: 30_000 },
          )
          .toBe(expected[symbol]);
        return dates;
      };
      const btc = await bars('BTC-USD');
      expect(btc[0]).toBe(FROM);
      expect(btc.filter((d) => weekday(d) === 6).length).toBeGreaterThan(300);
      expect(btc.filter((d) => weekday(d) === 0).length).toBeGreaterThan(300);
      expect((await bars('^VIX')).filter((d) => weekday(d) === 0 || weekday(d) === 6)).toEqual([]);

      await app.page.reload();
      const rows = app.page.getByTestId('data-instruments').getByRole('row');
      for (const symbol of Object.keys(expected)) {
        await rows.filter({ hasText: symbol }).getByText('Tracked, up to date').waitFor({ timeout: 30_000 });
      }
      await shot('asset-classes-1-admin-data');
    });
    expect(app.watch.errors).toEqual([]);
  });

  it('the market view lists BTC-USD under Crypto and ^VIX under Indexes (English and Turkish)', async () => {
    await screenshotOnFailure(app.page, 'asset-classes-failure-market', async () => {
      await app.page.goto(app.server.url + '/market');
      const crypto = app.page.getByTestId('group-crypto');
      // The market cache follows the new bars (SQLite: the data version, read every few seconds).
      await expect
        .poll(
          async () => {
            await app.page.reload();
            await app.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
            return crypto.count();
          },
          { timeout: 30_000, interval: 2_000 },
        )
        .toBe(1);
      await groupHolds(app.page, 'crypto', 'Crypto', ['BTC-USD']);
      await groupHolds(app.page, 'index', 'Indexes', ['^VIX']);
      // Only the classes that have an instrument have a group.
      expect(await app.page.getByTestId('group-fx').count()).toBe(0);
      expect(await app.page.getByTestId('group-future').count()).toBe(0);
      await app.page.locator('#group-index-title').scrollIntoViewIfNeeded();
      await shot('asset-classes-2-market-groups');

      await chooseLanguage(app.page, app.server, 'tr');
      try {
        await app.page.goto(app.server.url + '/market');
        await groupHolds(app.page, 'crypto', 'Kripto', ['BTC-USD']);
        await groupHolds(app.page, 'index', 'Endeksler', ['^VIX']);
        await app.page.locator('#group-index-title').scrollIntoViewIfNeeded();
        await shot('asset-classes-3-market-groups-tr');
      } finally {
        await chooseLanguage(app.page, app.server, 'en');
      }
    });
    expect(app.watch.errors).toEqual([]);
  });

  it('BTC-USD’s seasonal chart, opened from the market view, moves on Saturdays and Sundays (SPY’s does not)', async () => {
    await screenshotOnFailure(app.page, 'asset-classes-failure-chart', async () => {
      await app.page.goto(app.server.url + '/market');
      const crypto = app.page.getByTestId('group-crypto');
      await crypto.getByRole('button', { name: 'BTC-USD', exact: true }).click();
      const details = app.page.getByTestId('symbol-details');
      await details.getByRole('link', { name: 'Seasonal chart' }).click();
      await app.page.waitForURL(/\/seasonality\?symbol=BTC-USD$/);
      const summary = app.page.getByTestId('chart-summary');
      await summary.waitFor({ timeout: 30_000 });
      // Complete years from 2020 (2019 lacks the close of 2018 it starts from).
      const lastBar = lastSessionOf('crypto', 'UTC', Date.now());
      const lastYear = Number(lastBar.slice(0, 4)) - (lastBar.endsWith('12-31') ? 0 : 1);
      expect(await summary.textContent()).toContain(`(2020–${lastYear})`);
      await app.page.getByRole('img', { name: 'Seasonal chart of BTC-USD' }).waitFor();
      await shot('asset-classes-4-btc-seasonal-chart');

      // Each year drawn, and the chart's data as a table: the last complete year's line has a
      // value of its own on each day, where an NYSE symbol's repeats Friday's over the weekend.
      await app.page.getByLabel('Each year').check();
      await app.page.waitForURL(/years=true/);
      const btc = await weekendMoves(app.page, 'BTC-USD', lastYear);
      expect(btc.weekendDays).toBeGreaterThan(100);
      // Shown rounded, a quiet day may repeat the day before; nearly every weekend day moves.
      expect(btc.moved / btc.weekendDays).toBeGreaterThan(0.8);
      await app.page.evaluate(() => window.scrollTo(0, 0));
      await shot('asset-classes-5-btc-each-year-table');

      await app.page.goto(`${app.server.url}/seasonality?symbol=SPY&years=true`);
      const spy = await weekendMoves(app.page, 'SPY', lastYear);
      expect(spy).toEqual({ weekendDays: btc.weekendDays, moved: 0 });
    });
    expect(app.watch.errors).toEqual([]);
  });
});

/**
 * Opens the seasonal chart's table (its "Show as table") and counts the Saturdays and Sundays of
 * `year` and those whose value differs from the day before, in the column of that year's line.
 */
async function weekendMoves(page: Page, symbol: string, year: number): Promise<{ weekendDays: number; moved: number }> {
  await page.getByRole('img', { name: `Seasonal chart of ${symbol}` }).waitFor({ timeout: 30_000 });
  const disclosure = page.getByText('Show as table');
  if (await disclosure.isVisible()) await disclosure.click();
  const table = page.getByRole('region', { name: `The data of the chart: Seasonal chart of ${symbol}` });
  await table.getByRole('columnheader', { name: String(year), exact: true }).waitFor();
  const { columns, rows } = await table.evaluate((el) => ({
    columns: Array.from(el.querySelectorAll('thead th'), (th) => th.textContent ?? ''),
    rows: Array.from(el.querySelectorAll('tbody tr'), (tr) => Array.from(tr.children, (td) => td.textContent ?? '')),
  }));
  const column = columns.indexOf(String(year));
  const values = new Map(rows.map((r) => [r[0]!, r[column]!]));
  const mmdd = (t: number) => new Date(t).toISOString().slice(5, 10);
  let weekendDays = 0;
  let moved = 0;
  for (let d = Date.UTC(year, 0, 2); d <= Date.UTC(year, 11, 31); d += 86_400_000) {
    const weekday = new Date(d).getUTCDay();
    // the chart's days are those of a year without 29 February
    if ((weekday !== 0 && weekday !== 6) || mmdd(d) === '02-29' || mmdd(d - 86_400_000) === '02-29') continue;
    const today = values.get(mmdd(d));
    expect(today, `${symbol} ${mmdd(d)}`).toBeTruthy();
    weekendDays++;
    if (today !== values.get(mmdd(d - 86_400_000))) moved++;
  }
  return { weekendDays, moved };
}

/** The group `assetClass` is named `name` (its header may add more) and lists exactly `symbols`. */
async function groupHolds(page: Page, assetClass: string, name: string, symbols: string[]): Promise<void> {
  const heading = page.locator(`#group-${assetClass}-title`);
  await heading.waitFor();
  const title = ((await heading.textContent()) ?? '').trim();
  expect(title.startsWith(name), title).toBe(true);
  const table = page.getByTestId(`group-${assetClass}`);
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.querySelector('td, th')?.textContent?.trim() ?? ''));
  expect(shown).toEqual(symbols);
}
