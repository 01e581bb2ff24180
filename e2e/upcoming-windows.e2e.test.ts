// Issue 44, item 3: the seasonality scanner's "Starting soon" view in the real browser, on the
// shared data, in English and in Turkish: as of 2017-11-10 (a replay: the data runs to that
// day), windows of 5–20 days starting in the next 14 days over symbols trading at least
// $50 M a day. The page shows what the API answers (the same request), the symbol below the
// dollar volume counted as left out, each row's dates and days until start, and says in words
// whether any window has a q-value at or below 0.10; the days ahead are chosen by keyboard.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, DESKTOP } from './support/accounts.js';
import type { SeasonalScanResponse } from '@solstice/contracts';
import { screenshot } from './support/browser.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const ADMIN = { email: 'upcoming-admin@example.com', password: 'upcoming windows admin passphrase' };
const TRADER = { email: 'upcoming@example.com', username: 'upcoming', password: 'correct horse battery staple' };
// DECK, WDC, ON and MSCI lead the case; HUBB traded $42.8 M a day (20 days to 2017-11-10).
const SYMBOLS = ['DECK', 'WDC', 'ON', 'MSCI', 'HUBB'];
const QUERY = {
  view: 'upcoming',
  upcoming: '14',
  asOf: '2017-11-10',
  minDollarVolume: '50000000',
  minDays: '5',
  maxDays: '20',
  direction: 'long',
  universe: 'all',
};

const TEXTS = {
  en: {
    tab: 'Starting soon',
    leftOut: 'Left out: 0 without a bar on 11/10/2017 (no data that day), 1 below the minimum dollar volume.',
    none: 'No window here has a q-value at or below 0.10',
    some: 'have a q-value at or below 0.10',
    date: (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`,
    sevenDays: '7 days',
    show: 'Show',
  },
  tr: {
    tab: 'Yakında başlayanlar',
    leftOut:
      'Dışarıda kalan: 10.11.2017 tarihinde çubuğu olmayan 0 (o gün veri yok), en düşük dolar hacminin altında 1.',
    none: 'Buradaki hiçbir pencerenin q-değeri 0,10 veya altında değil',
    some: 'q-değeri 0,10 veya altında',
    date: (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`,
    sevenDays: '7 gün',
    show: 'Göster',
  },
} as const;

describe('seasonality scanner: Starting soon', () => {
  const s = subscriberSuite('upcoming', SYMBOLS, { admin: ADMIN, trader: TRADER, browser: DESKTOP });

  it.each(['en', 'tr'] as const)('in %s', async (lang) => {
    const words = TEXTS[lang];
    await chooseLanguage(s.page, s.server, lang);

    const body = { upcoming: 14, asOf: '2017-11-10', minDollarVolume: 50_000_000, minDays: 5, maxDays: 20 };
    const res = await s.context.request.post(`${s.server.url}/api/v1/seasonality/scan`, {
      data: body,
      headers: { origin: s.server.url },
    });
    expect(res.status()).toBe(200);
    const api = (await res.json()) as SeasonalScanResponse;
    // Hand-checked: the session is the date itself, the start days the 14 after it, HUBB illiquid.
    expect(api).toMatchObject({ asOf: '2017-11-10', startFrom: '11-11', startTo: '11-24', stale: 0, illiquid: 1 });
    // 4 symbols × 14 start days × 16 lengths, but MSCI (first bar 2007-11-15) misses 3 start days.
    expect(api.tested).toBe(3 * 224 + 176);
    expect(api.results.map((r) => r.symbol).sort()).toEqual(['DECK', 'MSCI', 'ON', 'WDC']);

    await s.page.goto(`${s.server.url}/seasonality/scanner?${new URLSearchParams(QUERY).toString()}`);
    const table = s.page.getByTestId('seasonality-upcoming-results');
    await table.waitFor({ timeout: 60_000 });
    expect(await s.page.getByRole('link', { name: words.tab }).getAttribute('aria-current')).toBe('page');
    expect(await s.page.getByTestId('upcoming-left-out').textContent()).toBe(words.leftOut);
    const significant = api.results.filter((r) => r.stats.qValue !== null && r.stats.qValue <= 0.1).length;
    expect(await s.page.getByTestId('upcoming-evidence').textContent()).toContain(
      significant === 0 ? words.none : words.some,
    );
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(api.results.length);
    for (const [i, r] of api.results.entries()) {
      const cells = (await rows.nth(i).locator('td, th').allTextContents()).map((c) => c.trim());
      expect(cells[0]).toContain(r.symbol);
      expect(cells).toContain(words.date(r.startDate!));
      expect(cells).toContain(words.date(r.endDate!));
      const until = Math.round((Date.parse(r.startDate!) - Date.parse('2017-11-10')) / 86_400_000);
      expect(cells).toContain(String(until));
    }
    await s.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await screenshot(s.page, `upcoming-windows-${lang}`);

    // By keyboard: 7 days ahead, then Show.
    await s.page.getByRole('button', { name: words.sevenDays }).focus();
    await s.page.keyboard.press('Enter');
    await s.page.getByRole('button', { name: words.show }).focus();
    await s.page.keyboard.press('Enter');
    await s.page.waitForURL(/upcoming=7&/);
    await expect
      .poll(async () => s.page.getByTestId('upcoming-summary').textContent(), { timeout: 30_000 })
      .toContain(lang === 'en' ? 'Nov 11 … Nov 17' : '11 Kas … 17 Kas');
  });
});
