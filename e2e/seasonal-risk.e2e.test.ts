// Risk inside a seasonal window (analytics.md, "Risk inside a window"), in the real browser on
// AAPL of the shared data: the pattern's per-year worst (MAE, with its day) and best (MFE)
// columns with a range bar per year and the risk statistics, and best trades' rank switch
// "Win rate | Return per risk" reordering the windows as the API ranks them; in English and in
// Turkish. Screenshots: test-results/e2e/risk-*.png.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BestTradesResponse, PatternResponse } from '@solstice/contracts';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { DESKTOP_EN_US } from './support/accounts.js';
import { signedPercentIn as pct, type Lang } from './support/formats.js';
import { inTurkishStorePage, subscriberSuite, suiteGet, suiteUrl } from './support/subscriber-suite.js';

const ADMIN = { email: 'risk-admin@example.com', password: 'risk e2e admin passphrase' };
const TRADER = { email: 'risk@example.com', username: 'risktrader', password: 'correct horse battery staple' };
const PATTERN = { symbol: 'AAPL', start: '10-05', end: '11-01' };
const BEST = { symbol: 'AAPL', minDays: '5', maxDays: '30' };

const TEXTS = {
  en: { worst: 'Worst', best: 'Best', range: 'Range', day: (d: number) => `day ${d}`, rank: 'Return per risk' },
  tr: {
    worst: 'En kötü',
    best: 'En iyi',
    range: 'Aralık',
    day: (d: number) => `${d}. gün`,
    rank: 'Risk başına getiri',
  },
};

describe('risk inside a seasonal window in the browser', () => {
  const s = subscriberSuite('risk', ['SPY', 'AAPL'], { admin: ADMIN, trader: TRADER, browser: DESKTOP_EN_US });

  const apiGet = <T>(route: string, params: Record<string, string>) => suiteGet<T>(s, route, params);
  const url = (route: string, params: Record<string, string>) => suiteUrl(s, route, params);

  /** The column names of a DataTable (the label, not its hidden meaning). */
  const headersOf = (page: Page, testId: string) =>
    page
      .getByTestId(testId)
      .locator('table')
      .first()
      .evaluate((table) =>
        Array.from(table.querySelectorAll('thead th'), (th) =>
          (th.querySelector('.stat-label') ?? th.querySelector('button') ?? th)
            .textContent!.replace(/[▲▼]/g, '')
            .trim(),
        ),
      );

  /** The pattern's risk columns, bars and panel as the API answers them, in `lang`. */
  async function checkPattern(page: Page, lang: Lang) {
    const api = await apiGet<PatternResponse>('/api/v1/seasonality/pattern', PATTERN);
    await page.goto(url('/seasonality/pattern', PATTERN));
    const table = page.getByTestId('pattern-table');
    await table.waitFor();
    const t = TEXTS[lang];
    const headers = await headersOf(page, 'pattern-table');
    for (const name of [t.worst, t.best, t.range]) expect(headers, name).toContain(name);
    // The newest year first: its worst and best closes with their days.
    const newest = [...api.years].sort((a, b) => b.year - a.year)[0]!;
    const cells = await table
      .locator('tbody tr')
      .first()
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => td.textContent!.trim()));
    const at = (name: string) => cells[headers.indexOf(name)];
    expect(at(t.worst)).toBe(`${pct(lang, newest.maxDrop)} ${t.day(newest.maeDay)}`);
    expect(at(t.best)).toBe(`${pct(lang, newest.maxRise)} ${t.day(newest.mfeDay)}`);
    // One bar a year (the first page of the table), each with its exit mark.
    const shown = await table.locator('tbody tr').count();
    expect(await table.getByTestId('risk-range').count()).toBe(shown);
    expect(await table.getByTestId('risk-exit').count()).toBe(shown);
    const panel = page.getByTestId('stats-panel');
    const stats = api.stats!;
    expect((await panel.locator('[data-stat="meanMae"]').textContent())!.trim()).toBe(pct(lang, stats.meanMae));
    expect((await panel.locator('[data-stat="worstMae"]').textContent())!.trim()).toBe(
      `${pct(lang, stats.worstMae)} (${stats.worstMaeYear})`,
    );
    expect((await panel.locator('[data-stat="meanMfe"]').textContent())!.trim()).toBe(pct(lang, stats.meanMfe));
    await page.waitForLoadState('networkidle');
    await screenshot(page, `risk-pattern-${lang}`);
  }

  /** Best trades' first long window by win rate, then by return per risk after the switch, as the API ranks them. */
  async function checkRankSwitch(page: Page, lang: Lang) {
    const byWinRate = await apiGet<BestTradesResponse>('/api/v1/seasonality/best-trades', BEST);
    const byRisk = await apiGet<BestTradesResponse>('/api/v1/seasonality/best-trades', {
      ...BEST,
      rank: 'returnToRisk',
    });
    expect(byRisk.long[0]!.start).not.toBe(byWinRate.long[0]!.start);
    await page.goto(url('/seasonality/besttrades', BEST));
    const long = page.getByTestId('best-long');
    await long.waitFor();
    const firstWindow = async () =>
      (await long.locator('tbody tr').first().locator('a[href*="/seasonality/pattern"]').getAttribute('href'))!;
    const start = (href: string) => new URLSearchParams(href.split('?')[1]).get('start');
    expect(start(await firstWindow())).toBe(byWinRate.long[0]!.start);
    // Once the page's requests are done (no loading overlay over it), as a person clicks it: on its label.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await page.getByTestId('rank-switch').getByText(TEXTS[lang].rank, { exact: true }).click();
    await page.waitForURL(/rank=returnToRisk/);
    await expect.poll(async () => start(await firstWindow()), { timeout: 30_000 }).toBe(byRisk.long[0]!.start);
    expect(await page.getByRole('radio', { name: TEXTS[lang].rank }).isChecked()).toBe(true);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `risk-best-trades-${lang}`);
  }

  it('shows the pattern’s risk and switches best trades’ rank, in English', async () => {
    await screenshotOnFailure(s.page, 'risk-en-failure', async () => {
      await checkPattern(s.page, 'en');
      await checkRankSwitch(s.page, 'en');
    });
    expect(s.watch.errors).toEqual([]);
  });

  it('shows the same in Turkish', async () => {
    await inTurkishStorePage(s, TRADER, DESKTOP_EN_US, 'risk-tr-failure', async (page) => {
      await checkPattern(page, 'tr');
      await checkRankSwitch(page, 'tr');
    });
    expect(s.watch.errors).toEqual([]);
  });
});
