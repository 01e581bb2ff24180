/**
 * Back-adjustment at roll gaps (data-providers.md §15.5), worked by hand on six bars with two
 * roll gaps: 01-24 (open 104 after a close of 100: f = 1.04, difference +4) and 01-28 (open
 * 94.5 after 105: f = 0.9, difference −10.5).
 */
import { describe, expect, it } from 'vitest';
import { seasonalPattern } from '../seasonality/pattern.js';
import { seriesFromRows, type PriceSeries } from '../series.js';
import { rollAdjust, rollGapsInYear } from './roll-adjust.js';

const GC = seriesFromRows('GC=F', [
  { date: '2019-01-22', open: 98, high: 101, low: 97, close: 99, volume: 10 },
  { date: '2019-01-23', open: 99, high: 100.5, low: 98, close: 100, volume: 11 },
  { date: '2019-01-24', open: 104, high: 106, low: 103, close: 105, volume: 12 },
  { date: '2019-01-25', open: 105, high: 106, low: 104, close: 105, volume: 13 },
  { date: '2019-01-28', open: 94.5, high: 96, low: 94, close: 95, volume: 14 },
  { date: '2019-01-29', open: 95, high: 97, low: 94, close: 96, volume: 15 },
]);
const GAPS = ['2019-01-24', '2019-01-28'];

const ohlc = (s: PriceSeries) => Array.from(s.dates, (_, i) => [s.open[i]!, s.high[i]!, s.low[i]!, s.close[i]!]);
const near = (rows: number[][]) => rows.map((row) => row.map((v) => expect.closeTo(v, 12)));

describe('rollAdjust', () => {
  it('ratio: multiplies every price before a gap by its f, compounding (0.9 before 01-28, 0.936 before 01-24)', () => {
    const adjusted = rollAdjust(GC, GAPS, 'ratio');
    expect(ohlc(adjusted)).toEqual(
      near([
        [91.728, 94.536, 90.792, 92.664],
        [92.664, 94.068, 91.728, 93.6],
        [93.6, 95.4, 92.7, 94.5],
        [94.5, 95.4, 93.6, 94.5],
        [94.5, 96, 94, 95],
        [95, 97, 94, 96],
      ]),
    );
    // The gaps are gone: each close before a gap is the gap's open.
    expect(adjusted.close[1]).toBeCloseTo(adjusted.open[2]!, 12);
    expect(adjusted.close[3]).toBeCloseTo(adjusted.open[4]!, 12);
  });

  it('difference: adds open − close before, summing (−10.5 before 01-28, −6.5 before 01-24)', () => {
    expect(ohlc(rollAdjust(GC, GAPS, 'difference'))).toEqual([
      [91.5, 94.5, 90.5, 92.5],
      [92.5, 94, 91.5, 93.5],
      [93.5, 95.5, 92.5, 94.5],
      [94.5, 95.5, 93.5, 94.5],
      [94.5, 96, 94, 95],
      [95, 97, 94, 96],
    ]);
  });

  it('leaves the latest bars, the dates and every volume as they are, and the series given untouched', () => {
    for (const mode of ['ratio', 'difference'] as const) {
      const adjusted = rollAdjust(GC, GAPS, mode);
      expect(adjusted.volume).toBe(GC.volume);
      expect(Array.from(adjusted.volume)).toEqual([10, 11, 12, 13, 14, 15]);
      expect(adjusted.dates).toBe(GC.dates);
      expect(ohlc(adjusted).slice(4)).toEqual([
        [94.5, 96, 94, 95],
        [95, 97, 94, 96],
      ]);
    }
    expect(ohlc(GC)[0]).toEqual([98, 101, 97, 99]);
    expect(rollAdjust(GC, GAPS, 'none')).toBe(GC);
    expect(rollAdjust(GC, GAPS)).toBe(GC);
    expect(rollAdjust(GC, [], 'ratio')).toBe(GC);
  });

  it('a price ≤ 0 after difference is an error naming its date', () => {
    const cheap = seriesFromRows('NG=F', [
      { date: '2020-03-02', open: 6, high: 7, low: 5, close: 6, volume: 1 },
      { date: '2020-03-03', open: 12, high: 13, low: 11, close: 12, volume: 1 },
      { date: '2020-03-04', open: 2, high: 3, low: 1.5, close: 2, volume: 1 },
    ]);
    // 03-04 opens 10 below 03-03's close: 03-03's low becomes 1, 03-02's low −5.
    expect(() => rollAdjust(cheap, ['2020-03-04'], 'difference')).toThrow(
      'difference adjustment gives a non-positive price on 2020-03-02: use ratio',
    );
    expect(rollAdjust(cheap, ['2020-03-04'], 'ratio').low[0]).toBeCloseTo(5 / 6, 12);
  });

  it('refuses a gap that is not a bar after the first, a malformed date and an unknown mode, by name', () => {
    expect(() => rollAdjust(GC, ['2019-01-26'], 'ratio')).toThrow('rollGaps[0]: 2019-01-26 is not a bar of GC=F');
    expect(() => rollAdjust(GC, ['2019-01-24', '2019-01-22'], 'ratio')).toThrow(
      'rollGaps[1]: 2019-01-22 is the first bar of GC=F: no close before it',
    );
    expect(() => rollAdjust(GC, ['2019-1-24'], 'ratio')).toThrow(
      'rollGaps[0]: expected a date YYYY-MM-DD, got 2019-1-24',
    );
    expect(() => rollAdjust(GC, ['2019-02-30'], 'ratio')).toThrow(
      'rollGaps[0]: expected a date YYYY-MM-DD, got 2019-02-30',
    );
    expect(() => rollAdjust(GC, GAPS, 'log' as 'ratio')).toThrow(
      'rollAdjust: expected one of none, ratio, difference, got log',
    );
  });

  it('feeds a seasonal pattern: 01-23 → 01-29 returns −4 % raw, +2.564 % by ratio, +2.674 % by difference', () => {
    const window = { start: '01-23', end: '01-29' };
    expect(seasonalPattern(GC, window).years[0]!.return).toBeCloseTo(96 / 100 - 1, 14);
    expect(seasonalPattern(rollAdjust(GC, GAPS, 'ratio'), window).years[0]!.return).toBeCloseTo(96 / 93.6 - 1, 12);
    expect(seasonalPattern(rollAdjust(GC, GAPS, 'difference'), window).years[0]!.return).toBeCloseTo(96 / 93.5 - 1, 12);
  });
});

describe('rollGapsInYear', () => {
  it('lists the gaps after the entry up to and including the exit', () => {
    expect(rollGapsInYear(GAPS, '2019-01-23', '2019-01-29')).toEqual(['2019-01-24', '2019-01-28']);
    expect(rollGapsInYear(GAPS, '2019-01-24', '2019-01-28')).toEqual(['2019-01-28']);
    expect(rollGapsInYear(GAPS, '2019-01-22', '2019-01-23')).toEqual([]);
    // As detection lists them, in any order.
    const detected = [
      { date: '2019-01-28', gap: -0.1 },
      { date: '2019-01-24', gap: 0.04 },
    ];
    expect(rollGapsInYear(detected, '2019-01-23', '2019-01-29')).toEqual(['2019-01-24', '2019-01-28']);
  });
});
