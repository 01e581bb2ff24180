import { describe, expect, it } from 'vitest';
import { dayNumber, isoDate } from '../series.js';
import { mean, sampleStdDev } from '../stats/descriptive.js';
import { isoDay, unionOfDates } from './backtest-dates.js';
import { seasonalBacktest, type BacktestLeg, type SeasonalBacktestOptions } from './backtest.js';
import { expectEquityAndTrades } from '../testing/backtest-expectations.js';
import { closes, everyDay, nullsFor } from './test-fixtures.js';

/** The week 2021-01-04 … 01-08, every day a session of A, B and C. */
const WEEK = ['2021-01-04', '2021-01-05', '2021-01-06', '2021-01-07', '2021-01-08'];
const week = (symbol: string, values: readonly number[]) =>
  closes(
    symbol,
    WEEK.map((date, i) => [date, values[i]!]),
  );
const A = week('A', [10, 10, 11, 12, 12]);
const B = week('B', [20, 20, 20, 25, 30]);
/** Misses 2021-01-06, a day C trades. */
const GAP = closes('GAP', [
  ['2021-01-04', 10],
  ['2021-01-05', 11],
  ['2021-01-07', 13],
  ['2021-01-08', 12],
]);
const C = week('C', [50, 50, 40, 45, 45]);
/** A benchmark whose first close (2021-01-06) comes after the first equity date. */
const LATE = closes('LATE', [
  ['2021-01-06', 100],
  ['2021-01-07', 110],
  ['2021-01-08', 99],
]);
/** A benchmark with a close before the first equity date and none on some equity dates. */
const EARLY = closes('EARLY', [
  ['2021-01-01', 200],
  ['2021-01-05', 210],
  ['2021-01-08', 220],
]);
const MARKET = new Map([A, B, GAP, C, LATE, EARLY].map((s) => [s.symbol, s]));
const lookup = (symbol: string) => MARKET.get(symbol);
const leg = (symbol: string, start: string, end: string, direction: BacktestLeg['direction'] = 'long') => ({
  symbol,
  start,
  end,
  direction,
});
const run = (options: Partial<SeasonalBacktestOptions> & Pick<SeasonalBacktestOptions, 'legs'>) =>
  seasonalBacktest(lookup, { costBps: 0, benchmark: null, ...options });
const ROOT_252 = Math.sqrt(252);
/** Daily returns of a curve, with 1 before the first date. */
const returnsOf = (values: number[]) => values.map((v, i) => v / (i === 0 ? 1 : values[i - 1]!) - 1);

