import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAssetClassApp } from '../../../testing/asset-class-app.js';
import { requestAs, type SignedIn } from '../../../testing/auth-helpers.js';
import type { FakeMarket, FakeYahoo } from '../../../testing/fake-providers/index.js';
import type { TestApp } from '../../../testing/test-app.js';
import { testDialects } from '../../../testing/test-databases.js';
import type { ManualClock } from '../../jobs/clock.js';

/** Wednesday 2026-03-18, 12:00 UTC: the stand-in serves up to the day before. */
const NOW = Date.UTC(2026, 2, 18, 12, 0);
const SYMBOLS = ['BTC-USD', 'EURUSD=X', 'SPY', '^VIX'] as const;

describe.each(testDialects())('how far behind each instrument is, on its own calendar (%s)', (dialect) => {
  let t: TestApp;
  let yahoo: FakeYahoo;
  let admin: SignedIn;
  let market: FakeMarket;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ t, yahoo, admin, market, clock } = await startAssetClassApp(dialect, SYMBOLS, NOW));
  });
  afterAll(async () => {
    await t?.close();
    await yahoo?.close();
  });

  const dataPage = async () => (await requestAs(t, admin, 'GET', '/api/v1/admin/data')).json();
  /** An admin's update at `at`: the run, each symbol's recorded reason and the instruments' days behind. */
  const updateAt = async (at: number) => {
    clock.set(at);
    expect((await requestAs(t, admin, 'POST', '/api/v1/admin/data/update', {})).statusCode).toBe(202);
    await t.services.jobs.runDue();
    const page = await dataPage();
    const rows = await t.services.database.db
      .selectFrom('data_update_symbols')
      .select(['symbol', 'reason'])
      .where('update_id', '=', page.runs[0].id)
      .execute();
    const instruments: Array<{ symbol: string; tradingDaysBehind: number | null }> = page.instruments;
    return {
      run: page.runs[0],
      reasons: Object.fromEntries(rows.map((r) => [r.symbol, r.reason])),
      behind: Object.fromEntries(instruments.map((i) => [i.symbol, i.tradingDaysBehind])),
    };
  };

  it('a coin lacks its weekend, a pair its weekdays, an index only more than two weekdays; a US stock as before', async () => {
    // Friday's bars arrive on Saturday: everything is current.
    market.until = '2026-03-20';
    let at = await updateAt(Date.UTC(2026, 2, 21, 12));
    expect(at.run).toMatchObject({ status: 'ok', updated: 4 });
    expect(at.behind).toEqual({ 'BTC-USD': 0, 'EURUSD=X': 0, SPY: 0, '^VIX': 0 });
    const calendars = (await dataPage()).instruments.map((i: { symbol: string; calendar: string }) => [
      i.symbol,
      i.calendar,
    ]);
    expect(Object.fromEntries(calendars)).toEqual({
      'BTC-USD': 'crypto',
      'EURUSD=X': 'fx',
      SPY: 'nyse',
      '^VIX': 'exchange',
    });

    // Sunday: a coin's Saturday is a session (the NYSE's count would say 0); Friday is fx's and the others' last.
    at = await updateAt(Date.UTC(2026, 2, 22, 12));
    expect(at.run).toMatchObject({ status: 'partial', updated: 0, unchanged: 4, failed: 0 });
    expect(at.reasons).toEqual({
      'BTC-USD':
        'no bar for Sat 2026-03-21 from yahoo yet: the last is Fri 2026-03-20, 1 day behind (crypto: every day is a session)',
      'EURUSD=X': null,
      SPY: null,
      '^VIX': null,
    });
    expect(at.behind).toEqual({ 'BTC-USD': 1, 'EURUSD=X': 0, SPY: 0, '^VIX': 0 });

    // Tuesday morning, nothing after Friday served: the coin lacks three days, the pair and the
    // stock Monday; one weekday does not make the index (an exchange calendar) stale.
    at = await updateAt(Date.UTC(2026, 2, 24, 12));
    expect(at.run).toMatchObject({ status: 'partial', unchanged: 4 });
    expect(at.reasons).toEqual({
      'BTC-USD':
        'no bar for Mon 2026-03-23 from yahoo yet: the last is Fri 2026-03-20, 3 days behind (crypto: every day is a session)',
      'EURUSD=X':
        'no bar for Mon 2026-03-23 from yahoo yet: the last is Fri 2026-03-20, 1 weekday behind (fx: Monday–Friday)',
      SPY: 'no bar for 2026-03-23 from yahoo yet',
      '^VIX': null,
    });
    expect(at.behind).toEqual({ 'BTC-USD': 3, 'EURUSD=X': 1, SPY: 1, '^VIX': 0 });

    // Thursday: three weekdays after the index's last bar make it stale too.
    at = await updateAt(Date.UTC(2026, 2, 26, 12));
    expect(at.reasons['^VIX']).toBe(
      'no bar for Wed 2026-03-25 from yahoo yet: the last is Fri 2026-03-20, 3 weekdays behind (exchange: stale after more than 2)',
    );
    expect(at.behind).toEqual({ 'BTC-USD': 5, 'EURUSD=X': 3, SPY: 3, '^VIX': 3 });
    // The market's freshness stays the NYSE universe's.
    expect((await dataPage()).freshness).toMatchObject({ lastSession: '2026-03-25' });
  });

  it('Good Friday: the coin and the pair have a bar, the index none, and that is no lag for it', async () => {
    market.until = '2026-04-03';
    const saturday = Date.UTC(2026, 3, 4, 15);
    expect((await updateAt(saturday)).run).toMatchObject({ status: 'ok', updated: 4 });
    const again = await updateAt(saturday + 60_000);
    expect(again.run).toMatchObject({ status: 'ok', updated: 0, unchanged: 4 });
    expect(again.reasons).toEqual({ 'BTC-USD': null, 'EURUSD=X': null, SPY: null, '^VIX': null });
    expect(again.behind).toEqual({ 'BTC-USD': 0, 'EURUSD=X': 0, SPY: 0, '^VIX': 0 });
    const lastBars = Object.fromEntries(
      (await dataPage()).instruments.map((i: { symbol: string; lastBar: string }) => [i.symbol, i.lastBar]),
    );
    expect(lastBars).toEqual({
      'BTC-USD': '2026-04-03',
      'EURUSD=X': '2026-04-03',
      SPY: '2026-04-02',
      '^VIX': '2026-04-02',
    });
  });
});
