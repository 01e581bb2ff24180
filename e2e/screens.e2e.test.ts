// Issue 45 in the real browser, on the shared real data: what a trader saw around the numbers.
// Heatmap headers legible, a benchmark that starts later compared over its own years, sector
// axis ticks with their decimals, the scanner checking as it is typed (one message in the
// reader's language, no failing request, no chip), one Price column and named custom columns,
// best trades' evidence in view at 1440 px, one title a page, each instrument's state, and the
// seasonality scanner's default range from the data's date. English and Turkish; screenshots
// in test-results/e2e for a person to look at; no console errors.
import { describe, expect, it } from 'vitest';
import { DESKTOP_EN_US } from './support/accounts.js';
import type { Page, Request } from 'playwright-core';
import { newWatchedPage, screenshot } from './support/browser.js';
import { seedStore } from './support/shell.js';
import { subscriberSuite, traderPageIn } from './support/subscriber-suite.js';

const SYMBOLS = ['SPY', 'AAPL', 'KO', 'MSFT', 'XOM', 'JNJ', 'CVX'];
const ADMIN = { email: 'screens-admin@example.com', password: 'screens e2e admin passphrase' };
const TRADER = { email: 'screens@example.com', username: 'screens', password: 'screens e2e trader passphrase' };

type Lang = 'en' | 'tr';

