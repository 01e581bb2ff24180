import { expect } from 'vitest';
import { ManualClock } from '../modules/jobs/clock.js';
import { requestAs, signedInUser, type SignedIn } from './auth-helpers.js';
import { withAssetClasses } from './fake-providers/asset-classes.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from './fake-providers/index.js';
import { createTestApp, type TestApp } from './test-app.js';
import { lateBound, useFixture } from './test-fixtures.js';
import type { DialectName } from '../db/database.js';

/**
 * An app whose Yahoo stand-in serves SPY (from 2025-06-02) and the four classes of
 * data-providers.md §15, with `symbols` added by an admin and their backfills run, at `now`;
 * move `market.until` and set `clock` to make later days arrive.
 */
export async function startAssetClassApp(
  dialect: DialectName,
  symbols: readonly string[],
  now: number,
): Promise<{ t: TestApp; yahoo: FakeYahoo; admin: SignedIn; market: FakeMarket; clock: ManualClock }> {
  const market = withAssetClasses(new FakeMarket('2026-03-17').add('SPY', { kind: 'etf', from: '2025-06-02' }));
  const yahoo = await startFakeYahoo(market);
  const clock = new ManualClock(now);
  const t = await createTestApp(dialect, { DATA_PROVIDERS: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl }, { clock });
  const admin = await signedInUser(t, { role: 'admin' });
  for (const symbol of symbols) {
    const res = await requestAs(t, admin, 'POST', '/api/v1/admin/instruments', { symbol });
    expect([202, 409], symbol).toContain(res.statusCode);
  }
  await t.services.jobs.runDue();
  await t.services.market.reload();
  return { t, yahoo, admin, market, clock };
}

/** startAssetClassApp before the tests of the enclosing describe block; the app and the stand-in closed after them. */
export function useAssetClassApp(
  dialect: DialectName,
  symbols: readonly string[],
  now: number,
): { t: TestApp; yahoo: FakeYahoo; admin: SignedIn } {
  const made = useFixture(
    'all',
    () => startAssetClassApp(dialect, symbols, now),
    async ({ t, yahoo }) => {
      await t.close();
      await yahoo.close();
    },
  );
  return {
    t: lateBound(() => made.t),
    yahoo: lateBound(() => made.yahoo),
    admin: lateBound(() => made.admin),
  };
}
