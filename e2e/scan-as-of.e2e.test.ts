// Issue #43, item 7: a technical scan as of a date in the real browser, on the shared data.
// The date is picked in the scanner's "As of" field (a Saturday), the scan runs at the Friday
// before it with the prices of that day, the URL keeps the date, and "Latest" (keyboard) goes
// back to the latest session.
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './support/accounts.js';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const SYMBOLS = ['SPY', 'KO', 'XOM'];
const ADMIN = { email: 'asof-admin@example.com', password: 'as of scan admin passphrase' };
const TRADER = { email: 'asof@example.com', username: 'asof_trader', password: 'correct horse battery staple' };

describe('a scan as of a date on the shared data', () => {
  const s = subscriberSuite('scan-as-of', SYMBOLS, { admin: ADMIN, trader: TRADER, browser: DESKTOP });

  it('runs at the session on or before the date picked, with that day’s prices, and back to the latest', async () => {
    await screenshotOnFailure(s.page, 'scan-as-of-failure', asOfScan);
    expect(s.watch.errors).toEqual([]);
  });

  async function asOfScan() {
    const page = s.page;
    await page.goto(s.server.url + '/scanner?expression=' + encodeURIComponent('close > 0') + '&sort=symbol');
    const results = page.getByTestId('scan-results');
    await results.waitFor();
    const header = page.getByRole('region', { name: 'Scan results' }).locator('p').first();
    // The shared data ends on Friday 2017-11-10.
    await expect.poll(() => header.textContent()).toContain('3 matches as of 11/10/2017');
    const spyRow = results.getByRole('row').filter({ hasText: 'SPDR S&P 500 ETF' });
    await expect.poll(() => spyRow.textContent()).toContain('258.09');

    // Saturday 2016-02-13 → Friday 2016-02-12, when SPY closed at 180.14.
    const asOf = page.getByLabel('As of');
    await asOf.fill('2016-02-13');
    await page.waitForURL(/[?&]asOf=2016-02-13/);
    await expect
      .poll(() => header.textContent())
      .toContain('3 matches as of 02/12/2016 (the session on or before 02/13/2016)');
    await expect.poll(() => spyRow.textContent()).toContain('180.14');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await screenshot(page, 'scan-as-of-2016-02-13');

    // A reload keeps the date (it lives in the URL).
    await page.reload();
    await results.waitFor();
    expect(await page.getByLabel('As of').inputValue()).toBe('2016-02-13');
    await expect.poll(() => spyRow.textContent()).toContain('180.14');

    // "Latest" from the keyboard: focus it and press Enter.
    const latest = page.getByRole('button', { name: 'Clear the date: scan the latest session' });
    await latest.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).not.toContain('asOf=');
    await expect.poll(() => header.textContent()).toContain('3 matches as of 11/10/2017');
    await expect.poll(() => spyRow.textContent()).toContain('258.09');
    expect(await page.getByLabel('As of').inputValue()).toBe('');
  }
});
