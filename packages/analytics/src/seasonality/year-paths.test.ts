import { describe, expect, it } from 'vitest';
import { seasonalChart, seasonalYearPaths } from './chart.js';
import { closes } from './test-fixtures.js';

// Issue #21, item 13: the years behind the average, one by one, and their median.
describe('seasonal year paths', () => {
  // Year-end closes 100 → 2020 ends +10 %, 2021 +30 %, 2022 −20 %; one bar mid-year each.
  const series = closes('YRS', [
    ['2019-12-31', 100],
    ['2020-07-01', 105],
    ['2020-12-31', 110],
    ['2021-07-01', 121],
    ['2021-12-31', 143],
    ['2022-07-01', 100.1],
    ['2022-12-31', 114.4],
    ['2023-03-01', 120],
  ]);

  it('gives each complete year’s path, the same years the average uses', () => {
    const { paths } = seasonalYearPaths(series);
    expect(paths.map((p) => p.year)).toEqual(seasonalChart(series).years);
    expect(paths.map((p) => p.year)).toEqual([2020, 2021, 2022]);
    expect(paths[0]!.values).toHaveLength(365);
    expect(paths[0]!.values[0]).toBe(0);
    expect(paths[0]!.values[364]).toBeCloseTo(0.1, 12);
    expect(paths[1]!.values[364]).toBeCloseTo(0.3, 12);
    expect(paths[2]!.values[364]).toBeCloseTo(-0.2, 12);
    // their mean is the average year
    const curve = seasonalChart(series).curve!;
    expect((paths[0]!.values[364]! + paths[1]!.values[364]! + paths[2]!.values[364]!) / 3).toBeCloseTo(curve[364]!, 12);
  });

  it('takes the median day by day (the middle year, or the mean of the two middle ones)', () => {
    const { median } = seasonalYearPaths(series);
    // 31 December: −20 %, +10 %, +30 % → +10 % (the mean would be +6.67 %)
    expect(median![364]).toBeCloseTo(0.1, 12);
    // 2 July (day 182): 2020 +5 %, 2021 +10 %, 2022 +0.1 % → +5 %
    expect(median![182]).toBeCloseTo(0.05, 12);
    const two = seasonalYearPaths(series, { from: 2021 });
    expect(two.paths.map((p) => p.year)).toEqual([2021, 2022]);
    expect(two.median![364]).toBeCloseTo((0.3 - 0.2) / 2, 12);
  });

  it('has no median without a complete year', () => {
    expect(seasonalYearPaths(series, { from: 2023 })).toEqual({ paths: [], median: null });
  });
});
