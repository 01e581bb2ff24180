import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-databases.js';
import { FakeMarket, type FakeBar } from '../../../testing/fake-providers/index.js';
import { insertBars, instrumentRow, storedBars } from '../../../testing/market-fixtures.js';
import { useSyncBed } from '../../../testing/sync-bed.js';
import { readDataVersion } from '../market-events.js';
import { syncMarketData, type SyncReport } from './sync.js';

const KEY = 'tiingo-key-for-sync-tests';
/** Monday 2026-11-23, 18:30 New York: that day's bars are final. */
const EVENING = Date.UTC(2026, 10, 23, 23, 30);
/** The same Monday at 16:30 New York: the day's bar is not final yet. */
const AFTER_CLOSE = Date.UTC(2026, 10, 23, 21, 30);

describe.each(testDialects())('sync on %s', (dialect) => {
  const { database, market, tiingo, yahoo, providers, restartTiingo } = useSyncBed(dialect, KEY, () =>
    new FakeMarket('2026-11-23')
      .add('IBM', { from: '2026-01-02', dividends: [{ date: '2026-08-07', cash: 1.68 }] })
      .add('AAPL', { from: '2026-01-02' })
      .add('NEW', { from: '2026-06-01' })
      .add('DEMO', { from: '2026-06-01' })
      .add('^GSPC', { from: '2026-01-02', price: 6000 }),
  );

  const sync = (now = EVENING, symbols?: string[]) =>
    syncMarketData(database, { providers: providers(), now: () => now, symbols });

  async function instrument(symbol: string, bars: FakeBar[], synthetic = 0) {
    await database.db
      .insertInto('instruments')
      .values(instrumentRow(symbol, { type: symbol.startsWith('^') ? 'index' : 'stock', synthetic }))
      .execute();
    if (bars.length > 0)
      await insertBars(
        database.db,
        bars.map((b) => ({ symbol, ...b })),
      );
  }

  const stored = (symbol: string) => storedBars(database.db, symbol);
  const upTo = (bars: FakeBar[], date: string) => bars.filter((b) => b.date <= date);
  const bySymbol = (report: SyncReport) => Object.fromEntries(report.symbols.map((r) => [r.symbol, r]));

  it('appends new bars, replaces a re-adjusted history whole, backfills a new symbol, falls back for an index', async () => {
    // Stored earlier from Tiingo, up to Wednesday 2026-11-18.
    market.until = '2026-11-18';
    await instrument('IBM', market.adjusted('IBM'));
    await instrument('AAPL', market.adjusted('AAPL'));
    await instrument('^GSPC', upTo(market.adjusted('^GSPC'), '2026-11-13'));
    await instrument('NEW', []);
    await instrument('GONE', upTo(market.adjusted('IBM'), '2026-11-13'));
    await instrument('DEMO', [{ date: '2026-11-13', open: 1, high: 1, low: 1, close: 1, volume: 1 }], 1);
    // Then AAPL split 2:1 on Thursday: its whole adjusted history halves.
    market.split('AAPL', '2026-11-19', 2);
    market.until = '2026-11-23';
    const version = await readDataVersion(database);

    const report = await sync();
    expect(report).toMatchObject({ session: '2026-11-23', providers: ['tiingo', 'yahoo'], updated: 4, failed: 1 });
    const r = bySymbol(report);
    expect(Object.keys(r)).toEqual(['AAPL', 'GONE', 'IBM', 'NEW', '^GSPC']); // real instruments only
    expect(r.IBM).toMatchObject({
      status: 'updated',
      provider: 'tiingo',
      mode: 'append',
      reason: null,
      lastBar: '2026-11-23',
      inserted: 3,
      updated: 0,
      removed: 0,
      failures: [],
    });
    expect(r.AAPL).toMatchObject({ status: 'updated', provider: 'tiingo', mode: 'replace', lastBar: '2026-11-23' });
    expect(r.AAPL!.reason).toMatch(
      /^history changed \(open on 2026-11-\d\d: .* stored, .* now\): whole history replaced$/,
    );
    expect(r.AAPL!.removed).toBe(market.raw('AAPL').length - 3);
    expect(r.AAPL!.inserted).toBe(market.raw('AAPL').length);
    expect(r.NEW).toMatchObject({
      status: 'updated',
      provider: 'tiingo',
      mode: 'replace',
      reason: 'first sync: whole history',
    });
    expect(r['^GSPC']).toMatchObject({ status: 'updated', provider: 'yahoo', mode: 'append', inserted: 6 });
    expect(r.GONE).toMatchObject({ status: 'failed', provider: null, lastBar: '2026-11-13' });
    expect(r.GONE!.failures.map((f) => [f.provider, f.kind])).toEqual([
      ['tiingo', 'unknown-symbol'],
      ['yahoo', 'unknown-symbol'],
    ]);
    expect(r.GONE!.reason).toBe(
      `Tiingo GONE: unknown symbol "{\\"detail\\":\\"Error: Ticker 'GONE' not found\\"}"; Yahoo GONE: unknown symbol (Not Found: No data found, symbol may be delisted)`,
    );

    // The store now holds each provider's adjusted series: no bar lost, none doubled.
    const round = (bars: FakeBar[]) => bars.map((b) => ({ ...b, volume: Math.round(b.volume) }));
    expect(await stored('IBM')).toEqual(round(market.adjusted('IBM')));
    expect(await stored('AAPL')).toEqual(round(market.adjusted('AAPL')));
    expect((await stored('NEW')).map((b) => b.date)).toEqual(market.raw('NEW').map((b) => b.date));
    expect((await stored('^GSPC')).map((b) => b.date)).toEqual(market.raw('^GSPC').map((b) => b.date));
    expect((await stored('DEMO')).map((b) => b.close)).toEqual([1]);
    expect(Number(await readDataVersion(database))).toBe(Number(version) + 1);

    // Nothing new: nobody is asked, nothing written, nothing announced.
    const asked = tiingo.requests.length + yahoo.requests.length;
    const again = await sync();
    expect(again.symbols.map((s) => s.status)).toEqual(['unchanged', 'failed', 'unchanged', 'unchanged', 'unchanged']);
    expect(tiingo.requests.length + yahoo.requests.length).toBe(asked + 2); // GONE, on both
    expect(Number(await readDataVersion(database))).toBe(Number(version) + 1);
  });

  it('a provider down hands the symbol to the next one; rounding differences keep the history', async () => {
    market.until = '2026-11-18';
    await instrument('IBM', market.adjusted('IBM'));
    market.until = '2026-11-23';
    tiingo.scenario('IBM', 'down');
    const report = await sync();
    const ibm = bySymbol(report).IBM!;
    // Yahoo's four-decimal adjclose differs from Tiingo's series by less than rounding.
    expect(ibm).toMatchObject({ status: 'updated', provider: 'yahoo', mode: 'append', inserted: 3 });
    expect(ibm.failures).toEqual([
      {
        provider: 'tiingo',
        kind: 'unavailable',
        message: 'Tiingo IBM: provider unavailable (HTTP 503, an HTML page) (after 3 attempts)',
      },
    ]);
    expect(tiingo.requestsFor('IBM')).toHaveLength(3);
  });

  it('stores only final bars: at 16:30 New York time the day is left for the next run', async () => {
    market.until = '2026-11-18';
    await instrument('IBM', market.adjusted('IBM'));
    market.until = '2026-11-23'; // the provider already has a bar for today
    const report = await sync(AFTER_CLOSE);
    expect(report.session).toBe('2026-11-20');
    expect(bySymbol(report).IBM).toMatchObject({ status: 'updated', inserted: 2, lastBar: '2026-11-20' });
    expect(tiingo.requests.at(-1)!.query).toEqual({ startDate: '2026-11-12', endDate: '2026-11-20' });
    // On Thanksgiving and on the Sunday after, the last session before.
    expect((await sync(Date.UTC(2026, 10, 26, 23, 0))).session).toBe('2026-11-25');
    expect((await sync(Date.UTC(2026, 10, 29, 15, 0))).session).toBe('2026-11-27');
  });

  it('named symbols: demo data is replaced by real data and loses its flag; unknown names fail', async () => {
    await instrument('DEMO', [{ date: '2020-01-02', open: 1, high: 1, low: 1, close: 1, volume: 1 }], 1);
    const report = await sync(EVENING, ['DEMO', 'NOPE']);
    expect(bySymbol(report).DEMO).toMatchObject({
      status: 'updated',
      mode: 'replace',
      reason: 'demo data replaced by real data',
      removed: 1,
    });
    expect(bySymbol(report).NOPE).toMatchObject({
      status: 'failed',
      reason: 'not an instrument (import or add it first)',
    });
    expect((await stored('DEMO'))[0]!.date).toBe('2026-06-01');
    const flag = await database.db
      .selectFrom('instruments')
      .select('synthetic')
      .where('symbol', '=', 'DEMO')
      .executeTakeFirstOrThrow();
    expect(Number(flag.synthetic)).toBe(0);
  });

  it('never replaces a longer stored history with a shorter one (a plan limit): the next provider serves', async () => {
    const short = new FakeMarket('2026-11-23').add('IBM', { from: '2026-09-01' });
    await restartTiingo(short);
    // Stored from an import whose adjustment basis differs from both providers'.
    await instrument(
      'IBM',
      upTo(market.adjusted('IBM'), '2026-11-18').map((b) => ({ ...b, open: b.open * 1.1, close: b.close * 1.1 })),
    );
    const report = await sync();
    const ibm = bySymbol(report).IBM!;
    expect(ibm.failures.map((f) => f.message)).toEqual([
      "Tiingo IBM: history starts 2026-09-01, the store's on 2026-01-02: not replaced (plan limit?)",
    ]);
    expect(ibm).toMatchObject({ status: 'updated', provider: 'yahoo', mode: 'replace' });
    expect((await stored('IBM'))[0]!.date).toBe('2026-01-02');
  });
});
