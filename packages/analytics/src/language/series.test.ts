import { describe, expect, it } from 'vitest';
import { parseOperand } from '../scanner/parser.js';
import { isoDate, seriesFromRows, type PriceSeries } from '../series.js';
import { expressionSeries, expressionValueAt, periodFunction, type SeriesContext } from './series.js';
import { timeframeBars } from './timeframes.js';
import { rankWithin } from '../scanner/evaluate.js';

const N = NaN;
const values = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));

/** Bars on the given dates with the given closes (open = high = low = close unless given). */
function bars(
  symbol: string,
  rows: ReadonlyArray<[string, number, Partial<{ open: number; high: number; low: number; volume: number }>?]>,
): PriceSeries {
  return seriesFromRows(
    symbol,
    rows.map(([date, close, o]) => ({
      date,
      open: o?.open ?? close,
      high: o?.high ?? close,
      low: o?.low ?? close,
      close,
      volume: o?.volume ?? 100,
    })),
  );
}

const series = (text: string, b: PriceSeries, context?: SeriesContext) =>
  values(expressionSeries(parseOperand(text), b, context));

describe('functions of a period (analytics.md, "Functions of a period")', () => {
  const src = Float64Array.from([1, 2, 3, N, 4, 5, 6, 7]);

  it('sma, sum, highest, lowest, stdev: null while fewer than n values lead up or one is null', () => {
    expect(values(periodFunction('sma', src, 2))).toEqual([null, 1.5, 2.5, null, null, 4.5, 5.5, 6.5]);
    expect(values(periodFunction('sum', src, 3))).toEqual([null, null, 6, null, null, null, 15, 18]);
    expect(values(periodFunction('highest', Float64Array.from([3, 1, 2, N, 5, 4]), 2))).toEqual([
      null,
      3,
      2,
      null,
      null,
      5,
    ]);
    expect(values(periodFunction('lowest', Float64Array.from([3, 1, 2, N, 5, 4]), 2))).toEqual([
      null,
      1,
      1,
      null,
      null,
      4,
    ]);
    // population sd of (2, 4, 4, 4, 5, 5, 7, 9) = 2
    expect(values(periodFunction('stdev', Float64Array.from([2, 4, 4, 4, 5, 5, 7, 9]), 8))).toEqual([
      ...Array(7).fill(null),
      2,
    ]);
  });

  it('roc and change against n bars before; roc null on a zero base', () => {
    const x = Float64Array.from([0, 2, 4, 5]);
    expect(values(periodFunction('roc', x, 1))).toEqual([null, null, 1, 0.25]);
    expect(values(periodFunction('change', x, 2))).toEqual([null, null, 4, 3]);
  });

  it('ema and rma: seeded with the mean of the first n, restarting after a run of nulls', () => {
    // α = 2/3: 1.5, 2/3·3 + 1/3·1.5 = 2.5 | 4.5, 2/3·6 + 1/3·4.5 = 5.5, 2/3·7 + 1/3·5.5 = 6.5
    const ema = values(periodFunction('ema', src, 2));
    expect(ema.map((v) => (v === null ? null : Math.round(v * 1e12) / 1e12))).toEqual([
      null,
      1.5,
      2.5,
      null,
      null,
      4.5,
      5.5,
      6.5,
    ]);
    // (1.5 + 3)/2 = 2.25 | 4.5, (4.5 + 6)/2 = 5.25, (5.25 + 7)/2 = 6.125
    expect(values(periodFunction('rma', src, 2))).toEqual([null, 1.5, 2.25, null, null, 4.5, 5.25, 6.125]);
  });

  it('rsi: first averages at the (n+1)-th value of each stretch, Wilder after', () => {
    // stretch 1: changes +1, −1 → 50; stretch 2: +2, −1 → gain 1, loss 0.5 → 66.67; then +2 →
    // gain (1 + 2)/2 = 1.5, loss 0.25 → 100 − 100/7
    const r = values(periodFunction('rsi', Float64Array.from([1, 2, 1, N, 1, 3, 2, 4]), 2));
    expect(r.slice(0, 6)).toEqual([null, null, 50, null, null, null]);
    expect(r[6]).toBeCloseTo(100 - 100 / 3, 12);
    expect(r[7]).toBeCloseTo(100 - 100 / 7, 12);
    // no loss: 100
    expect(values(periodFunction('rsi', Float64Array.from([1, 2, 3]), 2))).toEqual([null, null, 100]);
  });

  it('ema of an expression that starts late starts at its own n-th value (as macd signal)', () => {
    const b = bars('X', [
      ['2024-01-01', 1],
      ['2024-01-02', 2],
      ['2024-01-03', 4],
      ['2024-01-04', 8],
    ]);
    // change(close, 1): null, 1, 2, 4 → ema(·, 2): null, null, 1.5, 2/3·4 + 1/3·1.5
    const e = series('ema(change(close, 1), 2)', b);
    expect(e.slice(0, 3)).toEqual([null, null, 1.5]);
    expect(e[3]).toBeCloseTo((2 / 3) * 4 + 1.5 / 3, 12);
  });

  it('atr(n): TR with the close before, the first bar high − low, Wilder', () => {
    const b = bars('X', [
      ['2024-01-01', 10, { high: 11, low: 9 }],
      ['2024-01-02', 12, { high: 13, low: 11 }],
      ['2024-01-03', 9, { high: 12, low: 8 }],
    ]);
    // TR: 2, max(2, 3, 1) = 3, max(4, 0, 4) = 4 → atr(2): null, 2.5, (2.5 + 4)/2
    expect(series('atr(2)', b)).toEqual([null, 2.5, 3.25]);
  });
});

