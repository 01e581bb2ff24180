// Issue #19, "Language and formats", in the real browser: every screen in English and in
// Turkish with no console error (a missing translation key is one), no English text left in
// the Turkish interface (and no Turkish one in the English interface), numbers, money, dates
// and month names in the interface's language; the default follows the browser, else the
// operator's DEFAULT_LANGUAGE; the profile keeps the choice across reloads and devices; daily
// bars keep their calendar date in any time zone. Screenshots: test-results/e2e/lang-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NAMESPACES } from '../apps/web/src/shared/i18n/resources';
import { ConsoleWatch, launchBrowser, newWatchedPage, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { seedStore } from './support/shell.js';
import { logIn, openEveryToolWithAPlan, requestAs, tempDatabase } from './support/accounts.js';
import { importSharedSymbols, SHARED_DATA } from './support/shared-data.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const I18N = path.join(ROOT, 'apps/web/src/shared/i18n');
const SYMBOLS = ['SPY', 'AAPL', 'KO', 'PEP', 'MSFT', 'XOM'];
const ADMIN = { email: 'lang-admin@example.com', password: 'languages e2e admin passphrase' };
const MEMBER_PASSWORD = 'languages e2e member passphrase';
const VIEWPORT = { width: 1280, height: 900 };

type Lang = 'en' | 'tr';
const LANGS: Lang[] = ['en', 'tr'];
const LOCALE: Record<Lang, string> = { en: 'en-US', tr: 'tr-TR' };
/** The browser of each language's pages speaks the other one: formats must follow the interface, not the browser. */
const OTHER_BROWSER: Record<Lang, string> = { en: 'tr-TR', tr: 'en-US' };

/** The last bar's date of a symbol in the imported data (YYYY-MM-DD). */
function lastBarDate(symbol: string): string {
  const lines = fs
    .readFileSync(path.join(SHARED_DATA, 'daily', `${symbol}.csv`), 'utf8')
    .trim()
    .split(/\r?\n/);
  return lines.at(-1)!.split(',')[0]!;
}

// ---------------------------------------------------------------------------------------------
// The texts of the interface, read from the namespace files.

type Texts = Record<string, unknown>;

/** Every leaf of a texts object as [dotted key, text]. */
function leaves(texts: Texts, prefix = ''): [string, string][] {
  return Object.entries(texts).flatMap(([k, v]): [string, string][] =>
    v !== null && typeof v === 'object' ? leaves(v as Texts, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The texts of a language that the other language translates differently: a visible text
 * equal to one of them is untranslated. A text with {{variables}} or <0>tags</0> becomes a
 * pattern; one with no word of its own outside the variables is left out (it matches anything).
 */
interface Foreign {
  exact: Map<string, string>;
  patterns: { re: RegExp; key: string }[];
}

function foreignTexts(mine: Map<string, string>, theirs: Map<string, string>): Foreign {
  const mineValues = new Set([...mine.values()].map(squash));
  const exact = new Map<string, string>();
  const patterns: { re: RegExp; key: string }[] = [];
  for (const [key, raw] of theirs) {
    const text = squash(raw.replace(/<\/?\w+\s*\/?>/g, ''));
    if (mineValues.has(text) || squash(mine.get(key) ?? '') === text) continue;
    if (!/\{\{/.test(text)) {
      exact.set(text, key);
      continue;
    }
    const fixed = text.replace(/\{\{[^}]*\}\}/g, ' ');
    if (!/\p{L}{3,}/u.test(fixed)) continue;
    const source = text
      .split(/\{\{[^}]*\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?');
    patterns.push({ re: new RegExp(`^${source}$`, 'u'), key });
  }
  return { exact, patterns };
}

// ---------------------------------------------------------------------------------------------
// Formats: what each language writes, and what it must never write.

const EN_ONLY_MONTHS =
  /(?<!\p{L})(Jan|Feb|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec|January|February|April|June|July|August|September|October|November|December)(?!\p{L})/u;
const TR_ONLY_MONTHS =
  /(?<!\p{L})(Oca|Şub|Nis|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara|Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık)(?!\p{L})/u;

/** Words of English text (not of names): a Turkish line with one of them is worth a look. */
const ENGLISH_WORDS = /(?<!\p{L})(the|of|by|and|with|for|from|is|are|at|on|your|this|no)(?!\p{L})/u;

type FormatKind = 'percent' | 'month' | 'date' | 'money';

const FORMATS: Record<FormatKind, Record<Lang, { has: RegExp; not: RegExp }>> = {
  // en-US "+1.23%", tr-TR "+%1,23".
  percent: {
    en: { has: /\d\.\d+%/, not: /%\d|\d,\d+ %/ },
    tr: { has: /%\d+(\.\d{3})*,\d+/, not: /\d%|\d\.\d+ %/ },
  },
  month: {
    en: { has: EN_ONLY_MONTHS, not: TR_ONLY_MONTHS },
    tr: { has: TR_ONLY_MONTHS, not: EN_ONLY_MONTHS },
  },
  // An exchange date: en-US "11/10/2017", tr-TR "10.11.2017".
  date: {
    en: { has: /(?<!\d)\d{1,2}\/\d{1,2}\/\d{4}(?!\d)/, not: /(?<!\d)\d{2}\.\d{2}\.\d{4}(?!\d)/ },
    tr: { has: /(?<!\d)\d{2}\.\d{2}\.\d{4}(?!\d)/, not: /(?<!\d)\d{1,2}\/\d{1,2}\/\d{4}(?!\d)/ },
  },
  // en-US "$29.00", tr-TR "$29,00".
  money: {
    en: { has: /\$\d{1,3}(,\d{3})*\.\d{2}(?!\d)/, not: /\$\d{1,3}(\.\d{3})*,\d{2}(?!\d)/ },
    tr: { has: /\$\d{1,3}(\.\d{3})*,\d{2}(?!\d)/, not: /\$\d{1,3}(,\d{3})*\.\d{2}(?!\d)/ },
  },
};

/** What the page shows: visible lines and cells, and the names given in attributes. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const add = (s: string | null | undefined) => {
      const t = (s ?? '').replace(/\s+/g, ' ').trim();
      if (t) out.add(t);
    };
    for (const line of document.body.innerText.split(/[\n\t]/)) add(line);
    for (const el of Array.from(document.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))) {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) add(el.getAttribute(a));
    }
    add(document.title);
    // Options that are code (the scanner's expression fields: value "rsi14", text "rsi14") are not text.
    for (const o of Array.from(document.querySelectorAll('option'))) {
      if (o.value === o.text.trim() && /^[a-z][a-z0-9_]*$/.test(o.value)) out.delete(o.value);
    }
    return [...out];
  });
}

/** Every text node of the page (charts' SVG and closed chart tables included), one a line. */
function allText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement?.tagName;
      if (parent === 'SCRIPT' || parent === 'STYLE') continue;
      const t = n.textContent?.trim();
      if (t) parts.push(t);
    }
    return parts.join('\n');
  });
}

describe('the interface in English and in Turkish (issue #19)', () => {
  let server: RunningServer;
  let browser: Browser;
  const watch = new ConsoleWatch();
  const contexts: BrowserContext[] = [];
  const { databaseUrl, remove: removeDatabase } = tempDatabase('lang');
  const texts = {} as Record<Lang, Record<string, Texts>>;
  const foreign = {} as Record<Lang, Foreign>;
  /** Every text of both languages (a text the same in both, like "Solstice", is not a finding). */
  const known = new Set<string>();
  /** Untranslated texts per screen, printed together at the end. */
  const untranslated = new Map<string, string[]>();
  /** What each screen showed in English, and the texts shown alike in both languages (for a person to review). */
  const shownInEnglish = new Map<string, string[]>();
  const alike = new Map<string, string[]>();
  let adminCookie = '';
  /** A signed-in admin (also a subscriber) whose account has no language: the store decides. */
  const pages = {} as Record<Lang, Page>;
  /** A signed-out visitor per language. */
  const visitors = {} as Record<Lang, Page>;

  const asAdmin = requestAs(
    () => server,
    () => adminCookie,
  );

  async function open(options: Parameters<Browser['newContext']>[0]) {
    const opened = await newWatchedPage(browser, watch, { viewport: VIEWPORT, ...options });
    contexts.push(opened.context);
    return opened;
  }

  /** A page whose interface is in `lang` (chosen in this browser) while the browser speaks the other language. */
  async function openIn(lang: Lang, signedIn: boolean): Promise<Page> {
    const { context, page } = await open({ locale: OTHER_BROWSER[lang] });
    const display = { locale: LOCALE[lang], timeZone: 'Europe/Istanbul' };
    if (!signedIn) {
      await seedStore(context, { display });
      return page;
    }
    const res = await context.request.post(`${server.url}/api/auth/login`, {
      data: { login: ADMIN.email, password: ADMIN.password },
      headers: { origin: server.url },
    });
    expect(res.status()).toBe(200);
    const me = ((await res.json()) as { data: { id: number; username: string } }).data;
    await seedStore(context, { user: { id: me.id, username: me.username }, subscriber: true, display });
    return page;
  }

  beforeAll(async () => {
    for (const lang of LANGS) {
      texts[lang] = {};
      for (const ns of NAMESPACES) {
        const mod = (await import(path.join(I18N, lang, `${ns}.ts`))) as { default: Texts };
        texts[lang][ns] = mod.default;
      }
    }
    const flat = (lang: Lang) =>
      new Map(
        NAMESPACES.flatMap((ns) => leaves(texts[lang][ns]!).map(([k, v]): [string, string] => [`${ns}:${k}`, v])),
      );
    foreign.tr = foreignTexts(flat('tr'), flat('en'));
    foreign.en = foreignTexts(flat('en'), flat('tr'));
    for (const lang of LANGS) for (const t of flat(lang).values()) known.add(squash(t));
    // The check finds what it should: a plain text, and one with variables.
    expect(foreign.tr.exact.has(texts.en.common!.loading as string)).toBe(true);
    expect(foreign.tr.patterns.some((p) => p.re.test('Rows 1–20 of 45'))).toBe(true);
    expect(foreign.tr.exact.has('Solstice')).toBe(false);

    importSharedSymbols(databaseUrl, SYMBOLS);
    // The operator's default is Turkish: a browser in a language Solstice does not speak gets it.
    server = await startServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEFAULT_LANGUAGE: 'tr',
      JOBS_POLL_INTERVAL_MS: '200',
    });
    browser = await launchBrowser();
    const admin = await logIn(server, ADMIN);
    adminCookie = admin.cookie;
    await openEveryToolWithAPlan(asAdmin, admin.id);
    for (const lang of LANGS) {
      pages[lang] = await openIn(lang, true);
      visitors[lang] = await openIn(lang, false);
    }
  }, 180_000);

  afterAll(async () => {
    console.log(
      'untranslated texts per screen:\n' +
        ([...untranslated].map(([screen, list]) => `  ${screen}:\n    ${list.join('\n    ')}`).join('\n') || '  none'),
    );
    console.log(
      'texts shown alike in English and Turkish (data, names, or text the check cannot know; review):\n' +
        [...alike].map(([screen, list]) => `  ${screen}: ${list.map((t) => JSON.stringify(t)).join(', ')}`).join('\n'),
    );
    for (const c of contexts.splice(0)) await c.close();
    await browser?.close();
    await server?.stop();
    removeDatabase();
  });

  afterEach(() => {
    expect(watch.errors.splice(0)).toEqual([]);
  });

  /** <html lang> once the language's texts are in (it is set just after the switch). */
  const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
  const expectLang = (page: Page, lang: string) => expect.poll(() => htmlLang(page), { timeout: 5_000 }).toBe(lang);

  /** Once the page's requests are done, nothing covers it and the transitions are over. */
  async function settle(page: Page): Promise<void> {
    await page.waitForLoadState('networkidle');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
  }

  /**
   * The screen as it is now in `lang`: a screenshot, then the console, the texts of the other
   * language, and the formats (those in `formats` must be there; the other language's never).
   */
  async function check(page: Page, screen: string, lang: Lang, formats: FormatKind[]): Promise<void> {
    await settle(page);
    await screenshot(page, `lang-${screen}-${lang}`);
    const problems: string[] = [];
    await expectLang(page, lang);
    const shown = await visibleTexts(page);
    if (lang === 'en') shownInEnglish.set(screen, shown);
    else {
      const english = new Set(shownInEnglish.get(screen) ?? []);
      // Alike in both, or a Turkish line with English words in it ("Sektörler (weighted by dollar volume)").
      const same = shown.filter(
        (t) => !known.has(t) && ((english.has(t) && /[A-Za-z]{3,}/.test(t)) || ENGLISH_WORDS.test(t)),
      );
      if (same.length) alike.set(screen, same.slice(0, 60));
    }
    for (const text of shown) {
      const key =
        foreign[lang].exact.get(text) ?? foreign[lang].patterns.find((p) => p.re.test(text))?.key ?? undefined;
      if (key) problems.push(`"${text}" (${key})`);
    }
    if (problems.length) untranslated.set(`${screen}-${lang}`, problems);
    const all = await allText(page);
    const formatProblems: string[] = [];
    for (const kind of Object.keys(FORMATS) as FormatKind[]) {
      const { has, not } = FORMATS[kind][lang];
      const wrong = all.match(not);
      if (wrong) formatProblems.push(`${kind}: "${wrong[0]}" is not written in ${lang}`);
      if (formats.includes(kind) && !has.test(all)) formatProblems.push(`${kind}: none written in ${lang}`);
    }
    expect(
      { console: watch.errors.splice(0), untranslated: problems, formats: formatProblems },
      `${screen} in ${lang}`,
    ).toEqual({ console: [], untranslated: [], formats: [] });
  }

  const shown = (testId: string, timeout?: number) => (page: Page) => page.getByTestId(testId).waitFor({ timeout });
  const chartDrawn = (page: Page) => page.locator('[role="img"] svg, [role="img"] canvas').first().waitFor();

  const SCREENS: { screen: string; path: string; ready: (page: Page) => Promise<unknown>; formats: FormatKind[] }[] = [
    {
      screen: 'dashboard',
      path: '/dashboard',
      ready: shown('dashboard-screen'),
      formats: ['percent', 'date', 'month'],
    },
    {
      screen: 'scanner',
      path: '/scanner?expression=' + encodeURIComponent('close >= high52w * 0.8'),
      ready: shown('scan-results'),
      formats: ['date'],
    },
    { screen: 'seasonality-chart', path: '/seasonality?symbol=KO', ready: chartDrawn, formats: ['month'] },
    {
      screen: 'pattern',
      // June to August: months whose names differ in English and Turkish.
      path: '/seasonality/pattern?symbol=KO&start=06-01&end=08-15',
      ready: shown('pattern-table'),
      formats: ['percent', 'month'],
    },
    {
      screen: 'calendar',
      path: '/seasonality/calendar?symbol=KO',
      ready: shown('calendar-grid'),
      formats: ['percent', 'month'],
    },
    {
      screen: 'best-trades',
      path: '/seasonality/besttrades?symbol=KO',
      ready: shown('best-long', 60_000),
      formats: ['percent', 'month'],
    },
    {
      screen: 'backtest',
      path: '/seasonality/backtest?leg=KO:06-01:08-15:long',
      ready: shown('backtest-metrics', 60_000),
      formats: ['percent'],
    },
    {
      screen: 'seasonality-scanner',
      path: '/seasonality/scanner',
      ready: shown('seasonality-scanner-screen'),
      formats: [],
    },
    { screen: 'market', path: '/market', ready: shown('market-screen'), formats: ['percent', 'date'] },
    { screen: 'heatmaps', path: '/heatmaps', ready: shown('heatmaps-screen'), formats: ['percent'] },
    { screen: 'alerts', path: '/alerts', ready: shown('alerts-screen'), formats: [] },
    { screen: 'profile', path: '/profile', ready: shown('profile-screen'), formats: ['date'] },
    { screen: 'subscribe', path: '/subscribe', ready: shown('subscribe-screen'), formats: ['money'] },
    { screen: 'admin', path: '/admin', ready: shown('admin-home'), formats: [] },
    { screen: 'admin-users', path: '/admin/users', ready: shown('admin-users'), formats: [] },
    { screen: 'admin-products', path: '/admin/products', ready: shown('admin-products'), formats: ['money'] },
    { screen: 'admin-mail', path: '/admin/mail', ready: shown('admin-mail'), formats: [] },
    { screen: 'admin-jobs', path: '/admin/jobs', ready: shown('admin-jobs'), formats: ['date'] },
    { screen: 'admin-data', path: '/admin/data', ready: shown('admin-data-screen'), formats: ['date'] },
    {
      screen: 'symbol-details',
      path: '/dashboard?details=KO',
      ready: (p) => p.getByTestId('symbol-details').locator('[role="img"] svg').first().waitFor(),
      formats: ['percent', 'date', 'month'],
    },
  ];

  it('the landing page and its sign-in dialog', async () => {
    for (const lang of LANGS) {
      const page = visitors[lang];
      await page.goto(server.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await check(page, 'landing', lang, ['money']);
      await page.locator('.landing__bar').getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
      await check(page, 'sign-in-dialog', lang, []);
    }
  });

  for (const { screen, path: route, ready, formats } of SCREENS) {
    it(`the ${screen} screen`, async () => {
      for (const lang of LANGS) {
        const page = pages[lang];
        await page.goto(server.url + route);
        await ready(page);
        await check(page, screen, lang, formats);
      }
    });
  }

  it('the 404 page', async () => {
    // The server answers an unknown path with the app page and status 404: expected.
    watch.allow(/Failed to load resource.*404.*\/no\/such\/page/);
    for (const lang of LANGS) {
      const page = pages[lang];
      await page.goto(server.url + '/no/such/page');
      await page.getByTestId('error-page').waitFor();
      await check(page, 'not-found', lang, []);
    }
  });

  it('follows the browser for a new visitor, else the operator default', async () => {
    const expected: [string, Lang][] = [
      ['tr-TR', 'tr'],
      ['en-US', 'en'],
      // A language Solstice does not speak: the operator's DEFAULT_LANGUAGE (tr on this server).
      ['de-DE', 'tr'],
    ];
    for (const [locale, lang] of expected) {
      const { context, page } = await open({ locale });
      await seedStore(context);
      await page.goto(server.url + '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.lang), locale).toBe(lang);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), locale).toBe(
        (texts[lang].landing as { hero: { title: string } }).hero.title,
      );
      await screenshot(page, `lang-default-${locale}`);
      await context.close();
    }
  });

  it('keeps the chosen language in the account (reload, another device), and back to English', async () => {
    const profileTitle = (lang: Lang) => (texts[lang].profile as { title: string }).title;
    // A new member in an English browser, far from UTC.
    const first = await open({ locale: 'en-US', timezoneId: 'Pacific/Auckland' });
    await seedStore(first.context);
    const signUp = await first.context.request.post(`${server.url}/api/auth/signup`, {
      data: { email: 'polyglot@example.com', username: 'polyglot', password: MEMBER_PASSWORD },
      headers: { origin: server.url },
    });
    expect(signUp.status()).toBe(201);
    const memberId = ((await signUp.json()) as { data: { id: number } }).data.id;
    expect((await asAdmin('POST', `/api/v1/admin/users/${memberId}/subscriber`, {})).ok).toBe(true);
    const me = async (context: BrowserContext) =>
      (
        (await (await context.request.get(`${server.url}/api/me`)).json()) as {
          data: { locale: string | null; timeZone: string | null };
        }
      ).data;
    expect((await me(first.context)).locale).toBeNull();

    const { page } = first;
    await page.goto(server.url + '/profile');
    await page.getByRole('heading', { level: 1, name: profileTitle('en') }).waitFor();
    await expectLang(page, 'en');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
    );
    await page.locator('#pref-language').selectOption('tr');
    expect((await saved).ok()).toBe(true);
    await page.getByRole('heading', { level: 1, name: profileTitle('tr') }).waitFor();
    await expectLang(page, 'tr');
    expect((await me(first.context)).locale).toBe('tr-TR');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: profileTitle('tr') }).waitFor();
    await expectLang(page, 'tr');
    await screenshot(page, 'lang-chosen-after-reload-tr');

    // Another device: an English browser with only the session cookie.
    const second = await open({
      locale: 'en-US',
      storageState: { cookies: await first.context.cookies(), origins: [] },
    });
    await seedStore(second.context);
    await second.page.goto(server.url + '/profile');
    await second.page.getByRole('heading', { level: 1, name: profileTitle('tr') }).waitFor();
    await expectLang(second.page, 'tr');
    await screenshot(second.page, 'lang-chosen-other-device-tr');

    // Back to English there; the account follows.
    const back = second.page.waitForResponse(
      (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
    );
    await second.page.locator('#pref-language').selectOption('en');
    expect((await back).ok()).toBe(true);
    await second.page.getByRole('heading', { level: 1, name: profileTitle('en') }).waitFor();
    await expectLang(second.page, 'en');
    expect((await me(second.context)).locale).toBe('en-US');
    await second.page.reload();
    await second.page.getByRole('heading', { level: 1, name: profileTitle('en') }).waitFor();

    // Daily bars keep their date: the profile in New York, the browser in Auckland.
    const tzSaved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
    );
    await page.locator('#pref-tz').selectOption('America/New_York');
    expect((await tzSaved).ok()).toBe(true);
    expect((await me(first.context)).timeZone).toBe('America/New_York');
    const last = lastBarDate('KO');
    const [y, m, d] = last.split('-');
    // The first page is still in Turkish (it chose it; the switch back happened on the other device).
    const shown = await page.evaluate(() => document.documentElement.lang);
    const written = shown === 'tr' ? `${d}.${m}.${y}` : `${Number(m)}/${Number(d)}/${y}`;
    await page.goto(server.url + '/scanner?expression=' + encodeURIComponent('close >= high52w * 0.8'));
    const results = page.getByTestId('scan-results');
    await results.waitFor();
    await settle(page);
    // "10.11.2017 itibarıyla 6 eşleşme" / "6 matches as of 11/10/2017": the results' first line.
    const label = (texts[shown as Lang].scanner as { results: { label: string } }).results.label;
    const asOf = page.getByRole('region', { name: label }).locator('p').first();
    await expect.poll(async () => (await asOf.textContent()) ?? '', { timeout: 20_000 }).toContain(written);
    await screenshot(page, `lang-time-zone-scanner-${shown}`);
    await page.goto(server.url + '/dashboard?details=KO');
    const details = page.getByTestId('symbol-details');
    await details.waitFor();
    // The last price's date in the key statistics ("46,54 10.11.2017").
    await expect.poll(async () => (await details.textContent()) ?? '', { timeout: 30_000 }).toContain(written);
    await screenshot(page, `lang-time-zone-details-${shown}`);
  });
});
