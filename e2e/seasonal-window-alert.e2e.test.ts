// Issue 41: "Alert me before it opens" on the pattern screen makes a seasonal alert of the
// window shown (start, end, direction and the page's year set), not a generic rule; in English
// and in Turkish, on the shared real data.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, DESKTOP } from './support/accounts.js';
import type { Alert } from '@solstice/contracts';
import { screenshot } from './support/browser.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const ADMIN = { email: 'window-alert-admin@example.com', password: 'window alert admin passphrase' };
const TRADER = { email: 'window-alert@example.com', username: 'windower', password: 'correct horse battery staple' };

const TEXTS = {
  en: {
    alertMe: 'Alert me before it opens',
    which: 'Which windows',
    start: 'Window start (MM-DD)',
    create: 'Create alert',
    row: '11-20 → 12-07 short, 5 sessions before',
  },
  tr: {
    alertMe: 'Açılmadan önce beni uyar',
    which: 'Hangi pencereler',
    start: 'Pencere başlangıcı (AA-GG)',
    create: 'Alarm oluştur',
    row: '11-20 → 12-07 kısa, 5 işlem günü önceden',
  },
} as const;

describe('"Alert me before it opens" makes an alert of the window', () => {
  const s = subscriberSuite('window-alert', ['KO'], { admin: ADMIN, trader: TRADER, browser: DESKTOP });

  it.each(['en', 'tr'] as const)('in %s', async (lang) => {
    const words = TEXTS[lang];
    // The language as a user picks it, on the profile (the page keeps it in its store too).
    await chooseLanguage(s.page, s.server, lang);

    await s.page.goto(
      `${s.server.url}/seasonality/pattern?symbol=KO&start=11-20&end=12-07&direction=short&parity=odd&from=1990`,
    );
    await s.page.getByTestId('pattern-table').waitFor();
    await s.page.getByRole('link', { name: words.alertMe }).click();
    await s.page.waitForURL(/\/alerts\?new=seasonal/);
    const form = s.page.getByTestId('alert-form');
    expect(await form.getByLabel(words.which).inputValue()).toBe('window');
    expect(await form.getByLabel(words.start).inputValue()).toBe('11-20');
    const created = s.page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/alerts') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: words.create }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const alert = ((await response.json()) as { data: Alert }).data;
    expect(alert).toMatchObject({ kind: 'seasonal', symbol: 'KO' });
    expect(alert.seasonal).toEqual({
      leadDays: 5,
      window: { start: '11-20', end: '12-07', direction: 'short' },
      maxPValue: null,
      maxQValue: null,
      from: 1990,
      parity: 'odd',
    });
    const row = s.page.getByTestId(`alert-row-${alert.id}`);
    await expect.poll(async () => row.textContent(), { timeout: 10_000 }).toContain(words.row);
    await s.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await screenshot(s.page, `window-alert-${lang}`);
  });
});
