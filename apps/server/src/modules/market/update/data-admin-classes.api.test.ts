import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDataResponse } from '@solstice/contracts';
import { requestAs, type SignedIn } from '../../../testing/auth-helpers.js';
import type { FakeYahoo } from '../../../testing/fake-providers/index.js';
import type { TestApp } from '../../../testing/test-app.js';
import { startAssetClassApp } from '../../../testing/asset-class-app.js';
import { testDialects } from '../../../testing/test-databases.js';

/** Tuesday 2026-03-17, 23:30 UTC: Tuesday's NYSE bar is final; Tuesday's crypto day and ^VIX's are not. */
const NOW = Date.UTC(2026, 2, 17, 23, 30);

describe.each(testDialects())('the data page counts each instrument on its own calendar (%s)', (dialect) => {
  let t: TestApp;
  let yahoo: FakeYahoo;
  let admin: SignedIn;

  beforeAll(async () => {
    ({ t, yahoo, admin } = await startAssetClassApp(dialect, ['SPY', 'BTC-USD', '^VIX'], NOW));
  });
  afterAll(async () => {
    await t?.close();
    await yahoo?.close();
  });

  it('instruments brought up to their own last session are current, though that is before the NYSE one', async () => {
    const res = await requestAs(t, admin, 'GET', '/api/v1/admin/data');
    expect(res.statusCode).toBe(200);
    const page = res.json() as AdminDataResponse;
    const state = Object.fromEntries(page.instruments.map((i) => [i.symbol, [i.lastBar, i.tradingDaysBehind]]));
    expect(state).toEqual({
      SPY: ['2026-03-17', 0],
      'BTC-USD': ['2026-03-16', 0],
      '^VIX': ['2026-03-16', 0],
    });
  });
});
