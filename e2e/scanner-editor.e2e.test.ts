// Issue #43 in the real browser, on the shared data: the scanner's expression editor completes
// fields and values from the keyboard, and underlines a mistake where the API names it, under
// the very characters at fault, with the message in the reader's language (English, Turkish).
// Then the scan language's functions (GET /api/v1/scanner/fields `functions`): completion,
// signature, a period out of bounds, rs()'s symbols, rank()'s groups and the help's examples.
// Screenshots in test-results/e2e; no console errors.
import { describe, expect, it } from 'vitest';
import { DESKTOP_EN_US } from './support/accounts.js';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { subscriberSuite, traderPageIn } from './support/subscriber-suite.js';

const SYMBOLS = ['SPY', 'XOM', 'CVX', 'KO'];
const ADMIN = { email: 'editor-admin@example.com', password: 'editor e2e admin passphrase' };
const TRADER = { email: 'editor@example.com', username: 'editor', password: 'editor e2e trader passphrase' };

type Lang = 'en' | 'tr';

const TEXT = {
  en: {
    box: 'Expression',
    unknown: 'Unknown field “clsoe” (at column 9) Did you mean “close”?',
    atEnd: 'Expected a value (a number, a "text" or a field) after “>” (at column 8)',
    period: 'The period of sma must be a whole number from 1 to 1000 (at column 20)',
  },
  tr: {
    box: 'İfade',
    unknown: 'Bilinmeyen alan “clsoe” (9. sütunda) “close” mı demek istediniz?',
    atEnd: 'Bir değer bekleniyordu (bir sayı, bir "metin" ya da bir alan) (“>” sonrasında) (8. sütunda)',
    period: 'sma periyodu 1 ile 1000 arasında bir tam sayı olmalı (20. sütunda)',
  },
} as const;

