import { lastCompletedSession, previousTradingDay } from '@solstice/analytics';
import { scratchDatabase } from '../../../testing/scratch-database.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../../testing/fake-providers/index.js';
import { runBundledCli } from '../../../testing/server-bundle.js';
import { testDialects } from '../../../testing/test-databases.js';
import { insertBars } from '../../../testing/market-fixtures.js';
import { readBarRows } from '../bars/stored-series.js';

/**
 * Yahoo is paced at one request a second whatever the latency, so 20 symbols make a run of
 * about 20 s: long enough to kill it part-way, short enough for the suite.
 */
const SYMBOLS = Array.from({ length: 20 }, (_, i) => `KR${String(i).padStart(2, '0')}`);
/** Every other symbol was stored up to a week ago (its update appends); the rest have no bars (whole history). */
const hasHistory = (symbol: string) => SYMBOLS.indexOf(symbol) % 2 === 0;

interface Sync {
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  kill(): void;
}

/** The real `solstice sync` in a child process. */
function startSync(databaseUrl: string, baseUrl: string): Sync {
  const run = runBundledCli(['sync', '--provider', 'yahoo', '--base-url', baseUrl, '--json', '--db', databaseUrl]);
  return { exited: run.exited, kill: () => run.child.kill('SIGKILL') };
}

describe.each(testDialects())('kill -9 during an update, then run it again (%s)', (dialect) => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: DatabaseHandle;
  let market: FakeMarket;
  let yahoo: FakeYahoo;
  let session: string;
  let weekAgo: string;

  beforeEach(async () => {
    // The command runs on the real clock: the fake serves up to its last completed session.
    session = lastCompletedSession(Date.now());
    let from = session;
    for (let i = 0; i < 60; i++) from = previousTradingDay(from);
    weekAgo = session;
    for (let i = 0; i < 5; i++) weekAgo = previousTradingDay(weekAgo);
    market = new FakeMarket(session);
    for (const symbol of SYMBOLS)
      market.add(symbol, {
        from,
        dividends: hasHistory(symbol) ? [] : [{ date: previousTradingDay(weekAgo), cash: 0.5 }],
      });
    yahoo = await startFakeYahoo(market, { latencyMs: 150 });

    scratch = await scratchDatabase(dialect, 'kill');
    database = await openDatabase(scratch.url);
    await migrateToLatest(database);
    for (const symbol of SYMBOLS) {
      await database.db
        .insertInto('instruments')
        .values({ symbol, name: symbol, type: 'stock', currency: 'USD', synthetic: 0, updated_at: 0 } as never)
        .execute();
      if (hasHistory(symbol))
        await insertBars(
          database.db,
          market
            .adjusted(symbol)
            .filter((b) => b.date <= weekAgo)
            .map((b) => ({ symbol, ...b })),
        );
    }
  });
  afterEach(async () => {
    await database?.close();
    await yahoo?.close();
    await scratch?.drop();
  });

  /** Symbols whose bar of the session is stored: written whole by a run (each symbol is one transaction). */
  const current = async () => (await readBarRows(database.db)).filter((b) => b.date === session).map((b) => b.symbol);

  it('resumes: the finished symbols are not asked again, every symbol ends with exactly the provider’s bars', async () => {
    const first = startSync(scratch.url, yahoo.baseUrl);
    let done: string[] = [];
    const deadline = Date.now() + 60_000;
    while (done.length < SYMBOLS.length / 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      done = await current();
    }
    first.kill();
    const killed = await first.exited;
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    // What the killed run left: whole symbols, none half-written.
    done = await current();
    expect(done.length).toBeGreaterThanOrEqual(SYMBOLS.length / 3);
    expect(done.length).toBeLessThan(SYMBOLS.length);
    const askedBeforeKill = yahoo.requests.length;

    const second = await startSync(scratch.url, yahoo.baseUrl).exited;
    expect(second.code, second.stderr).toBe(0);
    const report = JSON.parse(second.stdout) as {
      session: string;
      updated: number;
      unchanged: number;
      failed: number;
      symbols: Array<{ symbol: string; status: string; mode: string | null; lastBar: string }>;
    };
    expect(report).toMatchObject({
      session,
      updated: SYMBOLS.length - done.length,
      unchanged: done.length,
      failed: 0,
    });
    for (const s of report.symbols) {
      expect(s.lastBar, s.symbol).toBe(session);
      expect(s.status, s.symbol).toBe(done.includes(s.symbol) ? 'unchanged' : 'updated');
      // A symbol stored before the run appends; one without bars, or whose history moved, is replaced whole.
      if (!done.includes(s.symbol)) expect(s.mode, s.symbol).toBe(hasHistory(s.symbol) ? 'append' : 'replace');
    }

    // The second run asked only for the symbols the first had not finished, each once.
    const askedAfter = yahoo.requests.slice(askedBeforeKill).map((r) => r.symbol);
    expect([...askedAfter].sort()).toEqual(SYMBOLS.filter((s) => !done.includes(s)));
    // An appending symbol is asked from its stored tail, never for its whole history.
    for (const r of yahoo.requests.slice(askedBeforeKill).filter((r) => hasHistory(r.symbol!)))
      expect(Number(r.query.period1) * 1000, r.symbol!).toBeGreaterThan(
        Date.parse(`${weekAgo}T00:00:00Z`) - 14 * 86_400_000,
      );

    // Every symbol holds exactly the provider's bars: no date missing or doubled, the values equal.
    for (const symbol of SYMBOLS) {
      const stored = await readBarRows(database.db, symbol);
      const expected = market.adjusted(symbol);
      expect(
        stored.map((b) => b.date),
        symbol,
      ).toEqual(expected.map((b) => b.date));
      stored.forEach((b, i) => {
        const e = expected[i]!;
        // Yahoo's adjclose has four decimals: its adjusted prices are the fake's within that.
        for (const k of ['open', 'high', 'low', 'close'] as const)
          expect(Math.abs(Number(b[k]) - e[k]), `${symbol} ${b.date} ${k}`).toBeLessThan(1e-4 * e[k] + 5e-5);
        expect(Number(b.volume), `${symbol} ${b.date} volume`).toBe(Math.round(e.volume));
      });
    }

    // The killed run is left as it was seen last; the second is recorded with every symbol.
    const runs = await database.db.selectFrom('data_updates').selectAll().orderBy('id').execute();
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ['cli', 'running'],
      ['cli', 'ok'],
    ]);
    expect(runs[0]!.finished_at).toBeNull();
    expect(runs[1]).toMatchObject({ session, updated: SYMBOLS.length - done.length, unchanged: done.length });
    const results = await database.db
      .selectFrom('data_update_symbols')
      .select(['update_id', 'symbol', 'status'])
      .execute();
    expect(results.every((r) => r.update_id === runs[1]!.id)).toBe(true);
    expect(results).toHaveLength(SYMBOLS.length);
  }, 120_000);
});
