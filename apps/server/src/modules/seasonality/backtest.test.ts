import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonalBacktest } from '@solstice/analytics';
import { backtestResponseSchema, errorResponseSchema, type BacktestBody } from '@solstice/contracts';
import { CliError } from '../../cli/output.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { quietCliDuringSuite, runCli } from '../../testing/run-cli.js';
import { insertBars, instrumentRow, weekdayBars } from '../../testing/market-fixtures.js';

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const DAY = 86_400_000;

/** Weekday bars 2000-01-03 … 2010-12-31; `skip` leaves some weekdays out. */
const bars = (symbol: string, price: (d: number) => number, skip?: (weekday: number) => boolean) =>
  weekdayBars(symbol, [Date.UTC(2000, 0, 3) / DAY, Date.UTC(2010, 11, 31) / DAY], price, skip);

const instrument = (symbol: string) => instrumentRow(symbol, { synthetic: 1 });

/** The analytics' options as the server sends them: each leg on its instrument's calendar and currency. */
const asServed = <T extends { legs: readonly object[] }>(o: T): T => ({
  ...o,
  legs: o.legs.map((leg) => ({ ...leg, calendar: 'nyse', currency: 'USD' })),
});

const EXAMPLE = {
  legs: [
    { symbol: 'AAPL', start: '10-05', end: '11-01', direction: 'long' },
    { symbol: 'SPY', start: '11-01', end: '04-30', direction: 'long' },
  ],
} satisfies BacktestBody;
const EXAMPLE_ARGS = ['--leg', 'AAPL:10-05:11-01:long', '--leg', 'SPY:11-01:04-30:long'];

