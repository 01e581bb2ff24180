// The trader's journey through every screen of the built app in Chromium, on real prices:
// sign up, be refused a premium tool, subscribe in test mode, run a seasonality scan, open a
// result's pattern and calendar, run a technical scan, add a result to a watchlist, and see
// it on the dashboard and in the heatmap. A screenshot of every screen; no console errors.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import type { RunningServer } from './support/server.js';
import { seedStore } from './support/shell.js';
import { importSharedSymbols } from './support/shared-data';

/** A small real universe: the S&P 500 ETF (the benchmark) and stocks of every sector. */
const SYMBOLS = [
  'SPY',
  'AAPL',
  'MSFT',
  'NVDA',
  'ORCL',
  'XOM',
  'CVX',
  'COP',
  'JPM',
  'BAC',
  'WFC',
  'JNJ',
  'PFE',
  'MRK',
  'KO',
  'PEP',
  'PG',
  'WMT',
  'HD',
  'MCD',
  'NKE',
  'CAT',
  'BA',
  'GE',
  'NEE',
  'DUK',
  'SO',
  'AMT',
  'PLD',
  'LIN',
  'DD',
  'T',
  'VZ',
];

describe('the journey of a new trader', () => {
  let server: RunningServer;
  let page: Page;
  const { watch } = browserSuite('journey', {
    fill: (databaseUrl) => importSharedSymbols(databaseUrl, SYMBOLS),
    opened: async (suite) => {
      ({ server, page } = suite);
      await seedStore(suite.context);
    },
  });

  const go = async (route: string) => {
    await page.goto(server.url + route);
    await page.waitForLoadState('networkidle');
  };
  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await screenshot(page, `journey-${name}`);
  };

  it('signs up, is refused a premium tool, subscribes, scans, watches and finds the stock again', async () => {
    try {
      await journey();
    } catch (error) {
      // the state of the screen when a step failed, next to the screens that passed
      await screenshot(page, 'journey-failure').catch(() => {});
      throw error;
    }
    expect(watch.errors).toEqual([]);
  });

  async function journey() {
    // sign up through the landing page's dialog
    await go('/');
    await shot('01-landing');
    await page.getByRole('button', { name: 'Sign up' }).first().click();
    await page.getByLabel('E-mail').fill('journey@example.com');
    await page.getByLabel('Username').fill('journey');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(server.url + '/dashboard');
    await page.getByTestId('dashboard-screen').waitFor();
    await page.getByTestId('index-cards').or(page.getByTestId('breadth')).first().waitFor();
    await shot('02-dashboard-new');

    // a premium tool refuses a non-subscriber and shows what it does and the way to subscribe
    await go('/seasonality/scanner');
    const card = page.getByTestId('subscribe-card');
    await card.waitFor();
    await shot('03-seasonality-scanner-refused');
    await card.getByRole('link').click();
    await page.waitForURL(server.url + '/subscribe');

    // subscribe in test mode: a declined card first, then the card that pays
    await page.getByTestId('plans').waitFor();
    await expect.poll(() => page.getByTestId('test-mode').textContent()).toBe('Test mode');
    await shot('04-subscribe-plans');
    await page
      .getByRole('button', { name: /^Choose / })
      .first()
      .click();
    await page.getByTestId('checkout').waitFor();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByTestId('payment-declined').waitFor();
    await shot('05-subscribe-declined');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByTestId('payment-result').waitFor();
    await shot('06-subscribe-paid');

    // a seasonality scan over the universe
    await go('/seasonality/scanner');
    await page.getByLabel('Start from (MM-DD)').fill('03-01');
    await page.getByLabel('Start to (MM-DD)').fill('03-31');
    await page.getByLabel('Min win rate (%)').fill('60');
    await page.getByLabel('Direction').selectOption('both');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const results = page.getByTestId('seasonality-scan-results');
    await results.waitFor({ timeout: 60_000 });
    expect(await results.locator('tbody tr').count()).toBeGreaterThan(0);
    await shot('07-seasonality-scanner-results');
    const scanUrl = page.url();
    const openFirstResult = async (link: string, url: RegExp) => {
      await results
        .getByRole('link', { name: new RegExp(`^${link} of `) })
        .first()
        .click();
      await page.waitForURL(url);
    };

    // open the first result's pattern, then its calendar
    await openFirstResult('Pattern', /\/seasonality\/pattern\?symbol=/);
    await page.getByTestId('pattern-table').waitFor();
    await page.getByTestId('stats-panel').waitFor();
    await shot('08-pattern');
    await page.goto(scanUrl);
    await results.waitFor({ timeout: 60_000 });
    await openFirstResult('Calendar', /\/seasonality\/calendar\?symbol=/);
    await page.getByTestId('calendar-grid').waitFor();
    await shot('09-calendar');

    // the other seasonality screens
    await go('/seasonality?symbol=AAPL');
    await page.getByTestId('chart-summary').waitFor();
    await shot('10-seasonal-chart');
    await go('/seasonality/besttrades?symbol=AAPL&minDays=10&maxDays=20');
    await page.getByTestId('best-long').waitFor({ timeout: 60_000 });
    await shot('11-best-trades');

    // a technical scan; add a result to a watchlist through the modal
    await go('/scanner');
    await page.getByLabel('Expression').fill('close > sma200 and rsi14 < 70');
    await expect.poll(() => page.getByTestId('scan-count').textContent(), { timeout: 10_000 }).toMatch(/\d+ match/);
    await page.getByRole('button', { name: 'Run scan' }).click();
    const scanned = page.getByTestId('scan-results');
    await scanned.waitFor();
    await shot('12-scanner-results');
    const labels = await scanned
      .getByRole('button', { name: /^Add .+ to a watchlist$/ })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    const label = labels.find((l) => l !== 'Add AAPL to a watchlist');
    expect(label).toBeDefined();
    const symbol = /^Add (.+) to a watchlist$/.exec(label!)![1]!;
    const addButton = scanned.getByRole('button', { name: label!, exact: true });
    await addButton.click();
    const modal = page.getByTestId('add-to-watchlist');
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Add' }).click();
    await modal.waitFor({ state: 'hidden' });

    // the dashboard lists it with its price
    await go('/dashboard');
    const list = page.getByTestId('watchlist-panel');
    await list.getByRole('cell', { name: symbol, exact: true }).waitFor();
    await shot('13-dashboard-with-watchlist');

    // and the heatmap of the watchlist shows it
    await go('/heatmaps');
    await page.getByTestId('heatmap-legend').waitFor();
    await shot('14-heatmaps-all');
    await page.getByLabel('Universe').selectOption({ label: 'Watchlist: Default' });
    // the treemap of the watchlist is drawn, and its symbol × month grid lists the symbol
    await page.getByLabel('Heatmap of all sectors').locator('svg').waitFor();
    await page.getByTestId('seasonality-grid').getByRole('cell', { name: symbol, exact: true }).waitFor();
    await shot('15-heatmaps-watchlist');

    // the remaining screens
    await go('/market');
    await page.getByTestId('breadth').waitFor();
    await shot('16-market');
    await go('/profile');
    await page.getByTestId('subscription-status').waitFor();
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toContain('Active');
    await shot('17-profile');

    // 375 px wide: no sideways scrolling on a dense screen
    await page.setViewportSize({ width: 375, height: 800 });
    await go(new URL(scanUrl).pathname + new URL(scanUrl).search);
    await results.waitFor({ timeout: 60_000 });
    // nothing sticks out to the right (wide tables scroll inside their own box)
    const offenders = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.table-responsive'))
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')}[${e.getAttribute('data-testid') ?? ''}]`,
        )
        .slice(0, 10),
    );
    expect(offenders).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot('18-seasonality-scanner-375px');
  }
});
