/**
 * A backtest whose legs are on different calendars (analytics.md, "Asset classes and
 * calendars"): the equity dates are the union of the legs' trading days (every calendar day
 * with a crypto leg), a stock leg is flat over a weekend, and volatility, sharpe and sortino
 * use √A: 365 with a crypto leg, 260 with an fx or exchange leg, else 252. Worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { mean, sampleStdDev } from '../stats/descriptive.js';
import { seasonalBacktest, type BacktestLeg, type SeasonalBacktestOptions } from './backtest.js';
import { expectEquityAndTrades, type TradeRow } from '../testing/backtest-expectations.js';
import { closes } from './test-fixtures.js';

/** Every calendar day from Friday 2021-01-01 to Tuesday 01-12. */
const BTC = closes('BTC-USD', [
  ['2021-01-01', 100],
  ['2021-01-02', 100],
  ['2021-01-03', 110],
  ['2021-01-04', 105],
  ['2021-01-05', 120],
  ['2021-01-06', 125],
  ['2021-01-07', 90],
  ['2021-01-08', 95],
  ['2021-01-09', 97],
  ['2021-01-10', 99],
  ['2021-01-11', 101],
  ['2021-01-12', 102],
]);
/** Weekdays; no bar on the weekend 01-09/01-10 (nor on 01-01). */
const SPY = closes('SPY', [
  ['2020-12-31', 200],
  ['2021-01-04', 200],
  ['2021-01-05', 205],
  ['2021-01-06', 205],
  ['2021-01-07', 200],
  ['2021-01-08', 210],
  ['2021-01-11', 220],
  ['2021-01-12', 230],
]);
const MARKET = new Map([BTC, SPY].map((s) => [s.symbol, s]));

/** BTC-USD long from Saturday 01-02 to Tuesday 01-05; SPY long from Thursday 01-07 to Tuesday 01-12. */
const legs = (btc: Partial<BacktestLeg> = { calendar: 'crypto' }): BacktestLeg[] => [
  { symbol: 'BTC-USD', start: '01-02', end: '01-05', direction: 'long', currency: 'USD', ...btc },
  { symbol: 'SPY', start: '01-07', end: '01-12', direction: 'long' },
];
const run = (options: Partial<SeasonalBacktestOptions> = {}) =>
  seasonalBacktest((s) => MARKET.get(s), {
    legs: legs(),
    costBps: 0,
    benchmark: 'SPY',
    from: 2021,
    to: 2021,
    ...options,
  });

/**
 * Sleeves of 0.5 each. BTC: 0.5, 0.55, 0.525, 0.6 (exit, +20 %), then 0.6 in cash. SPY: 0.5 in
 * cash to 01-06, 0.5 at its entry on 01-07, 0.525 on Friday 01-08 and over the weekend (its
 * last close on or before), 0.55 on 01-11, 0.575 at its exit (+15 %).
 */
const DATES = [
  '2021-01-02',
  '2021-01-03',
  '2021-01-04',
  '2021-01-05',
  '2021-01-06',
  '2021-01-07',
  '2021-01-08',
  '2021-01-09',
  '2021-01-10',
  '2021-01-11',
  '2021-01-12',
];
const EQUITY = [1, 1.05, 1.025, 1.1, 1.1, 1.1, 1.125, 1.125, 1.125, 1.15, 1.175];
const TRADES: TradeRow[] = [
  ['BTC-USD', '2021-01-02', '2021-01-05', 0.2],
  ['SPY', '2021-01-07', '2021-01-12', 0.15],
];
/** SPY bought on 01-02 at its last close on or before (200, of 12-31). */
const BENCHMARK = [1, 1, 1, 1.025, 1.025, 1, 1.05, 1.05, 1.05, 1.1, 1.15];
const returnsOf = (values: number[]) => values.map((v, i) => v / (i === 0 ? 1 : values[i - 1]!) - 1);
const sortino = (r: number[], root: number) =>
  (mean(r) / Math.sqrt(r.reduce((s, x) => s + Math.min(0, x) ** 2, 0) / r.length)) * root;