describe('seasonal backtest (analytics.md, "Seasonal backtest")', () => {
  it('overlapping legs: each sleeve holds 1/N and compounds its own trade; equity is their sum', () => {
    const result = run({ legs: [leg('A', '01-05', '01-07'), leg('B', '01-06', '01-08')] });
    expect(result.trades).toEqual([
      {
        ...leg('A', '01-05', '01-07'),
        year: 2021,
        entryDate: '2021-01-05',
        exitDate: '2021-01-07',
        return: expect.closeTo(0.2, 15),
      },
      {
        ...leg('B', '01-06', '01-08'),
        year: 2021,
        entryDate: '2021-01-06',
        exitDate: '2021-01-08',
        return: expect.closeTo(0.5, 15),
      },
    ]);
    // A: 0.5, 0.55, 0.6 (exit), 0.6 cash; B: 0.5 cash, 0.5 (entry), 0.625, 0.75 (exit).
    const values = [1, 1.05, 1.225, 1.35];
    expect(result.equity.map((e) => e.date)).toEqual(['2021-01-05', '2021-01-06', '2021-01-07', '2021-01-08']);
    result.equity.forEach((e, i) => expect(e.value).toBeCloseTo(values[i]!, 15));
    const r = returnsOf(values);
    const m = result.metrics;
    expect(m.totalReturn).toBeCloseTo(0.35, 15);
    expect(m.cagr! / (Math.pow(1.35, 365.25 / 3) - 1)).toBeCloseTo(1, 12);
    expect(m.maxDrawdown).toBe(0);
    expect(m.volatility).toBeCloseTo(sampleStdDev(r) * ROOT_252, 14);
    expect(m.sharpe).toBeCloseTo((mean(r) / sampleStdDev(r)) * ROOT_252, 13);
    expect(m.sortino).toBeNull(); // no daily return below 0
    expect(m).toMatchObject({ exposure: 1, trades: 2, tradeWinRate: 1 });
    expect(m.avgTrade).toBeCloseTo(0.35, 15);
    expect(result.benchmark).toBeNull();
  });

  it('a short leg with costs: V(1 − c)(1 − (P_t/P_entry − 1)), × (1 − c) at the exit', () => {
    const result = run({ legs: [leg('A', '01-05', '01-07', 'short')], costBps: 10 });
    // c = 0.001: 0.999 at the entry, 0.999 × 0.9 at 11, 0.999 × 0.8 × 0.999 at the exit (12).
    const values = [0.999, 0.8991, 0.7984008];
    result.equity.forEach((e, i) => expect(e.value).toBeCloseTo(values[i]!, 15));
    expect(result.trades).toHaveLength(1);
    expect(result.trades[0]!.return).toBeCloseTo(-0.2015992, 15);
    const r = [-0.001, -0.1, -0.112];
    returnsOf(values).forEach((x, i) => expect(x).toBeCloseTo(r[i]!, 14));
    const m = result.metrics;
    expect(m.totalReturn).toBeCloseTo(-0.2015992, 15);
    expect(m.maxDrawdown).toBeCloseTo(-0.2015992, 15);
    expect(m.cagr).toBeCloseTo(Math.pow(0.7984008, 365.25 / 2) - 1, 15);
    const downside = Math.sqrt((0.001 ** 2 + 0.1 ** 2 + 0.112 ** 2) / 3);
    expect(m.sortino).toBeCloseTo((mean(r) / downside) * ROOT_252, 12);
    expect(m.sharpe).toBeCloseTo((mean(r) / sampleStdDev(r)) * ROOT_252, 12);
    expect(m).toMatchObject({ exposure: 1, trades: 1, tradeWinRate: 0 });
    expect(m.avgTrade).toBeCloseTo(-0.2015992, 15);
    // The same leg long, with the same costs: 0.999 × 1.2 × 0.999.
    const long = run({ legs: [leg('A', '01-05', '01-07')], costBps: 10 });
    expect(long.trades[0]!.return).toBeCloseTo(0.999 * 1.2 * 0.999 - 1, 15);
    // Default cost: 5 bps per side.
    expect(seasonalBacktest(lookup, { legs: [leg('A', '01-05', '01-07')], benchmark: null }).trades[0]!.return).toBe(
      0.9995 * (1 + (12 / 10 - 1)) * 0.9995 - 1,
    );
  });

  it('a leg whose symbol misses a day the other trades holds its last close on that day', () => {
    const result = run({ legs: [leg('GAP', '01-04', '01-08'), leg('C', '01-05', '01-06', 'short')] });
    // GAP: 0.5, 0.55, 0.55 (no bar on 01-06: the close of 01-05), 0.65, 0.6 (exit);
    // C short: 0.5 cash, 0.5, 0.6 (exit at 40), 0.6, 0.6.
    expect(result.equity.map((e) => e.date)).toEqual([
      '2021-01-04',
      '2021-01-05',
      '2021-01-06',
      '2021-01-07',
      '2021-01-08',
    ]);
    const values = [1, 1.05, 1.15, 1.25, 1.2];
    expectEquityAndTrades(
      result,
      values,
      [
        ['GAP', '2021-01-04', '2021-01-08', 0.2],
        ['C', '2021-01-05', '2021-01-06', 0.2],
      ],
      15,
    );
    expect(result.metrics.maxDrawdown).toBeCloseTo(1.2 / 1.25 - 1, 15);
    expect(result.metrics.sortino).toBeCloseTo(
      (mean(returnsOf(values)) / Math.sqrt((1.2 / 1.25 - 1) ** 2 / 5)) * ROOT_252,
      12,
    );
  });

  it('holds the benchmark over its own span, with the strategy over the same span when it starts later', () => {
    const legs = [leg('GAP', '01-04', '01-08'), leg('C', '01-05', '01-06', 'short')];
    const lateRun = run({ legs, benchmark: 'LATE' });
    // E (sleeves of 0.5: GAP long 10 → 11, 11, 13, 12; C short 50 → 40 then cash):
    // 1, 1.05, 1.15, 1.25, 1.2 on 01-04 … 01-08.
    expect(lateRun.equity.map((p) => p.value)).toEqual([1, 1.05, 1.15, 1.25, 1.2]);
    const late = lateRun.benchmark!;
    // LATE's first close is on 01-06: the span is 01-06 … 01-08, B = 1, 1.1, 0.99 (no flat 1 before).
    expect(late.from).toBe('2021-01-06');
    expect(late.to).toBe('2021-01-08');
    expect(late.equity).toEqual([
      { date: '2021-01-06', value: 1 },
      { date: '2021-01-07', value: 1.1 },
      { date: '2021-01-08', value: 0.99 },
    ]);
    const r = [0, 0.1, 0.99 / 1.1 - 1];
    expect(late.symbol).toBe('LATE');
    expect(late.totalReturn).toBeCloseTo(-0.01, 15);
    expect(late.cagr).toBeCloseTo(Math.pow(0.99, 365.25 / 2) - 1, 14);
    expect(late.maxDrawdown).toBeCloseTo(0.99 / 1.1 - 1, 15);
    expect(late.sharpe).toBeCloseTo((mean(r) / sampleStdDev(r)) * ROOT_252, 12);
    // The strategy over the same span: E / 1.15 = 1, 1.25 / 1.15, 1.2 / 1.15.
    const s = [0, 1.25 / 1.15 - 1, 1.2 / 1.25 - 1];
    const over = late.strategyOverSpan!;
    expect(over.totalReturn).toBeCloseTo(1.2 / 1.15 - 1, 14);
    expect(over.cagr).toBeCloseTo(Math.pow(1.2 / 1.15, 365.25 / 2) - 1, 12);
    expect(over.maxDrawdown).toBeCloseTo(1.2 / 1.25 - 1, 14);
    expect(over.sharpe).toBeCloseTo((mean(s) / sampleStdDev(s)) * ROOT_252, 12);
    expect(Object.keys(late)).toEqual([
      'symbol',
      'totalReturn',
      'cagr',
      'maxDrawdown',
      'sharpe',
      'from',
      'to',
      'equity',
      'strategyOverSpan',
    ]);
    // EARLY: a close before the first equity date, so the span is the whole run (no
    // strategyOverSpan); P0 = 200 (01-01); 1, 1.05, 1.05, 1.05, 1.1 (no bar on 01-06 or 01-07).
    const early = run({ legs, benchmark: 'EARLY' }).benchmark!;
    expect(early.equity.map((p) => p.value)).toEqual([1, 1.05, 1.05, 1.05, 1.1]);
    expect(early.equity.map((p) => p.date)).toEqual(lateRun.equity.map((p) => p.date));
    expect([early.from, early.to, early.strategyOverSpan]).toEqual(['2021-01-04', '2021-01-08', null]);
    const e = [0, 0.05, 0, 0, 1.1 / 1.05 - 1];
    expect(early.totalReturn).toBeCloseTo(0.1, 15);
    expect(early.maxDrawdown).toBe(0);
    expect(early.sharpe).toBeCloseTo((mean(e) / sampleStdDev(e)) * ROOT_252, 12);
    // A benchmark of one day in the span: flat, sharpe and cagr as for one date.
    const flat = run({ legs: [leg('A', '01-05', '01-06')], benchmark: 'LATE' }).benchmark!;
    expect(flat).toEqual({
      symbol: 'LATE',
      totalReturn: 0,
      cagr: null,
      maxDrawdown: 0,
      sharpe: null,
      from: '2021-01-06',
      to: '2021-01-06',
      equity: [{ date: '2021-01-06', value: 1 }],
      strategyOverSpan: { totalReturn: 0, cagr: null, maxDrawdown: 0, sharpe: null },
    });
  });

  it("compares a strategy from 1984 with SPY from 2005-02-25 over SPY's years only", () => {
    // OLD gains 10 % in every 03-01 … 03-10 window (100, then 110 on 03-10); SPY trades from
    // 2005-02-25 at 100, and at 121 from 2008-01-01.
    const old = everyDay('OLD', '1984-01-01', '2010-12-31', (d) => (d.slice(5) === '03-10' ? 110 : 100));
    const spy = everyDay('SPY', '2005-02-25', '2010-12-31', (d) => (d < '2008-01-01' ? 100 : 121));
    const market = (s: string) => (s === 'OLD' ? old : s === 'SPY' ? spy : undefined);
    const result = seasonalBacktest(market, { legs: [leg('OLD', '03-01', '03-10')], costBps: 0 });
    expect(result.trades).toHaveLength(27);
    expect(result.metrics.totalReturn).toBeCloseTo(1.1 ** 27 - 1, 10);
    const b = result.benchmark!;
    expect([b.symbol, b.from, b.to]).toEqual(['SPY', '2005-02-25', '2010-03-10']);
    // the curve starts at SPY's first close, at 1, and never before it
    expect(b.equity[0]).toEqual({ date: '2005-02-25', value: 1 });
    expect(b.equity).toHaveLength(dayNumber('2010-03-10') - dayNumber('2005-02-25') + 1);
    const days = dayNumber('2010-03-10') - dayNumber('2005-02-25');
    expect(b.totalReturn).toBeCloseTo(0.21, 14);
    expect(b.cagr).toBeCloseTo(1.21 ** (365.25 / days) - 1, 14);
    expect(b.maxDrawdown).toBe(0);
    // the strategy over the same span: the six trades of 2005 … 2010, rebased on 2005-02-25
    const over = b.strategyOverSpan!;
    expect(over.totalReturn).toBeCloseTo(1.1 ** 6 - 1, 12);
    expect(over.cagr).toBeCloseTo(1.1 ** (6 * (365.25 / days)) - 1, 12);
    expect(over.maxDrawdown).toBe(0);
    // over its own 26 years the strategy's CAGR is lower than over SPY's five: the old answer
    // (SPY held at 1 from 1984) would have set SPY's 21 % against 27 trades
    expect(result.metrics.cagr!).toBeLessThan(over.cagr!);
  });

  it('uses the year set, leaves cash days out of the exposure, skips a trade that enters at the last exit', () => {
    const daily = everyDay('D', '2015-01-01', '2024-12-31', (d) => (d.slice(5) === '03-10' ? 110 : 100));
    const market = (s: string) => (s === 'D' ? daily : undefined);
    const result = seasonalBacktest(market, {
      legs: [leg('D', '03-01', '03-10')],
      from: 2015,
      to: 2022,
      parity: 'odd',
      exclude: [2019],
      costBps: 0,
      benchmark: null,
    });
    expect(result.trades.map((t) => t.year)).toEqual([2015, 2017, 2021]);
    expect(result.trades.every((t) => Math.abs(t.return - 0.1) < 1e-15)).toBe(true);
    const span = dayNumber('2021-03-10') - dayNumber('2015-03-01') + 1;
    expect(result.equity).toHaveLength(span);
    expect(result.metrics.exposure).toBe(30 / span);
    expect(result.metrics.totalReturn).toBeCloseTo(1.1 ** 3 - 1, 14);
    expect(
      seasonalBacktest(market, { legs: [leg('D', '03-01', '03-10')], cycle: ['midterm'], benchmark: null }).trades.map(
        (t) => t.year,
      ),
    ).toEqual([2018, 2022]);
    // 02-29 → 02-28: 2021's trade exits on 2022-02-28, where 2022's would enter: skipped.
    // 2023 enters on 2023-02-28, after the exit of the trade the leg held (2021's).
    const leap = seasonalBacktest(market, {
      legs: [leg('D', '02-29', '02-28')],
      costBps: 0,
      benchmark: null,
      from: 2021,
    });
    expect(leap.trades.map((t) => [t.year, t.entryDate, t.exitDate])).toEqual([
      [2021, '2021-02-28', '2022-02-28'],
      [2023, '2023-02-28', '2024-02-28'],
    ]);
  });

  it('answers no equity and null figures when no year counts; names the leg at fault', () => {
    const none = seasonalBacktest(lookup, { legs: [leg('A', '06-01', '06-10')], benchmark: 'LATE' });
    expect(none).toEqual({
      equity: [],
      trades: [],
      metrics: {
        ...nullsFor(['totalReturn', 'cagr', 'maxDrawdown', 'volatility', 'sharpe', 'sortino', 'exposure']),
        ...nullsFor(['tradeWinRate', 'avgTrade']),
        trades: 0,
      },
      benchmark: {
        symbol: 'LATE',
        ...nullsFor(['totalReturn', 'cagr', 'maxDrawdown', 'sharpe', 'from', 'to', 'strategyOverSpan']),
        equity: [],
      },
    });
    const legs = [leg('A', '01-05', '01-07'), leg('B', '01-05', '01-07'), leg('ZZZZ', '01-05', '01-07')];
    expect(() => seasonalBacktest(lookup, { legs })).toThrow('legs[2]: unknown symbol ZZZZ');
    expect(() => run({ legs: [leg('A', '01-05', '01-07'), leg('B', '13-01', '01-07')] })).toThrow(
      'legs[1]: not a month-day MM-DD: 13-01',
    );
    expect(() => run({ legs: Array.from({ length: 21 }, () => leg('A', '01-05', '01-07')) })).toThrow(
      'legs: expected 1 to 20 legs, got 21',
    );
    expect(() => run({ legs: [] })).toThrow('legs: expected 1 to 20 legs, got 0');
    expect(() => run({ legs: [leg('A', '01-05', '01-07')], benchmark: 'NOPE' })).toThrow(
      'benchmark: unknown symbol NOPE',
    );
    expect(() => run({ legs: [leg('A', '01-05', '01-07')], costBps: -1 })).toThrow(/costBps/);
  });

  it('formats day numbers as isoDate does, and unites trading days', () => {
    for (let d = dayNumber('1899-12-25'); d <= dayNumber('2101-01-05'); d += 1) expect(isoDay(d)).toBe(isoDate(d));
    expect(isoDay(-1)).toBe('1969-12-31');
    const days = unionOfDates([GAP, C, EARLY], dayNumber('2021-01-05'), dayNumber('2021-01-07'));
    expect(Array.from(days, isoDate)).toEqual(['2021-01-05', '2021-01-06', '2021-01-07']);
  });
});