describe('what a trader sees around the numbers (issue 45)', () => {
  const s = subscriberSuite('screens', SYMBOLS, { admin: ADMIN, trader: TRADER, browser: DESKTOP_EN_US });

  /** The trader's page in English (the suite's), or a new profile of the same account in Turkish. */
  const pageIn = (lang: Lang): Promise<Page> => traderPageIn(s, lang, TRADER, DESKTOP_EN_US);

  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  };

  /** The texts an ECharts SVG draws inside `chart`. */
  const svgTexts = (page: Page, label: string | RegExp) =>
    page
      .getByRole('img', { name: label })
      .locator('svg text')
      .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));

  it.each<Lang>(['en', 'tr'])(
    'heatmap sector headers read the sector and its change, dark on light (%s)',
    async (lang) => {
      const page = await pageIn(lang);
      await page.goto(s.server.url + '/heatmaps');
      await page.getByTestId('heatmap-legend').waitFor();
      const label = lang === 'en' ? 'Heatmap of all sectors' : 'Tüm sektörlerin ısı haritası';
      await page.getByRole('img', { name: label }).locator('svg').waitFor();
      await settle(page);
      const texts = await svgTexts(page, label);
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((t) => /[{}|]/.test(t))).toEqual([]);
      // a header: "Energy  +0.8%" (tr: "Enerji  +%0,8")
      const header = lang === 'en' ? /^Energy\s+[+-]?\d+\.\d%$/ : /^Enerji\s+[+-]?%\d+,\d$/;
      expect(texts.map((t) => t.trim()).filter((t) => header.test(t))).toHaveLength(1);
      const fill = await page
        .getByRole('img', { name: label })
        .locator('svg text', { hasText: lang === 'en' ? 'Energy' : 'Enerji' })
        .first()
        .evaluate((n) => n.getAttribute('fill') ?? getComputedStyle(n).fill);
      expect(fill.replace(/\s/g, '')).toMatch(/#212529|rgb\(33,37,41\)/);
      await screenshot(page, `screens-heatmap-headers-${lang}`);
    },
  );

  it.each<Lang>(['en', 'tr'])('compares a strategy from the 1980s with SPY over SPY’s own years (%s)', async (lang) => {
    const page = await pageIn(lang);
    await page.goto(s.server.url + '/seasonality/backtest?leg=AAPL:10-05:11-01:long&benchmark=SPY');
    const metrics = page.getByTestId('backtest-metrics');
    await metrics.waitFor({ timeout: 60_000 });
    await settle(page);
    const span = await page.getByTestId('benchmark-span').textContent();
    expect(span).toContain(lang === 'en' ? 'SPY has prices from 02/25/2005 only' : 'SPY fiyatları yalnızca 25.02.2005');
    const headers = await metrics.getByRole('columnheader').allTextContents();
    expect(headers[2]).toMatch(lang === 'en' ? /^Strategy, 2005–20\d\d$/ : /^Strateji, 2005–20\d\d$/);
    expect(headers[3]).toMatch(/^SPY, 2005–20\d\d$/);
    // the benchmark's figures are over its own span: its CAGR is SPY's own, not held flat from 1984
    const api = await page.context().request.post(`${s.server.url}/api/v1/seasonality/backtest`, {
      data: { legs: [{ symbol: 'AAPL', start: '10-05', end: '11-01', direction: 'long' }], benchmark: 'SPY' },
      headers: { origin: s.server.url },
    });
    const body = (await api.json()) as {
      equity: { date: string }[];
      benchmark: { from: string; equity: { date: string }[]; cagr: number; strategyOverSpan: { cagr: number } };
    };
    expect(body.equity[0]!.date < '2005-02-25').toBe(true);
    expect(body.benchmark.from).toBe('2005-02-25');
    expect(body.benchmark.equity[0]!.date).toBe('2005-02-25');
    expect(body.benchmark.cagr).toBeGreaterThan(0.04);
    expect(await metrics.getByTestId('over-span-cagr').textContent()).not.toBe('—');
    await screenshot(page, `screens-backtest-benchmark-span-${lang}`);
  });

  it('labels the sector axis with the decimals its ticks need: no two ticks read the same', async () => {
    await s.page.goto(s.server.url + '/market');
    const chart = s.page.getByRole('img', { name: /Sector performance over/ });
    await chart.locator('svg').waitFor();
    await settle(s.page);
    for (const period of ['1D', '1W', '1M', 'YTD']) {
      await s.page.getByRole('group', { name: 'Period' }).getByRole('button', { name: period, exact: true }).click();
      await settle(s.page);
      const ticks = (await chart.locator('svg text').allTextContents()).filter((t) => /%$/.test(t.trim()));
      expect(ticks.length).toBeGreaterThan(1);
      expect(new Set(ticks).size).toBe(ticks.length);
    }
    await screenshot(s.page, 'screens-market-sector-axis');
  });

  it.each<Lang>(['en', 'tr'])(
    'checks the expression as it is typed: one message in the reader’s language, no failing request, no chip (%s)',
    async (lang) => {
      const page = await pageIn(lang);
      await page.goto(s.server.url + '/scanner');
      const box = page.getByRole('combobox', { name: lang === 'en' ? 'Expression' : 'İfade' });
      await box.waitFor();
      await settle(page);
      const failed: string[] = [];
      const scans: string[] = [];
      const onResponse = (r: { status(): number; url(): string; request(): Request }) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      };
      const onRequest = (r: Request) => {
        if (new URL(r.url()).pathname === '/api/v1/scanner') scans.push(r.url());
      };
      page.on('response', onResponse);
      page.on('request', onRequest);
      await box.pressSequentially('clsoe > 10', { delay: 60 });
      const problem = page.getByTestId('scan-problem');
      const expected =
        lang === 'en'
          ? 'Unknown field “clsoe” (at column 1) Did you mean “close”?'
          : 'Bilinmeyen alan “clsoe” (1. sütunda) “close” mı demek istediniz?';
      await expect.poll(() => problem.textContent()).toBe(expected);
      await box.press('Enter');
      await settle(page);
      expect(await page.getByTestId('error-state').count()).toBe(0);
      expect(
        await page
          .getByRole('list', { name: lang === 'en' ? 'Filters' : /Filtre/ })
          .getByRole('listitem')
          .count(),
      ).toBe(0);
      await screenshot(page, `screens-scanner-typing-${lang}`);
      // corrected: the count, a chip, and the results
      await box.fill('close > 10');
      await expect.poll(() => page.getByTestId('scan-count').textContent()).toMatch(/\d/);
      await box.press('Enter');
      await page.getByTestId('scan-results').waitFor();
      page.off('response', onResponse);
      page.off('request', onRequest);
      expect(failed).toEqual([]);
      expect(scans).toHaveLength(1);
    },
  );

  it.each<Lang>(['en', 'tr'])(
    'shows one Price column for price and close, and names every custom column (%s)',
    async (lang) => {
      const page = await pageIn(lang);
      await page.goto(s.server.url + '/scanner?expression=' + encodeURIComponent('price > 1 and close > 1'));
      const results = page.getByTestId('scan-results');
      await results.waitFor();
      await settle(page);
      const headers = (await results.getByRole('columnheader').allTextContents()).map((h) =>
        h.replace(/[▲▼]/g, '').trim(),
      );
      expect(headers.filter((h) => h === (lang === 'en' ? 'Price' : 'Fiyat'))).toHaveLength(1);
      await page.getByRole('button', { name: lang === 'en' ? 'Custom' : /Özel/ }).click();
      await page.locator('fieldset .form-check-label').first().waitFor();
      const labels = await page.locator('fieldset .form-check-label').allTextContents();
      for (const raw of ['open', 'ema20', 'macd', 'bbUpper', 'price']) expect(labels).not.toContain(raw);
      expect(labels).toContain(lang === 'en' ? 'Bollinger upper' : 'Bollinger üst');
      await screenshot(page, `screens-scanner-columns-${lang}`);
    },
  );

  it('shows best trades’ evidence and alert action at 1440 px without a sideways scroll', async () => {
    await s.page.setViewportSize({ width: 1440, height: 900 });
    await s.page.goto(s.server.url + '/seasonality/besttrades?symbol=KO');
    for (const side of ['best-long', 'best-short']) {
      const table = s.page.getByTestId(side);
      await table.waitFor({ timeout: 60_000 });
      await settle(s.page);
      const scroller = table.locator('xpath=ancestor-or-self::*[contains(@class,"table-responsive")][1]');
      const sideways = await ((await scroller.count()) ? scroller : table).evaluate(
        (e) => e.scrollWidth > e.clientWidth + 1,
      );
      expect(sideways).toBe(false);
      const header = table.getByRole('columnheader', { name: /q-value|qValue/i }).first();
      const box = (await header.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1440);
      const alert = table.getByRole('link', { name: /Alert before/ }).first();
      const alertBox = (await alert.boundingBox())!;
      expect(alertBox.x + alertBox.width).toBeLessThanOrEqual(1440);
    }
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(s.page, 'screens-best-trades-1440');
  });

  it.each<Lang>(['en', 'tr'])('has one title a page (%s)', async (lang) => {
    const page = await pageIn(lang);
    const titles: Record<string, [string, string]> = {
      '/dashboard': ['Dashboard', 'Gösterge paneli'],
      '/market': ['Market', 'Piyasa'],
      '/heatmaps': ['Heatmaps', 'Isı haritaları'],
    };
    for (const [path, names] of Object.entries(titles)) {
      await page.goto(s.server.url + path);
      const title = names[lang === 'en' ? 0 : 1];
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.waitFor();
      await settle(page);
      expect(await h1.count()).toBe(1);
      // no heading above it repeating the page's name
      const same = await page
        .getByRole('heading')
        .evaluateAll((hs, t) => hs.filter((h) => h.textContent?.trim() === t).length, title);
      expect(same).toBeLessThanOrEqual(1);
      expect(await page.getByTestId('sub-bar').isVisible()).toBe(false);
    }
    await screenshot(page, `screens-one-title-${lang}`);
  });

  it('says each instrument’s state as the freshness banner does', async () => {
    const { context, page } = await newWatchedPage(s.browser, s.watch, DESKTOP_EN_US);
    const [name, value] = s.adminCookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value!, url: s.server.url }]);
    const me = (
      (await (await context.request.get(`${s.server.url}/api/me`)).json()) as {
        data: { id: number; username: string };
      }
    ).data;
    await seedStore(context, { user: { id: me.id, username: me.username } });
    await page.goto(s.server.url + '/admin/data');
    const table = page.getByTestId('data-instruments');
    await table.waitFor();
    await settle(page);
    const freshness = (await (await context.request.get(`${s.server.url}/api/v1/market/freshness`)).json()) as {
      tradingDaysBehind: number;
    };
    const behind = freshness.tradingDaysBehind;
    expect(behind).toBeGreaterThan(0);
    const n = behind.toLocaleString('en-US');
    // the banner counts the market's sessions behind (written without a group separator)
    await page.getByText(`Market data is ${behind} trading days old.`).waitFor();
    const spy = table.getByRole('row').filter({ hasText: 'SPY' }).first();
    expect(await spy.textContent()).toContain(`Tracked, ${n} trading days behind`);
    expect(await table.textContent()).not.toMatch(/Updated/);
    await screenshot(page, 'screens-admin-instruments');
  });

  it('starts the seasonality scanner’s default range the day after the data’s last bar', async () => {
    const freshness = (await (await s.context.request.get(`${s.server.url}/api/v1/market/freshness`)).json()) as {
      asOf: string;
    };
    const day = (n: number) => {
      const d = new Date(Date.parse(`${freshness.asOf}T00:00:00Z`) + n * 86_400_000);
      return d.toISOString().slice(5, 10);
    };
    // the trader has not used the tool yet: no saved form, the defaults
    await s.page.goto(s.server.url + '/seasonality/scanner');
    await s.page.getByTestId('seasonality-scanner-screen').waitFor();
    await settle(s.page);
    const from = s.page.getByRole('textbox', { name: /Start from|From/ }).first();
    const to = s.page.getByRole('textbox', { name: /Start to|To/ }).first();
    expect(await from.inputValue()).toBe(day(1));
    expect(await to.inputValue()).toBe(day(14));
    await screenshot(s.page, 'screens-seasonality-scanner-default');
  });
});