describe('offsets count bars', () => {
  const b = bars('X', [
    ['2024-01-05', 1, { open: 0.5 }],
    ['2024-01-08', 2, { open: 1 }],
    ['2024-01-09', 4, { open: 3 }],
    ['2024-01-10', 8, { open: 5 }],
  ]);
  it('x[k] is the value k bars before; x[j][k] = x[j+k]; of a calculation and a function', () => {
    expect(series('close[2]', b)).toEqual([null, null, 1, 2]);
    expect(series('close[1][1]', b)).toEqual(series('close[2]', b));
    expect(series('close[0]', b)).toEqual([1, 2, 4, 8]);
    expect(series('(close - open)[1]', b)).toEqual([null, 0.5, 1, 1]);
    expect(series('sma(close, 2)[1]', b)).toEqual([null, null, 1.5, 3]);
  });
});

describe('weekly and monthly bars (analytics.md, "Timeframes")', () => {
  // Thu 2024-12-26, Fri 12-27 | Mon 12-30, Tue 12-31, Thu 2025-01-02, Fri 01-03 | Mon 01-06
  const b = bars('X', [
    ['2024-12-26', 10, { high: 11, low: 9, volume: 1 }],
    ['2024-12-27', 12, { high: 13, low: 10, volume: 2 }],
    ['2024-12-30', 11, { open: 12, high: 14, low: 10, volume: 3 }],
    ['2024-12-31', 13, { high: 15, low: 12, volume: 4 }],
    ['2025-01-02', 9, { high: 13, low: 8, volume: 5 }],
    ['2025-01-03', 10, { high: 11, low: 9, volume: 6 }],
    ['2025-01-06', 14, { high: 14, low: 12, volume: 7 }],
  ]);

  it('a Monday–Sunday week across the year end is one bar; a calendar month splits it', () => {
    const w = timeframeBars(b, 'weekly');
    expect(Array.from(w.dates, isoDate)).toEqual(['2024-12-27', '2025-01-03', '2025-01-06']);
    expect([w.open[1], w.high[1], w.low[1], w.close[1], w.volume[1]]).toEqual([12, 15, 8, 10, 18]);
    const m = timeframeBars(b, 'monthly');
    expect(Array.from(m.dates, isoDate)).toEqual(['2024-12-31', '2025-01-06']);
    expect([m.open[0], m.high[0], m.low[0], m.close[0], m.volume[0]]).toEqual([10, 15, 9, 13, 10]);
  });

  it('the week in progress holds the sessions up to t', () => {
    // At Tue 12-31: this week so far 12-30, 12-31: high 15, volume 7; last week closed 12.
    expect(expressionValueAt(parseOperand('weekly(high)'), b, 3)).toBe(15);
    expect(expressionValueAt(parseOperand('weekly(volume)'), b, 3)).toBe(7);
    expect(expressionValueAt(parseOperand('weekly(close[1])'), b, 3)).toBe(12);
    expect(expressionValueAt(parseOperand('weekly(close)'), b, 3)).toBe(13);
    // sma of 2 weekly closes at Thu 01-02: (12 + 9)/2
    expect(expressionValueAt(parseOperand('weekly(sma(close, 2))'), b, 4)).toBe(10.5);
    // the daily series of weekly(close): each day the close so far
    expect(series('weekly(close)', b)).toEqual([10, 12, 11, 13, 9, 10, 14]);
    expect(series('weekly(close[1])', b)).toEqual([null, null, 12, 12, 12, 12, 10]);
  });

  it('the month in progress: monthly(close[1]) is last month’s last close', () => {
    expect(series('monthly(close[1])', b)).toEqual([null, null, null, null, 13, 13, 13]);
    expect(series('monthly(high)', b)).toEqual([11, 13, 14, 15, 13, 13, 14]);
  });

  it('expressionSeries with `at` is exact at those bars', () => {
    const partial = values(expressionSeries(parseOperand('weekly(close)'), b, undefined, [3]));
    expect(partial[3]).toBe(13);
  });
});

