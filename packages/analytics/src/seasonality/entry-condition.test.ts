import { describe, expect, it } from 'vitest';
import { seriesFromRows } from '../series.js';
import { ScanExpressionError } from '../scanner/errors.js';
import { binomialUpperTail } from '../stats/binomial.js';
import { parseEntryCondition, readsBeyondCloses } from './entry-condition.js';
import { seasonalPattern } from './pattern.js';
import { baseRate } from './window-table.js';
import { closes } from './test-fixtures.js';
import { sharedDailySeries, sharedDataPresent } from '../testing/shared-market-data.js';

describe('seasonal condition: parsing', () => {
  it('rejects the seasonal fields and rank() at their position', () => {
    const season = (() => {
      try {
        parseEntryCondition('close > 1 and season20.winRate > 0.5');
      } catch (e) {
        return e as ScanExpressionError;
      }
    })();
    expect(season).toBeInstanceOf(ScanExpressionError);
    expect(season!.position).toBe(15);
    expect(season!.code).toBe('not_in_season_condition');
    expect(season!.message).toMatch(/at position 15$/);
    expect(() => parseEntryCondition('rank(change1d) > 0.5')).toThrow(/rank\(\) cannot be used .* at position 1$/);
    expect(() => parseEntryCondition('close >')).toThrow(ScanExpressionError);
  });
});

describe('seasonal condition: what it reads', () => {
  it('tells a condition on closes alone from one on open, high, low, volume or atr()', () => {
    const reads = (text: string) => readsBeyondCloses(parseEntryCondition(text));
    expect(reads('close > sma200 and weekly(rsi14) < 70 and roc(close, 5)[1] > 0 and rs(SPY, 63) > 0')).toBe(false);
    expect(reads('sector = "tech" or perf.ytd > 0.1')).toBe(false);
    expect(reads('close > high52w * 0.9')).toBe(true);
    expect(reads('volume > sma(volume, 20)')).toBe(true);
    expect(reads('not (atr(14) / close > 0.05)')).toBe(true);
    expect(reads('monthly(sma(high, 3)) > close')).toBe(true);
  });
});

// One bar a year around Mar 1 → Mar 20: a two-bar window per year.
const BARS: ReadonlyArray<readonly [string, number]> = [
  ['2019-03-01', 100],
  ['2019-03-20', 110], // +10 %
  ['2020-03-02', 90],
  ['2020-03-20', 81], // −10 %
  ['2021-03-01', 120],
  ['2021-03-19', 132], // +10 %
  ['2021-03-22', 140], // after the last exit: the year counts
];

describe('seasonal condition on a pattern (hand-computed)', () => {
  const series = closes('HND', BARS);

  it('removes a year whose field is null at entry (sma2 has no history at the first entry)', () => {
    // sma2 at 2019-03-01: one bar only → null → unknown → removed. 2020-03-02: (110 + 90) / 2 = 100
    // > 90? no → removed. 2021-03-01: (81 + 120) / 2 = 100.5 < 120 → kept.
    const p = seasonalPattern(series, {
      start: '03-01',
      end: '03-20',
      condition: parseEntryCondition('close > sma(close, 2)'),
    });
    expect(p.years.map((y) => y.year)).toEqual([2021]);
    expect(p.condition).toEqual({ expression: 'close > sma(close, 2)', removed: 2, removedYears: [2019, 2020] });
    expect(p.stats!.count).toBe(1);
    expect(p.stats!.conditionRemoved).toBe(2);
    expect(p.stats!.mean).toBeCloseTo(0.1, 12);
  });

  it('reads the entry close and nothing after it', () => {
    // close[1] at each entry: null (2019), 110 (2020), 81 (2021). change over the bar before:
    // 2020: 90 < 110 → false; 2021: 120 > 81 → true. An exit close of 132 must not matter:
    // the condition `close >= 120` is true at 2021's entry (120) only.
    const a = seasonalPattern(series, { start: '03-01', end: '03-20', condition: parseEntryCondition('close >= 120') });
    expect(a.years.map((y) => y.year)).toEqual([2021]);
    const b = seasonalPattern(series, {
      start: '03-01',
      end: '03-20',
      condition: parseEntryCondition('close > close[1]'),
    });
    expect(b.condition!.removedYears).toEqual([2019, 2020]);
    // The base rate is that of the kept start years: the window in 2021 alone (+10 % → 1 of 1).
    expect(b.stats!.pValue).toBe(binomialUpperTail(1, 1, baseRate(series, 19, [2021], 'long')!));
  });

  it('without a condition the answer has no condition and no conditionRemoved', () => {
    const p = seasonalPattern(series, { start: '03-01', end: '03-20' });
    expect(p.condition).toBeUndefined();
    expect(p.stats).not.toHaveProperty('conditionRemoved');
    expect(p.years).toHaveLength(3);
  });
});

describe.skipIf(!sharedDataPresent)('seasonal condition on AAPL (analytics.md example)', () => {
  const series = sharedDataPresent ? sharedDailySeries('AAPL') : seriesFromRows('AAPL', []);

  it('03-01 → 03-20 long: 33 years, 22 up, pValue 0.133; with close > sma200: 21 kept, 14 up, 0.281', () => {
    const all = seasonalPattern(series, { start: '03-01', end: '03-20' });
    expect(all.stats!.count).toBe(33);
    expect(all.stats!.winners).toBe(22);
    expect(all.stats!.pValue).toBeCloseTo(0.133, 3);
    const kept = seasonalPattern(series, {
      start: '03-01',
      end: '03-20',
      condition: parseEntryCondition('close > sma200'),
    });
    expect(kept.stats!.count).toBe(21);
    expect(kept.stats!.winners).toBe(14);
    expect(kept.stats!.pValue).toBeCloseTo(0.281, 3);
    expect(kept.condition!.removed).toBe(12);
    expect(kept.stats!.conditionRemoved).toBe(12);
    expect(kept.condition!.removedYears).toContain(1985);
    expect(kept.years.map((y) => y.year)).toEqual(
      all.years.map((y) => y.year).filter((y) => !kept.condition!.removedYears.includes(y)),
    );
  });
});
