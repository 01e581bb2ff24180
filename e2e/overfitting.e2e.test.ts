// Issue #44: "Is it luck?" on best trades in the browser, English and Turkish. On AAPL of the
// shared data, best trades over 5–7 days (analytics.md's example: 2,190 windows, DSR 0.29, PBO
// 0.21, the Reality Check at p = 0.07 against 0.001 alone) is opened in Chromium; the panel's
// sentences are compared with `GET /api/v1/seasonality/overfitting` and with
// `solstice seasonality overfitting … --json` on the same database.
import { describe, expect, it } from 'vitest';
import type { OverfittingResponse } from '@solstice/contracts';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { solsticeJson } from './support/cli.js';
import { chooseLanguage, DESKTOP_EN_US } from './support/accounts.js';
import { subscriberSuite } from './support/subscriber-suite.js';

const ADMIN = { email: 'luck-admin@example.com', password: 'luck e2e admin passphrase' };
const TRADER = { email: 'luck@example.com', username: 'luck', password: 'correct horse battery staple' };
const BEST = { symbol: 'AAPL', minDays: '5', maxDays: '7' };

describe('best trades: is it luck?', () => {
  let cli: Promise<OverfittingResponse>;
  const s = subscriberSuite('luck', ['AAPL'], {
    admin: ADMIN,
    trader: TRADER,
    browser: DESKTOP_EN_US,
    started: (suite) => {
      cli = solsticeJson<OverfittingResponse>(suite.databaseUrl, [
        'seasonality',
        'overfitting',
        'AAPL',
        '--min-days',
        '5',
        '--max-days',
        '7',
        '--bootstrap',
        '1000',
      ]);
      cli.catch(() => undefined); // awaited (and reported) by the test
    },
  });

  const panelText = async (id: string) => (await s.page.getByTestId(id).textContent())!.trim();

  it('says PSR, DSR, PBO and the Reality Check as the API and the CLI compute them, in English and Turkish', async () => {
    const res = await s.context.request.get(`${s.server.url}/api/v1/seasonality/overfitting`, {
      params: { ...BEST, bootstrap: '1000' },
    });
    expect(res.status()).toBe(200);
    const api = (await res.json()) as OverfittingResponse;
    expect(await cli).toEqual(api);
    expect(api.tested).toBe(2190);
    expect(api.selected).toMatchObject({ start: '10-10', end: '10-15', direction: 'long' });
    expect(api.realityCheck).toMatchObject({ pValue: 0.07, naivePValue: 0.001 });
    const dsr = Math.round(api.deflated!.dsr! * 100);
    const pbo = Math.round(api.pbo!.pbo * 100);
    await screenshotOnFailure(s.page, 'luck-best-trades-failure', async () => {
      await s.page.goto(`${s.server.url}/seasonality/besttrades?${new URLSearchParams(BEST).toString()}`);
      await s.page.getByTestId('luck-deflated').waitFor({ timeout: 60_000 });
      expect(await panelText('luck-alone')).toBe("Tried alone, this window's edge would be convincing (PSR 99.99%).");
      expect(await panelText('luck-deflated')).toBe(
        `Among the 2,190 windows searched, the best one is expected to look this good by luck; the chance that this one's edge is real is ${dsr}%.`,
      );
      expect(await panelText('luck-pbo')).toContain(`landed in the bottom half ${pbo}% of the time (PBO)`);
      expect(await panelText('luck-realityCheck')).toBe(
        "The best of 2,190 windows beats AAPL's drift at p = 0.07; alone it would have been p = 0.001.",
      );
      await s.page.getByTestId('luck').getByRole('button', { name: 'Details' }).click();
      await s.page.getByTestId('luck-numbers').waitFor();
      await screenshot(s.page, 'luck-best-trades-en');

      // Turkish, chosen on the profile as a trader would.
      await chooseLanguage(s.page, s.server, 'tr');
      await s.page.goto(`${s.server.url}/seasonality/besttrades?${new URLSearchParams(BEST).toString()}`);
      await s.page.getByRole('heading', { name: 'Şans mı?' }).waitFor({ timeout: 60_000 });
      await s.page.getByTestId('luck-deflated').waitFor({ timeout: 60_000 });
      expect(await panelText('luck-deflated')).toBe(
        `Aranan 2.190 pencere arasında en iyisinin yalnızca şansla bu kadar iyi görünmesi beklenir; bu pencerenin üstünlüğünün gerçek olma olasılığı %${dsr}.`,
      );
      expect(await panelText('luck-realityCheck')).toBe(
        '2.190 pencerenin en iyisi AAPL hissesinin genel eğilimini p = 0,07 ile geçiyor; tek başına denenseydi p = 0,001 olurdu.',
      );
      await screenshot(s.page, 'luck-best-trades-tr');
    });
    expect(s.watch.errors).toEqual([]);
  });
});