describe('rs(SYM, n) (analytics.md, "Relative strength")', () => {
  const own = bars('A', [
    ['2024-03-04', 100],
    ['2024-03-05', 110],
    ['2024-03-06', 121],
    ['2024-03-07', 132],
  ]);
  // The benchmark misses 03-06: its close of 03-05 stands for it.
  const bench = bars('B', [
    ['2024-03-01', 40],
    ['2024-03-04', 50],
    ['2024-03-05', 55],
    ['2024-03-07', 66],
  ]);
  const context: SeriesContext = { series: (s) => ({ a: own, b: bench })[s.toLowerCase()] };

  it('reads the benchmark’s last close on or before each of the symbol’s dates', () => {
    const r = series('rs(B, 1)', own, context);
    expect(r[0]).toBeNull();
    // (110/100) / (55/50) − 1 = 0; (121/110) / (55/55) − 1 = 0.1; (132/121) / (66/55) − 1
    expect(r[1]).toBeCloseTo(0, 12);
    expect(r[2]).toBeCloseTo(0.1, 12);
    expect(r[3]).toBeCloseTo(132 / 121 / (66 / 55) - 1, 12);
  });

  it('is null without a benchmark close on or before d(t−n); 0 against itself; null for an unknown symbol', () => {
    const early = bars('A', [
      ['2024-02-28', 90],
      ['2024-03-04', 100],
    ]);
    expect(series('rs(B, 1)', early, context)).toEqual([null, null]);
    expect(series('rs(A, 2)', own, context)).toEqual([null, null, 0, 0]);
    expect(series('rs(ZZZ, 1)', own, context)).toEqual([null, null, null, null]);
  });
});

describe('ytd', () => {
  it('is the close over the previous calendar year’s last close, null without one', () => {
    const b = bars('X', [
      ['2023-12-28', 80],
      ['2023-12-29', 100],
      ['2024-01-02', 110],
    ]);
    expect(series('ytd', b)).toEqual([null, null, 0.10000000000000009]);
  });
});

describe('rank (analytics.md, "Cross-sectional rank")', () => {
  it('ties share their average rank; the smallest 0, the largest 100; one peer 50; null left out', () => {
    expect(values(rankWithin(Float64Array.from([1, 2, 2, 3, N]), null))).toEqual([0, 50, 50, 100, null]);
    expect(values(rankWithin(Float64Array.from([5, 5, 5]), null))).toEqual([50, 50, 50]);
    // groups: 0 = {1, 3}, 1 = {7}, −1 = none
    expect(values(rankWithin(Float64Array.from([1, 7, 3, 4]), Int32Array.from([0, 1, 0, -1])))).toEqual([
      0,
      50,
      100,
      null,
    ]);
  });
});
