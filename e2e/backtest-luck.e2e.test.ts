// Issue #44: "Is it luck?" per backtest leg in the browser, English and Turkish. On AAPL of the
// shared data, best trades over 5–7 days (analytics.md's example: the top window 10-10 → 10-15
// long among 2,190 windows, PSR 0.99999, DSR 0.29, PBO 0.21) adds that window to the backtest;
// the leg carries the search, and its panel says what `GET /api/v1/seasonality/overfitting`
// answers for that window given in that search.
import { describe, expect, it } from 'vitest';
import type { OverfittingResponse } from '@solstice/contracts';
import { screenshot } from './support/browser.js';
import { DESKTOP_EN_US } from './support/accounts.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const ADMIN = { email: 'leg-luck-admin@example.com', password: 'leg luck e2e admin passphrase' };
const TRADER = { email: 'legluck@example.com', username: 'legluck', password: 'correct horse battery staple' };
const BEST = { symbol: 'AAPL', minDays: '5', maxDays: '7' };

describe('backtest: is it luck? per leg', () => {
  // SPY: the backtest's default benchmark
  const s = subscriberSuite('leg-luck', ['AAPL', 'SPY'], { admin: ADMIN, trader: TRADER, browser: DESKTOP_EN_US });

  const legPanel = () => s.page.getByTestId('backtest-luck-0');
  const text = async (id: string) => (await legPanel().getByTestId(id).textContent())!.trim();

  it('deflates a leg added from best trades by that search, as the API computes it, in English and Turkish', async () => {
    const res = await s.context.request.get(`${s.server.url}/api/v1/seasonality/overfitting`, {
      params: { ...BEST, direction: 'both', window: '10-10:10-15:long' },
    });
    expect(res.status()).toBe(200);
    const api = (await res.json()) as OverfittingResponse;
    expect(api.tested).toBe(2190);
    expect(api.selected).toMatchObject({ start: '10-10', end: '10-15', direction: 'long', days: 5 });
    expect(api.realityCheck).toBeNull();
    // analytics.md's example, as the issue words it: PSR 99.99 %, DSR 29 %, PBO 21 %
    expect(Math.floor(api.deflated!.psr! * 10_000)).toBe(9999);
    expect(Math.round(api.deflated!.dsr! * 100)).toBe(29);
    expect(Math.round(api.pbo!.pbo * 100)).toBe(21);
    try {
      await s.page.goto(`${s.server.url}/seasonality/besttrades?${new URLSearchParams(BEST).toString()}`);
      const add = s.page.getByRole('link', { name: 'Add to backtest: AAPL 10-10 – 10-15 (Long)' });
      await add.waitFor({ timeout: 60_000 });
      await add.click();
      await s.page.getByTestId('backtest-metrics').waitFor({ timeout: 60_000 });
      const backtestUrl = s.page.url();
      expect(decodeURIComponent(backtestUrl)).toContain('leg=AAPL:10-10:10-15:long:5-7;both');

      const asked = s.page.waitForResponse((r) => r.url().includes('/api/v1/seasonality/overfitting?'));
      await legPanel().getByRole('button', { name: 'Is it luck? AAPL 10-10 → 10-15 long' }).click();
      expect(new URL((await asked).url()).searchParams.get('window')).toBe('10-10:10-15:long');
      await legPanel().getByTestId('luck-deflated').waitFor({ timeout: 60_000 });
      expect(await text('luck-alone')).toBe("Tried alone, this window's edge would be convincing (PSR 99.99%).");
      expect(await text('luck-deflated')).toBe(
        "Among the 2,190 windows searched, the best one is expected to look this good by luck; the chance that this one's edge is real is 29%.",
      );
      expect(await text('luck-pbo')).toBe(
        'Choosing the best window on half of the years and checking it on the other half, the choice landed in the bottom half 21% of the time (PBO). Above 50 % means the search picks noise.',
      );
      await legPanel().getByRole('button', { name: 'Details' }).click();
      await legPanel().getByTestId('luck-numbers').waitFor();
      expect(await legPanel().getByTestId('luck-numbers').textContent()).toContain('Windows searched (trials)2,190');
      await screenshot(s.page, 'luck-backtest-leg-en');

      // Turkish, chosen on the profile as a trader would.
      await s.page.goto(`${s.server.url}/profile`);
      const saved = s.page.waitForResponse(
        (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
      );
      await s.page.locator('#pref-language').selectOption('tr');
      expect((await saved).ok()).toBe(true);
      await s.page.goto(backtestUrl);
      const toggle = legPanel().getByRole('button', { name: 'Şans mı? AAPL 10-10 → 10-15 uzun' });
      await toggle.waitFor({ timeout: 60_000 });
      await toggle.click();
      await legPanel().getByTestId('luck-deflated').waitFor({ timeout: 60_000 });
      expect(await text('luck-alone')).toBe(
        'Tek başına denenseydi bu pencerenin üstünlüğü ikna edici olurdu (PSR %99,99).',
      );
      expect(await text('luck-deflated')).toBe(
        'Aranan 2.190 pencere arasında en iyisinin yalnızca şansla bu kadar iyi görünmesi beklenir; bu pencerenin üstünlüğünün gerçek olma olasılığı %29.',
      );
      expect(await text('luck-pbo')).toContain('seçim zamanın %21 kadarında alt yarıya düştü (PBO)');
      await screenshot(s.page, 'luck-backtest-leg-tr');
    } catch (error) {
      await screenshot(s.page, 'luck-backtest-leg-failure').catch(() => {});
      throw error;
    }
    expect(s.watch.errors).toEqual([]);
  });
});
