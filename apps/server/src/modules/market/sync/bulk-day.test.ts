import { beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-databases.js';
import { useTestDatabase } from '../../../testing/test-fixtures.js';
import { FakeMarket, startFakeEodhd, type FakeBar } from '../../../testing/fake-providers/index.js';
import { FAST, testDeps, useFakeProviderApi } from '../../../testing/fake-providers/test-deps.js';
import { storeInstrument } from '../../../testing/market-fixtures.js';
import { readBarRows } from '../bars/stored-series.js';
import { createEodhdProvider } from '../providers/eodhd.js';
import { listMismatches } from './history-mismatches.js';
import { syncMarketData } from './sync.js';

const KEY = 'eodhd-key-for-bulk-tests-0123';
/** Monday 2026-11-23, 18:30 New York: the run aims at that day. */
const EVENING = Date.UTC(2026, 10, 23, 23, 30);

describe.each(testDialects())('a whole-universe EODHD sync on %s: the market’s day in one request (§8)', (dialect) => {
  const database = useTestDatabase(dialect, 'each');
  const { market, fake: eodhd } = useFakeProviderApi(
    () =>
      new FakeMarket('2026-11-23')
        .add('AAPL', { from: '2026-06-01' })
        .add('BRK.B', { from: '2026-06-01' })
        .add('MSFT', { from: '2026-06-01' })
        .add('WTW', { from: '2026-06-01', price: 300 })
        .add('IBM', { from: '2026-06-01' })
        .add('^GSPC', { from: '2026-06-01', price: 6000 }),
    (m) => startFakeEodhd(m, { apiKey: KEY }),
  );

  const instrument = (symbol: string, bars: FakeBar[]) => storeInstrument(database.db, symbol, bars);
  const upTo = (symbol: string, date: string) => market.adjusted(symbol).filter((b) => b.date <= date);
  const sync = (bulkDay?: boolean) =>
    syncMarketData(database, {
      providers: [createEodhdProvider({ apiKey: KEY, baseUrl: eodhd.baseUrl, policy: FAST, deps: testDeps().deps })],
      now: () => EVENING,
      ...(bulkDay === undefined ? {} : { bulkDay }),
    });

  beforeEach(async () => {
    // Four symbols lack only Monday's bar; WTW's stored bars are another company's, up to Wednesday.
    for (const s of ['AAPL', 'BRK.B', 'MSFT', '^GSPC']) await instrument(s, upTo(s, '2026-11-20'));
    await instrument(
      'WTW',
      new FakeMarket('2026-11-18').add('OLD', { from: '2026-06-01', price: 300 }).adjusted('OLD'),
    );
  });

  it('one bulk request for the market, per-symbol requests only for what it lacks; continuity still checked', async () => {
    eodhd.bulkWithout('MSFT');
    const report = await sync();

    const bulk = eodhd.requests.filter((r) => r.path === '/eod-bulk-last-day/US');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.query).toEqual({ date: '2026-11-23', fmt: 'json', api_token: KEY });
    expect(
      eodhd.requests
        .filter((r) => r.path !== '/eod-bulk-last-day/US')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/eod/GSPC.INDX', '/eod/MSFT.US', '/eod/WTW.US', '/eod/WTW.US']);
    expect(report.bulkDay).toEqual({ provider: 'eodhd', session: '2026-11-23', bars: 3, failure: null });

    const by = Object.fromEntries(report.symbols.map((r) => [r.symbol, r]));
    for (const s of ['AAPL', 'BRK.B', 'MSFT', '^GSPC'])
      expect(by[s], s).toMatchObject({
        status: 'updated',
        provider: 'eodhd',
        mode: 'append',
        inserted: 1,
        lastBar: '2026-11-23',
      });
    for (const s of ['AAPL', 'BRK.B']) {
      const last = (await readBarRows(database.db, s)).at(-1)!;
      const expected = market.adjusted(s).at(-1)!;
      expect(last.date).toBe('2026-11-23');
      expect(Math.abs(last.close / expected.close - 1)).toBeLessThan(1e-4);
    }
    // WTW was asked on its own and its history does not join: nothing written.
    expect(by.WTW).toMatchObject({ status: 'failed', inserted: 0, lastBar: '2026-11-18' });
    expect(by.WTW!.historyMismatch?.provider).toBe('eodhd');
    expect((await listMismatches(database)).map((m) => m.symbol)).toEqual(['WTW']);
  });

  it('without the bulk day (--no-bulk-day) every symbol is asked on its own', async () => {
    await sync(false);
    expect(eodhd.requests.filter((r) => r.path === '/eod-bulk-last-day/US')).toHaveLength(0);
    expect(eodhd.requests.filter((r) => r.path.startsWith('/eod/'))).toHaveLength(6);
  });

  it('a refused bulk request leaves every symbol to its own requests', async () => {
    await instrument('IBM', []); // nothing stored: a whole history, never from the bulk day
    eodhd.scenario('US', 'plan'); // a plan without the bulk endpoint
    const refused = await sync();
    expect(refused.bulkDay).toEqual({
      provider: 'eodhd',
      session: '2026-11-23',
      bars: 0,
      failure: 'EODHD US market: not in the plan (HTTP 403 "Forbidden")',
    });
    expect(eodhd.requestsFor('US')).toHaveLength(1);
    const by = Object.fromEntries(refused.symbols.map((r) => [r.symbol, r]));
    for (const s of ['AAPL', 'BRK.B', 'MSFT', '^GSPC'])
      expect(by[s], s).toMatchObject({ status: 'updated', mode: 'append', lastBar: '2026-11-23' });
    expect(by.IBM).toMatchObject({ status: 'updated', mode: 'replace', reason: 'first sync: whole history' });
  });
});
