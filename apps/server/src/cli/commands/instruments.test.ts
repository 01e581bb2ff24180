import { isoDate, lastSessionOf } from '@solstice/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCliDatabase } from '../../testing/cli-database.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../testing/fake-providers/index.js';
import { GOLD_ROLLS, withAssetClasses } from '../../testing/fake-providers/asset-classes.js';
import { instrumentRow, storedBars } from '../../testing/market-fixtures.js';
import type { CliError } from '../output.js';

/** The command line runs on the real clock: the stand-in serves up to today (UTC). */
const TODAY = isoDate(Math.floor(Date.now() / 86_400_000));
const NEW = ['BTC-USD', 'EURUSD=X', 'GC=F', '^VIX'];

describe('solstice instruments: crypto, currencies, futures and indexes from Yahoo (issue #46)', () => {
  let market: FakeMarket;
  let yahoo: FakeYahoo;
  const cli = useCliDatabase('instruments', 'all');
  const run = async (...args: string[]) => JSON.parse(await cli.run('--json', ...args));
  const yahooArgs = () => ['--provider', 'yahoo', '--base-url', yahoo.baseUrl];
  /** The seasonal pattern of 03-07 to 03-16 over 2023–2026. */
  const pattern = (symbol: string) =>
    run('seasonality', 'pattern', symbol, '--start', '03-07', '--end', '03-16', '--from', '2023', '--to', '2026');
  const stored = (symbol: string) => cli.withDb((db) => storedBars(db, symbol));

  beforeAll(async () => {
    market = withAssetClasses(new FakeMarket(TODAY).add('AAPL', { from: '2023-01-03' }), '2023-01-02');
    yahoo = await startFakeYahoo(market);
    await cli.withDb((db) =>
      db
        .insertInto('instruments')
        .values([instrumentRow('AAPL', { name: 'Apple Inc.' })])
        .execute(),
    );
  });
  afterAll(async () => {
    await yahoo.close();
  });

  let aaplBefore: { pattern: unknown; indicators: unknown };

  it('the US stock first: synced and measured before anything else is added', async () => {
    const report = await run('sync', ...yahooArgs(), '--symbols', 'AAPL');
    expect(report.symbols[0]).toMatchObject({ symbol: 'AAPL', status: 'updated', session: report.session });
    aaplBefore = {
      pattern: await pattern('AAPL'),
      indicators: await run('indicators', 'AAPL'),
    };
  });

  it('add: the class, currency, zone and calendar from Yahoo, stored without bars', async () => {
    const added = await run('instruments', 'add', ...NEW, ...yahooArgs());
    expect(added.failed).toEqual([]);
    expect(added.existing).toEqual([]);
    const fields = (i: Record<string, unknown>) => [
      i.symbol,
      i.assetClass,
      i.currency,
      i.timezone,
      i.calendar,
      i.hasVolume,
    ];
    expect(added.added.map(fields)).toEqual([
      ['BTC-USD', 'crypto', 'USD', 'UTC', 'crypto', true],
      ['EURUSD=X', 'fx', 'USD', 'Europe/London', 'fx', false],
      ['GC=F', 'future', 'USD', 'America/New_York', 'exchange', true],
      ['^VIX', 'index', 'USD', 'America/Chicago', 'exchange', false],
    ]);
    for (const i of added.added) expect(i).toMatchObject({ tracked: true, firstBar: null, lastBar: null });
    expect(added.added[2]).toMatchObject({ name: 'Gold', exchange: 'COMEX' });
    expect(await stored('BTC-USD')).toEqual([]);
    expect(process.exitCode).toBeUndefined();
    // one request of the last 31 days each, the symbols URL-encoded
    const paths = yahoo.requests.slice(-4).map((r) => r.path);
    expect(paths).toEqual([
      '/v8/finance/chart/BTC-USD',
      '/v8/finance/chart/EURUSD%3DX',
      '/v8/finance/chart/GC%3DF',
      '/v8/finance/chart/%5EVIX',
    ]);

    const again = await run('instruments', 'add', 'BTC-USD', ...yahooArgs());
    expect(again.added).toEqual([]);
    expect(again.existing.map((i: { symbol: string }) => i.symbol)).toEqual(['BTC-USD']);
  });

  it('add refuses an unknown symbol and a mutual fund by name, stores nothing, exits 1; only yahoo adds', async () => {
    const refused = await run('instruments', 'add', 'ZZZQX=F', 'VFIAX', ...yahooArgs());
    expect(refused).toEqual({
      added: [],
      existing: [],
      failed: [
        { symbol: 'ZZZQX=F', reason: 'ZZZQX=F: unknown symbol (Not Found: No data found, symbol may be delisted)' },
        { symbol: 'VFIAX', reason: 'VFIAX: unsupported instrument type MUTUALFUND' },
      ],
    });
    expect(process.exitCode).toBe(1);
    const list = await run('instruments', 'list');
    expect(list.instruments.map((i: { symbol: string }) => i.symbol)).toEqual(['AAPL', ...NEW]);
    const error = await cli.run('instruments', 'add', 'BTC-USD', '--provider', 'tiingo').catch((e: CliError) => e);
    expect(error).toMatchObject({ exitCode: 2 });
  });

  it('sync: each symbol up to its own session, every bar stored exactly as served, nothing invented', async () => {
    const report = await run('sync', ...yahooArgs(), '--symbols', NEW.join(','));
    expect(report.failed).toBe(0);
    const now = Date.now();
    const sessions = Object.fromEntries(
      report.symbols.map((s: { symbol: string; session: string }) => [s.symbol, s.session]),
    );
    // (the clock may pass a boundary between the run and here only at 03:00 UTC: not while this suite runs)
    expect(sessions).toEqual({
      'BTC-USD': lastSessionOf('crypto', 'UTC', now),
      'EURUSD=X': lastSessionOf('fx', 'Europe/London', now),
      'GC=F': lastSessionOf('exchange', 'America/New_York', now),
      '^VIX': lastSessionOf('exchange', 'America/Chicago', now),
    });
    for (const symbol of NEW) {
      const served = market.adjusted(symbol).filter((b) => b.date <= sessions[symbol]);
      expect(await stored(symbol), symbol).toEqual(served);
    }
    const btc = await stored('BTC-USD');
    expect(btc.filter((b) => [0, 6].includes(new Date(`${b.date}T00:00:00Z`).getUTCDay())).length).toBeGreaterThan(200);
    const eur = (await stored('EURUSD=X')).map((b) => b.date);
    for (const holiday of ['2025-04-18', '2025-07-04', '2025-11-27', '2024-03-29']) expect(eur).toContain(holiday);

    const list = await run('instruments', 'list', '--asset-class', 'fx,index');
    expect(list.instruments.map((i: { symbol: string; hasVolume: boolean }) => [i.symbol, i.hasVolume])).toEqual([
      ['EURUSD=X', false],
      ['^VIX', false],
    ]);
    expect(list.instruments[0].firstBar).toBe('2023-01-02');
  });

  it('show: the session, stale, and the roll gaps of a future ([] for the others)', async () => {
    const gold = await run('instruments', 'show', 'GC=F');
    expect(gold).toMatchObject({ symbol: 'GC=F', assetClass: 'future', stale: false });
    expect(gold.rollGaps.map((g: { date: string }) => g.date)).toEqual(GOLD_ROLLS.map((r) => r.date));
    gold.rollGaps.forEach((g: { gap: number }, i: number) => expect(g.gap).toBeCloseTo(GOLD_ROLLS[i]!.gap, 3));
    const btc = await run('instruments', 'show', 'btc-usd');
    expect(btc).toMatchObject({
      symbol: 'BTC-USD',
      session: lastSessionOf('crypto', 'UTC', Date.now()),
      stale: false,
      rollGaps: [],
    });
    const error = await cli.run('instruments', 'show', 'NOPE').catch((e: CliError) => e);
    expect(error).toMatchObject({ exitCode: 1, message: 'NOPE: not an instrument' });
  });

  it('indicators: no volume, no avgVolume20 or relVolume', async () => {
    const eur = await run('indicators', 'EURUSD=X');
    expect(eur).toMatchObject({ avgVolume20: null, relVolume: null });
    expect(eur.close).toBeGreaterThan(0);
    const btc = await run('indicators', 'BTC-USD');
    expect(btc.avgVolume20).toBeGreaterThan(0);
  });

  it('a BTC-USD pattern over a weekend: entry on Saturday S, exit on E, every day a trading day', async () => {
    const btc = await pattern('BTC-USD');
    const close = new Map(market.adjusted('BTC-USD').map((b) => [b.date, b.close]));
    const expected = [2023, 2024, 2025, 2026].map((y) => {
      const entry = close.get(`${y}-03-07`)!;
      const exit = close.get(`${y}-03-16`)!;
      return {
        entryDate: `${y}-03-07`,
        exitDate: `${y}-03-16`,
        entryClose: entry,
        exitClose: exit,
        // the days after entry up to and including exit (analytics.md): every one of them a bar
        tradingDays: 9,
        ret: exit / entry - 1,
      };
    });
    expect(
      btc.years.map((y: Record<string, unknown>) => ({
        entryDate: y.entryDate,
        exitDate: y.exitDate,
        entryClose: y.entryClose,
        exitClose: y.exitClose,
        tradingDays: y.tradingDays,
        ret: y.return,
      })),
    ).toEqual(expected.map((e) => ({ ...e, ret: expect.closeTo(e.ret, 12) })));
  });

  it('add asks YAHOO_BASE_URL without --base-url', async () => {
    process.env.YAHOO_BASE_URL = yahoo.baseUrl;
    const asked = yahoo.requests.length;
    const again = await run('instruments', 'add', 'GC=F');
    expect(again.existing.map((i: { symbol: string }) => i.symbol)).toEqual(['GC=F']);
    expect(yahoo.requests.length).toBe(asked + 1);
    delete process.env.YAHOO_BASE_URL;
  });

  it("the US stock's pattern and indicators are unchanged", async () => {
    const report = await run('sync', ...yahooArgs(), '--symbols', 'AAPL');
    expect(report.symbols[0].status).toBe('unchanged');
    expect(await pattern('AAPL')).toEqual(aaplBefore.pattern);
    expect(await run('indicators', 'AAPL')).toEqual(aaplBefore.indicators);
  });
});
