import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signedInUser, type SignedIn } from '../../../testing/auth-helpers.js';
import { withAssetClasses } from '../../../testing/fake-providers/asset-classes.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../../testing/fake-providers/index.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { testDialects } from '../../../testing/test-databases.js';
import { ManualClock } from '../../jobs/clock.js';
import { readBarRows } from '../bars/stored-series.js';

/** Wednesday 2026-03-18, 12:00 UTC: the stand-in serves up to the day before. */
const NOW = Date.UTC(2026, 2, 18, 12, 0);

describe.each(testDialects())('instruments of other classes through the API (%s)', (dialect) => {
  let t: TestApp;
  let yahoo: FakeYahoo;
  let market: FakeMarket;
  let admin: SignedIn;

  beforeAll(async () => {
    market = withAssetClasses(new FakeMarket('2026-03-17').add('SPY', { kind: 'etf', from: '2025-06-02' }));
    yahoo = await startFakeYahoo(market);
    t = await createTestApp(
      dialect,
      { DATA_PROVIDERS: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl },
      {
        clock: new ManualClock(NOW),
      },
    );
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await yahoo?.close();
  });
  const add = (body: Record<string, unknown>) => requestAs(t, admin, 'POST', '/api/v1/admin/instruments', body);
  const count = async () =>
    Number(
      (
        await t.services.database.db
          .selectFrom('instruments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('adds with only a symbol: the class, currency and calendar from Yahoo, and the backfill keeps every bar', async () => {
    const before = await count();
    const vix = await add({ symbol: '^vix' });
    expect(vix.statusCode).toBe(202);
    expect(vix.json().data).toMatchObject({
      symbol: '^VIX',
      assetClass: 'index',
      currency: 'USD',
      calendar: 'exchange',
    });
    const eur = await add({ symbol: 'EURUSD=X', type: 'fx' });
    expect(eur.json().data).toMatchObject({ assetClass: 'fx', currency: 'USD', calendar: 'fx' });
    expect(await count()).toBe(before + 2);
    await t.services.jobs.runDue();
    for (const symbol of ['^VIX', 'EURUSD=X']) {
      const stored = (await readBarRows(t.services.database.db, symbol)).map(({ symbol: _s, ...b }) => b);
      expect(stored, symbol).toEqual(market.adjusted(symbol).filter((b) => b.date <= '2026-03-17'));
    }
  });

  it('refuses an unknown symbol and a type that is not the provider’s with 422 naming them, a tracked one with 409', async () => {
    const before = await count();
    const unknown = await add({ symbol: 'ZZZQX=F' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(
      'ZZZQX=F: unknown symbol (Not Found: No data found, symbol may be delisted)',
    );
    const fund = await add({ symbol: 'VFIAX' });
    expect(fund.statusCode).toBe(422);
    expect(fund.json().error.message).toBe('VFIAX: unsupported instrument type MUTUALFUND');
    const mismatch = await add({ symbol: 'BTC-USD', type: 'stock' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.message).toBe('BTC-USD is crypto (Yahoo), not stock.');
    expect(await count()).toBe(before);
    expect((await add({ symbol: '^VIX' })).statusCode).toBe(409);
  });

  it('serves the §15.2 fields and volume null, the symbols URL-encoded', async () => {
    await t.services.market.reload();
    const vix = await requestAs(t, admin, 'GET', '/api/v1/instruments/%5EVIX');
    expect(vix.statusCode).toBe(200);
    expect(vix.json()).toMatchObject({
      symbol: '^VIX',
      type: 'index',
      assetClass: 'index',
      currency: 'USD',
      timezone: 'America/Chicago',
      calendar: 'exchange',
      exchange: 'Cboe Indices',
      hasVolume: false,
    });
    const bars = await requestAs(t, admin, 'GET', '/api/v1/bars/EURUSD%3DX?from=2025-07-01&to=2025-07-08');
    expect(bars.statusCode).toBe(200);
    const body = bars.json();
    // July 4th is an fx day; no weekend bar; no volume
    expect(body.bars.map((b: { date: string }) => b.date)).toEqual([
      '2025-07-01',
      '2025-07-02',
      '2025-07-03',
      '2025-07-04',
      '2025-07-07',
      '2025-07-08',
    ]);
    expect(body.bars.every((b: { volume: number | null }) => b.volume === null)).toBe(true);
    const search = await requestAs(t, admin, 'GET', '/api/v1/instruments?q=EURUSD');
    expect(search.json().instruments[0]).toMatchObject({
      symbol: 'EURUSD=X',
      assetClass: 'fx',
      calendar: 'fx',
      hasVolume: false,
    });
  });
});