describe('a backtest of BTC-USD and SPY', () => {
  it('runs on every calendar day, the stock leg flat over the weekend', () => {
    const result = run();
    expect(result.equity.map((p) => p.date)).toEqual(DATES);
    expectEquityAndTrades(result, EQUITY, TRADES, 14);
    expect(result.currencies).toEqual(['USD']);
  });

  it('annualizes by √365, the strategy and the benchmark alike', () => {
    const { metrics, benchmark } = run();
    const r = returnsOf(EQUITY);
    const root = Math.sqrt(365);
    expect(metrics.totalReturn).toBeCloseTo(0.175, 14);
    expect(metrics.cagr).toBeCloseTo(Math.pow(1.175, 365.25 / 10) - 1, 10);
    expect(metrics.maxDrawdown).toBeCloseTo(1.025 / 1.05 - 1, 14);
    expect(metrics.volatility).toBeCloseTo(sampleStdDev(r) * root, 12);
    expect(metrics.sharpe).toBeCloseTo((mean(r) / sampleStdDev(r)) * root, 12);
    expect(metrics.sortino).toBeCloseTo(sortino(r, root), 12);
    // 01-06 is the one day no sleeve is between an entry and its exit.
    expect(metrics.exposure).toBeCloseTo(10 / 11, 14);
    const b = returnsOf(BENCHMARK);
    expect(benchmark!.equity.map((p) => p.value)).toEqual(BENCHMARK.map((v) => expect.closeTo(v, 14)));
    expect(benchmark!.sharpe).toBeCloseTo((mean(b) / sampleStdDev(b)) * root, 12);
    expect([benchmark!.from, benchmark!.to, benchmark!.strategyOverSpan]).toEqual(['2021-01-02', '2021-01-12', null]);
  });

  it('annualizes by √260 with an fx or exchange leg, by √252 with nyse legs only, on the same curve', () => {
    const sharpe = (calendar?: BacktestLeg['calendar']) =>
      seasonalBacktest((s) => MARKET.get(s), {
        legs: legs(calendar ? { calendar } : {}),
        costBps: 0,
        benchmark: 'SPY',
        from: 2021,
      });
    const r = returnsOf(EQUITY);
    const plain = mean(r) / sampleStdDev(r);
    expect(sharpe('fx').metrics.sharpe).toBeCloseTo(plain * Math.sqrt(260), 12);
    expect(sharpe('exchange').metrics.volatility).toBeCloseTo(sampleStdDev(r) * Math.sqrt(260), 12);
    expect(sharpe('nyse').metrics.sharpe).toBeCloseTo(plain * Math.sqrt(252), 12);
    const none = sharpe();
    expect(none.metrics.sharpe).toBeCloseTo(plain * Math.sqrt(252), 12);
    const b = returnsOf(BENCHMARK);
    expect(none.benchmark!.sharpe).toBeCloseTo((mean(b) / sampleStdDev(b)) * Math.sqrt(252), 12);
  });

  it("over a later benchmark's span, the strategy's figures use √A too", () => {
    // A benchmark whose first close is on 01-05: the span is 01-05 … 01-12, E rebased to 1 there.
    const LATE = closes('LATE', [
      ['2021-01-05', 10],
      ['2021-01-12', 11],
    ]);
    const market = new Map([BTC, SPY, LATE].map((s) => [s.symbol, s]));
    const result = seasonalBacktest((s) => market.get(s), { legs: legs(), costBps: 0, benchmark: 'LATE', from: 2021 });
    const over = EQUITY.slice(3).map((v) => v / 1.1);
    const s = returnsOf(over);
    expect(result.benchmark!.from).toBe('2021-01-05');
    expect(result.benchmark!.strategyOverSpan!.sharpe).toBeCloseTo((mean(s) / sampleStdDev(s)) * Math.sqrt(365), 12);
  });

  it("lists each leg's currency once, in leg order; a bad calendar or currency names the leg", () => {
    const result = seasonalBacktest((s) => MARKET.get(s), {
      legs: [{ ...legs()[0]!, currency: 'EUR' }, legs()[1]!, { ...legs()[1]!, start: '01-04', end: '01-06' }],
      costBps: 0,
      benchmark: null,
    });
    expect(result.currencies).toEqual(['EUR', 'USD']);
    const bad = (leg: Partial<BacktestLeg>) => () =>
      seasonalBacktest((s) => MARKET.get(s), { legs: [legs()[1]!, { ...legs()[0]!, ...leg }], benchmark: null });
    expect(bad({ calendar: 'lunar' as 'nyse' })).toThrow(
      'legs[1]: calendar must be one of nyse, exchange, fx, crypto, got lunar',
    );
    expect(bad({ currency: 'dollars' })).toThrow('legs[1]: currency must be a 3-letter code, got dollars');
    // No trade: the currencies are still stated; no leg naming one: not stated (as before).
    expect(run({ from: 2030, to: 2030 }).currencies).toEqual(['USD']);
    const unnamed = seasonalBacktest((s) => MARKET.get(s), { legs: [legs()[1]!], benchmark: null });
    expect('currencies' in unnamed).toBe(false);
  });
});