describe('the scanner’s expression editor (issue #43)', () => {
  const s = subscriberSuite('scanner-editor', SYMBOLS, { admin: ADMIN, trader: TRADER, browser: DESKTOP_EN_US });

  /** The trader's page in English (the suite's), or a new profile of the same account in Turkish. */
  const pageIn = (lang: Lang): Promise<Page> => traderPageIn(s, lang, TRADER, DESKTOP_EN_US);

  /** The options the list shows, by their names. */
  const options = (page: Page) =>
    page.getByRole('listbox').getByRole('option').locator('.font-monospace:first-child').allTextContents();

  /** The underline's box relative to the textarea's text: its left edge in characters and its width in characters. */
  async function underlineColumns(box: Locator, mark: Locator): Promise<{ left: number; width: number }> {
    const text = await box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      const probe = document.createElement('span');
      probe.style.font = cs.font;
      probe.style.position = 'absolute';
      probe.textContent = 'x'.repeat(100);
      document.body.append(probe);
      const charWidth = probe.getBoundingClientRect().width / 100;
      probe.remove();
      return { left: r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft), charWidth };
    });
    const m = await mark.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, width: r.width };
    });
    return { left: (m.left - text.left) / text.charWidth, width: m.width / text.charWidth };
  }

  it.each<Lang>(['en', 'tr'])(
    'completes fields and a text field’s values from the keyboard, and underlines a mistake under its characters (%s)',
    async (lang) => {
      const page = await pageIn(lang);
      await page.goto(s.server.url + '/scanner');
      const box = page.getByRole('combobox', { name: TEXT[lang].box });
      await box.waitFor();
      await page.waitForLoadState('networkidle');

      // a field: typed "rsi1", the list offers rsi14; Enter takes it
      await box.click();
      await box.pressSequentially('rsi1', { delay: 40 });
      await expect.poll(() => options(page)).toEqual(['rsi14']);
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      const active = await box.getAttribute('aria-activedescendant');
      expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');
      expect(await box.inputValue()).toBe('rsi14');
      // a sector, after "sector =": the data's own values, quoted when taken
      await box.pressSequentially(' < 70 and sector = ', { delay: 40 });
      await expect.poll(() => options(page)).toEqual(['Consumer Staples', 'Energy']);
      await box.press('ArrowDown');
      await screenshot(page, `scanner-editor-values-${lang}`);
      await box.press('Tab');
      expect(await box.inputValue()).toBe('rsi14 < 70 and sector = "Energy"');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => page.getByTestId('scan-count').textContent()).toMatch(/\d/);
      // Escape closes the list without touching the text
      await box.pressSequentially(' and clo', { delay: 40 });
      await expect.poll(() => options(page)).toContain('close');
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('listbox').isVisible()).toBe(false);

      // a misspelt field: underlined under "clsoe", with the message in the reader's language
      await box.fill('close > clsoe');
      const mark = page.getByTestId('scan-problem-mark');
      await expect.poll(() => page.getByTestId('scan-problem').textContent()).toBe(TEXT[lang].unknown);
      expect(await mark.textContent()).toBe('clsoe');
      const under = await underlineColumns(box, mark);
      expect(Math.abs(under.left - 8)).toBeLessThan(0.2);
      expect(Math.abs(under.width - 5)).toBeLessThan(0.2);
      expect(await mark.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
      await screenshot(page, `scanner-editor-error-${lang}`);
      // at the end of the input: one column past the text
      await box.fill('close >');
      await expect.poll(() => page.getByTestId('scan-problem').textContent()).toBe(TEXT[lang].atEnd);
      const end = await underlineColumns(box, mark);
      expect(Math.abs(end.left - 7)).toBeLessThan(0.2);
      // nothing runs until it parses: Enter leaves the results alone
      await box.press('Enter');
      expect(await page.getByTestId('scan-results').count()).toBe(0);

      // the scan language's functions, as the server describes them
      const fields = await page.context().request.get(`${s.server.url}/api/v1/scanner/fields`);
      const described = ((await fields.json()) as { functions?: unknown[] }).functions;
      expect(described?.length).toBe(15);
      await box.fill('');
      await box.pressSequentially('close > sm', { delay: 40 });
      await expect.poll(() => options(page)).toContain('sma');
      await page.getByRole('option', { name: /^sma\s*\(src, n\)/ }).click();
      expect(await box.inputValue()).toBe('close > sma()');
      await expect.poll(() => page.getByTestId('scan-signature').textContent()).toMatch(/^sma\(src, n\)/);
      await box.pressSequentially('close, 5000', { delay: 40 });
      await expect.poll(() => page.getByTestId('scan-problem').textContent()).toBe(TEXT[lang].period);
      expect(await mark.textContent()).toBe('5000');
      await screenshot(page, `scanner-editor-period-${lang}`);
      // rs(): the symbols looked up as typed, taken bare; rank(): the groups
      await box.fill('');
      await box.pressSequentially('rs(SP', { delay: 40 });
      await expect.poll(() => options(page)).toEqual(['SPY']);
      await box.press('Enter');
      expect(await box.inputValue()).toBe('rs(SPY');
      await box.pressSequentially(', 63) > 0 and rank(m6, ', { delay: 40 });
      await expect.poll(() => options(page)).toEqual(['sector', 'industry', 'type', 'assetClass']);
      await box.press('Enter');
      await box.pressSequentially(') >= 90', { delay: 40 });
      expect(await box.inputValue()).toBe('rs(SPY, 63) > 0 and rank(m6, sector) >= 90');
      await expect.poll(() => page.getByTestId('scan-count').textContent()).toMatch(/^\d+ (match|eşleşme)/);
      expect(await page.getByTestId('scan-problem').count()).toBe(0);
      // the help lists every function the server describes, each with an example
      const help = page.getByTestId('scan-help');
      await help.locator('summary').click();
      const rows = help.locator('table').first().locator('tbody tr');
      expect(await rows.count()).toBe(15);
      expect(await rows.locator('code').count()).toBe(15);
      expect(await help.getByText('weekly(rsi(close, 14)) < 30').count()).toBe(1);
      expect(await help.getByText('rank(m6, sector) >= 90').count()).toBe(1);
      await screenshot(page, `scanner-editor-help-${lang}`);
    },
  );
});