describe.each(testDialects())('seasonal backtest API and CLI on %s', (dialect) => {
  let t: TestApp;
  let subscriber: SignedIn;
  let member: SignedIn;
  quietCliDuringSuite();
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.db;
    await db.insertInto('instruments').values(['AAPL', 'SPY', 'GAPPY', 'LATE'].map(instrument)).execute();
    await insertBars(db, [
      ...bars('AAPL', (d) => 100 + 10 * Math.sin(d / 9) + (d % 7)),
      ...bars('SPY', (d) => 100 + 0.02 * (d - 10_957) + 5 * Math.sin(d / 20)),
      // No bar on Wednesdays: on those days its legs hold the close of Tuesday.
      ...bars(
        'GAPPY',
        (d) => 50 + 8 * Math.cos(d / 13),
        (weekday) => weekday === 3,
      ),
      // A benchmark that starts trading on 2005-02-25, years after the strategy's first trade.
      ...weekdayBars('LATE', [Date.UTC(2005, 1, 25) / DAY, Date.UTC(2010, 11, 31) / DAY], (d) => 80 + 0.01 * (d % 400)),
    ]);
    await t.services.market.reload();
    subscriber = await signedInUser(t, { subscriber: true });
    member = await signedInUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: unknown, who: SignedIn = subscriber) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/seasonality/backtest',
      headers: who.headers,
      payload: body as object,
    });
  const lookup = (symbol: string) => t.services.market.series(symbol);

  it('answers the backtest as the analytics compute it (5 bps, benchmark SPY by default)', async () => {
    const res = await post(EXAMPLE);
    expect(res.statusCode).toBe(200);
    const body = backtestResponseSchema.parse(res.json());
    expect(body).toEqual(json(seasonalBacktest(lookup, asServed({ ...EXAMPLE, costBps: 5, benchmark: 'SPY' }))));
    expect(body.trades).toHaveLength(body.metrics.trades);
    // 2000–2010: AAPL's window in 11 years, SPY's in 10 (the one of 2010 ends in 2011).
    expect(body.metrics.trades).toBe(21);
    expect(body.benchmark?.symbol).toBe('SPY');
    expect(body.metrics.totalReturn).toBeCloseTo(body.equity[body.equity.length - 1]!.value - 1, 15);
    // The benchmark's curve on the same dates: B = SPY's close / its close on the first date.
    const benchmark = body.benchmark!;
    expect(benchmark.equity.map((p) => p.date)).toEqual(body.equity.map((p) => p.date));
    const spy = lookup('SPY')!;
    const closeOn = (iso: string) => spy.close[spy.dates.indexOf(Date.parse(iso) / DAY)]!;
    const p0 = closeOn(body.equity[0]!.date);
    expect(benchmark.equity[0]!.value).toBe(1);
    for (const p of benchmark.equity.filter((_, j) => j % 97 === 0)) expect(p.value).toBe(closeOn(p.date) / p0);
    expect(benchmark.totalReturn).toBe(benchmark.equity[benchmark.equity.length - 1]!.value - 1);

    const options = {
      legs: [
        { symbol: 'GAPPY', start: '03-01', end: '03-20', direction: 'short' as const },
        { symbol: 'AAPL', start: '03-10', end: '04-10', direction: 'long' as const },
      ],
      from: 2002,
      to: 2009,
      parity: 'odd' as const,
      exclude: [2005],
      costBps: 10,
      benchmark: 'GAPPY',
    };
    const other = backtestResponseSchema.parse((await post(options)).json());
    expect(other).toEqual(json(seasonalBacktest(lookup, asServed(options))));
    expect(other.currencies).toEqual(['USD']);
    expect(other.trades.map((t) => t.year)).toEqual([2003, 2003, 2007, 2007, 2009, 2009]);
    // GAPPY has no bar on Wednesdays, AAPL has: those dates hold Tuesday's close.
    expect(other.benchmark!.equity.map((p) => p.date)).toEqual(other.equity.map((p) => p.date));
    const wednesday = other.benchmark!.equity.findIndex((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 3);
    expect(wednesday).toBeGreaterThan(0);
    expect(other.benchmark!.equity[wednesday]!.value).toBe(other.benchmark!.equity[wednesday - 1]!.value);
  });

  it('holds a benchmark that starts later over its own span, with the strategy over that span (API and CLI)', async () => {
    const body = { ...EXAMPLE, benchmark: 'LATE' };
    const api = backtestResponseSchema.parse((await post(body)).json());
    expect(api).toEqual(json(seasonalBacktest(lookup, asServed({ ...body, costBps: 5 }))));
    const b = api.benchmark!;
    expect(api.equity[0]!.date < '2005-02-25').toBe(true);
    // its curve starts at its first close, at 1: no flat line from 2000
    expect([b.from, b.equity[0]]).toEqual(['2005-02-25', { date: '2005-02-25', value: 1 }]);
    expect(b.to).toBe(api.equity[api.equity.length - 1]!.date);
    expect(b.equity.map((p) => p.date)).toEqual(api.equity.filter((p) => p.date >= '2005-02-25').map((p) => p.date));
    // the strategy over the same span: its equity rebased on 2005-02-25
    const start = api.equity.find((p) => p.date === '2005-02-25')!.value;
    const over = b.strategyOverSpan!;
    expect(over.totalReturn).toBeCloseTo(api.equity[api.equity.length - 1]!.value / start - 1, 14);
    const days = (Date.parse(b.to!) - Date.parse(b.from!)) / DAY;
    expect(over.cagr).toBeCloseTo((1 + over.totalReturn!) ** (365.25 / days) - 1, 14);
    expect(over.totalReturn).not.toBeCloseTo(api.metrics.totalReturn!, 3);
    // SPY trades from the first equity date: no strategy over a span of its own
    expect((await post(EXAMPLE)).json().benchmark.strategyOverSpan).toBeNull();

    // the command line on one dialect, as the other CLI test of this file
    if (dialect !== 'sqlite') return;
    const args = ['seasonality', 'backtest', ...EXAMPLE_ARGS, '--benchmark', 'LATE'];
    expect(JSON.parse(await runCli(t.database.url, '--json', ...args))).toEqual(json(api));
    const text = await runCli(t.database.url, ...args);
    expect(text).toContain(`benchmark LATE over its own span 2005-02-25 → ${b.to}`);
    expect(text).toMatch(new RegExp(`total return\\s+\\S+\\s+${(over.totalReturn! * 100).toFixed(2)}%`));
  });

  it('is for subscribers, and a bad leg is a 400 naming it', async () => {
    expect((await post(EXAMPLE, member)).statusCode).toBe(403);
    const leg = (symbol: string, start = '01-05', end = '02-01') => ({ symbol, start, end });
    for (const [body, message, path] of [
      [{ legs: [leg('AAPL'), leg('SPY'), leg('ZZZZ')] }, 'legs[2]: unknown symbol ZZZZ', 'body.legs.2.symbol'],
      [
        { legs: [leg('AAPL'), leg('SPY', '02-30')] },
        'legs[1].start: expected a real month-day (MM-DD)',
        'body.legs.1.start',
      ],
      [{ legs: Array.from({ length: 21 }, () => leg('AAPL')) }, 'legs: expected at most 20 legs', 'body.legs'],
      [{ legs: [leg('AAPL')], benchmark: 'NOPE' }, 'benchmark: unknown symbol NOPE', 'body.benchmark'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, message).toBe(400);
      const error = errorResponseSchema.parse(res.json()).error;
      expect(error.message).toBe(message);
      expect((error.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([path]);
    }
  });

  // The command line opens a database by its URL, and a PostgreSQL test database is a schema of
  // the shared one that a URL cannot name: the CLI is checked once, on the SQLite file.
  if (dialect === 'sqlite')
    it('the CLI answers the same numbers, and names a bad leg', async () => {
      const cli = async (...args: string[]) => JSON.parse(await runCli(t.database.url, '--json', ...args)) as unknown;
      const api = (await post(EXAMPLE)).json();
      expect(await cli('seasonality', 'backtest', ...EXAMPLE_ARGS)).toEqual(api);
      const options = {
        legs: [
          { symbol: 'GAPPY', start: '03-01', end: '03-20', direction: 'short' },
          { symbol: 'AAPL', start: '03-10', end: '04-10', direction: 'long' },
        ],
        from: 2002,
        to: 2009,
        cycle: ['pre-election', 'post-election'],
        exclude: [2005],
        costBps: 2.5,
        benchmark: 'GAPPY',
      };
      expect(
        await cli(
          ...['seasonality', 'backtest', '--leg', 'GAPPY:03-01:03-20:short', '--leg', 'AAPL:03-10:04-10'],
          ...['--from', '2002', '--to', '2009', '--cycle', 'pre-election,post-election', '--exclude', '2005'],
          ...['--cost-bps', '2.5', '--benchmark', 'GAPPY'],
        ),
      ).toEqual((await post(options)).json());

      const text = await runCli(t.database.url, 'seasonality', 'backtest', ...EXAMPLE_ARGS);
      const totalReturn = (api as { metrics: { totalReturn: number } }).metrics.totalReturn;
      expect(text).toContain('Seasonal backtest of 2 legs, cost 5 bps per side: AAPL long 10-05 → 11-01');
      expect(text).toMatch(new RegExp(`total return\\s+${(totalReturn * 100).toFixed(2)}%`));
      expect(text).toContain('benchmark SPY');

      const fails = (...args: string[]) => runCli(t.database.url, 'seasonality', 'backtest', ...args);
      await expect(fails(...EXAMPLE_ARGS, '--leg', 'ZZZZ:01-05:02-01:long')).rejects.toThrow(
        new CliError('legs[2]: unknown symbol ZZZZ', 2),
      );
      await expect(fails('--leg', 'AAPL:10-05:11-01:long', '--leg', 'SPY:13-01:04-30:long')).rejects.toThrow(
        'legs[1].start: expected a real month-day (MM-DD) (--leg SPY:13-01:04-30:long)',
      );
      await expect(fails('--leg', 'AAPL-10-05-11-01')).rejects.toThrow(
        '--leg AAPL-10-05-11-01: expected SYMBOL:MM-DD:MM-DD[:long|short]',
      );
      await expect(fails()).rejects.toThrow('--leg: expected at least one leg');
      await expect(fails(...EXAMPLE_ARGS, '--cost-bps', 'x')).rejects.toThrow('--cost-bps: expected a number');
    });
});
