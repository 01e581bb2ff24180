// Issue #43, item 9: the symbol view's chart plots scan-language expressions. In the real
// browser on the shared data: weekly candles with a weekly-RSI panel and a comparison line
// against SPY, in English and in Turkish; a typed expression's mistake at its position; and
// the chart API's weekly RSI at the last bar equal to the scanner's weekly(rsi(close, 14)).
// Screenshots: test-results/e2e/symbol-chart-*.png.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const SYMBOLS = ['SPY', 'KO', 'XOM'];
const ADMIN = { email: 'chart-admin@example.com', password: 'symbol chart admin passphrase' };
const TRADER = { email: 'chart@example.com', username: 'chart_trader', password: 'correct horse battery staple' };

interface Texts {
  weekly: string;
  compareWith: string;
  compare: string;
  compared: string;
  rebased: string;
  expression: string;
  chart: string;
}
const EN: Texts = {
  weekly: 'Weekly',
  compareWith: 'Compare with',
  compare: 'Compare',
  compared: 'Compared with SPY (rebased to the first visible bar)',
  rebased: 'SPY (rebased)',
  expression: 'Expression',
  chart: 'Candles of KO',
};
const TR: Texts = {
  weekly: 'Haftalık',
  compareWith: 'Karşılaştır',
  compare: 'Karşılaştır',
  compared: 'SPY ile karşılaştırılıyor (ilk görünen çubuğa göre ölçeklendi)',
  rebased: 'SPY (ölçeklenmiş)',
  expression: 'İfade',
  chart: 'KO mum grafiği',
};

describe('the symbol chart on the shared data', () => {
  const s = subscriberSuite('symbol-chart', SYMBOLS, {
    admin: ADMIN,
    trader: TRADER,
    browser: { viewport: { width: 1440, height: 1000 } },
  });

  it('a weekly-RSI panel and a comparison line, in English and Turkish; the chart agrees with the scanner', async () => {
    // The deliberate mistake is checked on submit: the chart API's 400, which the browser logs.
    s.watch.allow(/status of 400 .*\/api\/v1\/chart\/KO\?timeframe=weekly&bars=1&series=sma%28close%2C\+0%29/);
    await screenshotOnFailure(s.page, 'symbol-chart-failure', async () => {
      await weeklyChart(s.page, EN, 'en');
      await agreesWithScanner(s.page);
      await s.page.goto(s.server.url + '/profile');
      const saved = s.page.waitForResponse(
        (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
      );
      await s.page.locator('#pref-language').selectOption('tr');
      expect((await saved).ok()).toBe(true);
      await weeklyChart(s.page, TR, 'tr');
    });
    expect(s.watch.errors).toEqual([]);
  });

  async function weeklyChart(page: Page, t: Texts, lang: string) {
    await page.goto(s.server.url + '/dashboard?details=KO');
    const panel = page.getByTestId('candles-panel');
    const chart = panel.getByRole('img', { name: t.chart });
    await chart.waitFor();
    // Keyboard only: the timeframe and the RSI preset are buttons reached and pressed with the keys.
    const weekly = panel.getByRole('button', { name: t.weekly, exact: true });
    await weekly.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => weekly.getAttribute('aria-pressed')).toBe('true');
    const rsi = panel.getByRole('button', { name: 'RSI (14)', exact: true });
    await rsi.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => rsi.getAttribute('aria-pressed')).toBe('true');
    await panel.getByRole('textbox', { name: t.compareWith, exact: true }).fill('spy');
    await page.keyboard.press('Enter');
    await panel.getByText(t.compared).waitFor();
    // The SVG chart draws the panel's and the comparison's legends.
    await expect.poll(() => chart.locator('text', { hasText: t.rebased }).count()).toBeGreaterThan(0);
    await expect.poll(() => chart.locator('text', { hasText: 'RSI (14)' }).count()).toBeGreaterThan(0);
    // A mistake in a typed expression: the message at its position, nothing added.
    const input = panel.getByRole('textbox', { name: t.expression, exact: true });
    await input.fill('sma(close, 0)');
    await page.keyboard.press('Enter');
    const problem = panel.getByTestId('chart-expression-problem');
    await problem.waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    if (lang === 'en') expect(await problem.textContent()).toContain('at column 12');
    else expect(await problem.textContent()).toContain('12. sütunda');
    await page.waitForLoadState('networkidle');
    await screenshot(page, `symbol-chart-weekly-rsi-${lang}`);
  }

  async function agreesWithScanner(page: Page) {
    const origin = { origin: s.server.url };
    const chart = await page.request.get(
      `${s.server.url}/api/v1/chart/KO?timeframe=weekly&bars=1&series=${encodeURIComponent('rsi(close, 14)')}`,
    );
    expect(chart.status()).toBe(200);
    const scan = await page.request.post(`${s.server.url}/api/v1/scanner`, {
      data: { expression: 'symbol in ("KO")', columns: ['weekly(rsi(close, 14))'] },
      headers: origin,
    });
    expect(scan.status()).toBe(200);
    const value = ((await chart.json()) as { series: { values: number[] }[] }).series[0]!.values[0];
    const row = ((await scan.json()) as { results: Record<string, unknown>[] }).results[0]!;
    expect(typeof value).toBe('number');
    expect(value).toBe(row['weekly(rsi(close, 14))']);
  }
});
