import { beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-databases.js';
import { FakeMarket, startFakeYahoo, type FakeBar } from '../../../testing/fake-providers/index.js';
import { FAST, testDeps } from '../../../testing/fake-providers/test-deps.js';
import { insertBars, instrumentRow, storedBars, storeInstrument } from '../../../testing/market-fixtures.js';
import { useSyncBed } from '../../../testing/sync-bed.js';
import { readDataVersion } from '../market-events.js';
import { createTiingoProvider } from '../providers/tiingo.js';
import { createYahooProvider } from '../providers/yahoo.js';
import { nyseSessionsAfter } from './history-join.js';
import { listMismatches } from './history-mismatches.js';
import { replaceHistory } from './replace-history.js';
import { syncMarketData } from './sync.js';

const KEY = 'tiingo-key-for-continuity-tests';
/** Monday 2026-11-23, 18:30 New York. */
const EVENING = Date.UTC(2026, 10, 23, 23, 30);

describe.each(testDialects())('ticker continuity on %s (data-providers.md §15.6)', (dialect) => {
  const { database, market, tiingo, providers } = useSyncBed(dialect, KEY, () =>
    new FakeMarket('2026-11-23').add('WTW', { from: '2026-01-02', price: 300 }).add('IBM', {
      from: '2026-01-02',
      splits: [{ date: '2026-04-15', ratio: 2 }],
      dividends: [{ date: '2026-08-07', cash: 1.68 }],
    }),
  );
  /** 2017's company under today's ticker: what the shared data holds for WTW. */
  let before: FakeMarket;

  beforeEach(() => {
    before = new FakeMarket('2026-11-18').add('OLDWTW', { from: '2026-01-02', price: 300 });
  });

  const instrument = (symbol: string, bars: FakeBar[]) => storeInstrument(database.db, symbol, bars);
  const stored = (symbol: string) => storedBars(database.db, symbol);
  const round = (bars: FakeBar[]) => bars.map((b) => ({ ...b, volume: Math.round(b.volume) }));

  it('a provider serving another company under a stored ticker: nothing written, the mismatch reported and recorded', async () => {
    const old = round(before.adjusted('OLDWTW'));
    await instrument('WTW', old);
    const version = await readDataVersion(database);

    const report = await syncMarketData(database, { providers: providers(), now: () => EVENING });
    const wtw = report.symbols.find((s) => s.symbol === 'WTW')!;
    // q = provider/stored close is set on the first common date and breaks on the second.
    const [d0, d1] = [old[0]!, old[1]!];
    const served = market.adjusted('WTW');
    expect(wtw).toMatchObject({
      status: 'failed',
      provider: 'tiingo',
      mode: null,
      inserted: 0,
      updated: 0,
      removed: 0,
    });
    expect(wtw.historyMismatch).toEqual({
      provider: 'tiingo',
      date: d1.date,
      storedClose: d1.close,
      providerClose: served[1]!.close,
      reason: expect.stringMatching(/on a day without a reported event$/),
    });
    expect(served[0]!.date).toBe(d0.date);
    expect(wtw.reason).toMatch(
      new RegExp(
        `^history from tiingo does not join the stored one on ${d1.date} .*solstice instruments replace-history WTW\\)$`,
      ),
    );
    expect(report.failed).toBe(1);
    expect(await stored('WTW')).toEqual(old);
    expect(await readDataVersion(database)).toBe(version);
    expect(await listMismatches(database)).toEqual([{ symbol: 'WTW', ...wtw.historyMismatch, detectedAt: EVENING }]);

    // Only an admin's replacement writes it; the replaced bars are kept until the next backup.
    const replaced = await replaceHistory(
      database,
      { providers: providers(['yahoo']), session: '2026-11-23', now: EVENING + 1 },
      'WTW',
    );
    expect(replaced).toMatchObject({ symbol: 'WTW', provider: 'yahoo', first: '2026-01-02', last: '2026-11-23' });
    expect(replaced.removed).toBe(old.length);
    expect((await stored('WTW')).map((b) => b.date)).toEqual(served.map((b) => b.date));
    expect(await listMismatches(database)).toEqual([]);
    const kept = await database.db
      .selectFrom('replaced_bar_chunks')
      .select(['symbol', 'replaced_at', 'bars', 'first_date', 'last_date'])
      .execute();
    expect(kept.map((k) => ({ ...k, replaced_at: Number(k.replaced_at) }))).toEqual([
      {
        symbol: 'WTW',
        replaced_at: EVENING + 1,
        bars: old.length,
        first_date: old[0]!.date,
        last_date: old.at(-1)!.date,
      },
    ]);
    // Now the provider's history is the stored one: the next run appends as usual.
    expect((await syncMarketData(database, { providers: providers(), now: () => EVENING })).failed).toBe(0);
  });

  it('a history that lacked a real split and a dividend still joins, on either provider, and is written', async () => {
    // Stored as traded up to Nov 18 on another source's basis (×1.1, so the tail differs and
    // the whole history is asked): the 2:1 split and the dividend are not in it.
    const raw = market
      .raw('IBM')
      .filter((b) => b.date <= '2026-11-18')
      .map((b) => ({ ...b, open: b.open * 1.1, high: b.high * 1.1, low: b.low * 1.1, close: b.close * 1.1 }));
    for (const via of [['tiingo'], ['yahoo']] as const) {
      await database.db.deleteFrom('bar_chunks').execute();
      await database.db.deleteFrom('instruments').execute();
      await instrument('IBM', raw);
      const report = await syncMarketData(database, { providers: providers([...via]), now: () => EVENING });
      const ibm = report.symbols[0]!;
      expect(ibm, via[0]).toMatchObject({ status: 'updated', provider: via[0], mode: 'replace' });
      expect(ibm.historyMismatch).toBeUndefined();
      const written = await stored('IBM');
      expect(written.map((b) => b.date)).toEqual(market.raw('IBM').map((b) => b.date));
      const expected = market.adjusted('IBM');
      written.forEach((b, i) => expect(Math.abs(b.close / expected[i]!.close - 1)).toBeLessThan(1e-4));
    }
    expect(await listMismatches(database)).toEqual([]);
  });

  it("the gap rule counts the instrument's own calendar: every day for crypto, Monday–Friday for fx", async () => {
    // Another coin and another pair under the stored tickers, served from a date the gap rule
    // refuses on their own calendars and would let through in NYSE sessions.
    const later = new FakeMarket('2026-12-01')
      .add('BTC-USD', { kind: 'crypto', from: '2026-11-16', price: 90_000 })
      .add('EURUSD=X', { kind: 'fx', from: '2026-11-30', price: 1.16 });
    const served = await startFakeYahoo(later);
    try {
      const earlier = new FakeMarket('2026-12-01')
        .add('BTC-USD', { kind: 'crypto', from: '2026-06-01', price: 60_000 })
        .add('EURUSD=X', { kind: 'fx', from: '2026-06-01', price: 1.08 });
      const own = {
        'BTC-USD': { type: 'crypto', asset_class: 'crypto', calendar: 'crypto', timezone: 'UTC', last: '2026-11-05' },
        'EURUSD=X': { type: 'fx', asset_class: 'fx', calendar: 'fx', timezone: 'Europe/London', last: '2026-11-13' },
      } as const;
      for (const [symbol, { last, ...fields }] of Object.entries(own)) {
        await database.db.insertInto('instruments').values(instrumentRow(symbol, fields)).execute();
        const bars = earlier.adjusted(symbol).filter((b) => b.date <= last);
        await insertBars(
          database.db,
          bars.map((b) => ({ symbol, ...b, volume: Math.round(b.volume) })),
        );
      }
      // BTC-USD: Nov 6 to 16 is 11 days (7 NYSE sessions); EURUSD=X: Nov 16 to 30 is 11
      // weekdays (10 NYSE sessions, Thanksgiving being none).
      expect(nyseSessionsAfter('2026-11-05', '2026-11-16')).toBe(7);
      expect(nyseSessionsAfter('2026-11-13', '2026-11-30')).toBe(10);
      const { deps } = testDeps();
      const report = await syncMarketData(database, {
        providers: [createYahooProvider({ baseUrl: served.baseUrl, policy: FAST, deps })],
        // Wednesday 2026-12-02 12:00 UTC: both calendars' last session is Tuesday Dec 1.
        now: () => Date.UTC(2026, 11, 2, 12),
      });
      const bySymbol = new Map(report.symbols.map((r) => [r.symbol, r]));
      for (const [symbol, first, last] of [
        ['BTC-USD', '2026-11-16', '2026-11-05'],
        ['EURUSD=X', '2026-11-30', '2026-11-13'],
      ] as const) {
        expect(bySymbol.get(symbol), symbol).toMatchObject({
          session: '2026-12-01',
          status: 'failed',
          inserted: 0,
          lastBar: last,
          historyMismatch: {
            provider: 'yahoo',
            date: first,
            reason: `the provider's first bar comes 11 sessions after the stored last bar (${last}); at most 10 join`,
          },
        });
        expect((await stored(symbol)).at(-1)?.date).toBe(last);
      }
      expect((await listMismatches(database)).map((m) => m.symbol)).toEqual(['BTC-USD', 'EURUSD=X']);

      // An admin's replacement asks only a provider of the calendar (Tiingo serves NYSE
      // instruments) and keeps the coin's weekends.
      const replaced = await replaceHistory(
        database,
        {
          providers: [
            createTiingoProvider({ apiKey: KEY, baseUrl: tiingo.baseUrl, policy: FAST, deps }),
            createYahooProvider({ baseUrl: served.baseUrl, policy: FAST, deps }),
          ],
          session: '2026-12-01',
          now: Date.UTC(2026, 11, 2, 12),
        },
        'BTC-USD',
      );
      expect(replaced).toMatchObject({ provider: 'yahoo', first: '2026-11-16', last: '2026-12-01', inserted: 16 });
      expect((await stored('BTC-USD')).map((b) => b.date)).toEqual(later.adjusted('BTC-USD').map((b) => b.date));
      expect(tiingo.requests).toEqual([]);
    } finally {
      await served.close();
    }
  });
});
