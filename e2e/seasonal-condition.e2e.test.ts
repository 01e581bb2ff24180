// Conditional seasonality (analytics.md, "Conditional seasonality") in the real browser on AAPL
// of the shared data: the pattern's Condition field, the "kept of" summary against all years,
// the removed years greyed out in the table, and an invalid condition's message under the
// field; in English and in Turkish. Screenshots: test-results/e2e/condition-*.png.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PatternResponse } from '@solstice/contracts';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { DESKTOP_EN_US } from './support/accounts.js';
import { signedPercentIn as pct, type Lang } from './support/formats.js';
import { inTurkishStorePage, subscriberSuite, suiteGet, suiteUrl } from './support/subscriber-suite.js';

const ADMIN = { email: 'condition-admin@example.com', password: 'condition e2e admin passphrase' };
const TRADER = {
  email: 'condition@example.com',
  username: 'conditiontrader',
  password: 'correct horse battery staple',
};
const PATTERN = { symbol: 'AAPL', start: '03-01', end: '03-20' };
const CONDITION = 'close > sma200';

const TEXTS = {
  en: {
    label: 'Condition',
    kept: (k: number, n: number, r: number) => `${k} of ${n} years kept (${r} removed by ${CONDITION})`,
    noHelp: 'The condition does not raise the win rate.',
    removed: 'removed',
  },
  tr: {
    label: 'Koşul',
    kept: (k: number, n: number, r: number) => `${n} yılın ${k} tanesi tutuldu (${CONDITION} ile ${r} yıl çıkarıldı)`,
    noHelp: 'Koşul kazanma oranını yükseltmiyor.',
    removed: 'çıkarıldı',
  },
};

describe('a seasonal condition in the browser', () => {
  const s = subscriberSuite('condition', ['SPY', 'AAPL'], { admin: ADMIN, trader: TRADER, browser: DESKTOP_EN_US });

  const apiGet = <T>(route: string, params: Record<string, string>) => suiteGet<T>(s, route, params);
  const url = (route: string, params: Record<string, string>) => suiteUrl(s, route, params);

  async function checkPattern(page: Page, lang: Lang) {
    const t = TEXTS[lang];
    const kept = await apiGet<PatternResponse>('/api/v1/seasonality/pattern', { ...PATTERN, condition: CONDITION });
    const all = await apiGet<PatternResponse>('/api/v1/seasonality/pattern', PATTERN);
    // analytics.md's example: 33 years, 22 up; with close > sma200, 21 kept, 14 up, 12 removed (1985 among them).
    expect([all.stats!.count, all.stats!.winners]).toEqual([33, 22]);
    expect([kept.stats!.count, kept.stats!.winners, kept.condition!.removed]).toEqual([21, 14, 12]);
    expect(kept.condition!.removedYears).toContain(1985);

    await page.goto(url('/seasonality/pattern', { ...PATTERN, condition: CONDITION }));
    await expect.poll(() => page.getByLabel(t.label, { exact: true }).inputValue()).toBe(CONDITION);
    const summary = page.getByTestId('condition-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(t.kept(21, 33, 12));
    const compare = summary.getByTestId('condition-compare');
    await compare.waitFor();
    const text = (await compare.textContent())!;
    expect(text).toContain(pct(lang, kept.stats!.mean));
    expect(text).toContain(pct(lang, all.stats!.mean));
    expect(text).toContain(t.noHelp);
    // The removed years stay in the table, greyed out: on the first page (newest first) as many
    // as the API removed among the 25 newest years.
    const table = page.getByTestId('pattern-table');
    await table.waitFor();
    const newest = all.years
      .map((y) => y.year)
      .sort((a, b) => b - a)
      .slice(0, 25);
    const removedShown = newest.filter((y) => kept.condition!.removedYears.includes(y)).length;
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    expect(await rows.filter({ hasText: t.removed }).count()).toBe(removedShown);
    expect(await table.locator('tbody tr td.opacity-50').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `condition-pattern-${lang}`);

    // A mistake: the API's message at its position, under the field.
    await page.goto(url('/seasonality/pattern', { ...PATTERN, condition: 'close > smaa200' }));
    const error = page.locator('#pattern-condition-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('smaa200');
    expect(await error.textContent()).toContain('9');
  }

  it('shows the kept and removed years of a condition, in English', async () => {
    await screenshotOnFailure(s.page, 'condition-en-failure', () => checkPattern(s.page, 'en'));
    expect(s.watch.errors.filter((e) => !/400/.test(e))).toEqual([]);
  });

  it('shows the same in Turkish', async () => {
    await inTurkishStorePage(s, TRADER, DESKTOP_EN_US, 'condition-tr-failure', async (page) => {
      await checkPattern(page, 'tr');
    });
    expect(s.watch.errors.filter((e) => !/400/.test(e))).toEqual([]);
  });
});
