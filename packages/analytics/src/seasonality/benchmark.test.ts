import { describe, expect, it } from 'vitest';
import { patternAgainst, seasonalChartAgainst } from './benchmark.js';
import { seasonalChart } from './chart.js';
import { seasonalPattern } from './pattern.js';
import { everyDay } from './test-fixtures.js';

// KO against SPY in small: the symbol uses 2018 … 2021, the benchmark only 2020 and 2021.
// Prices are flat through each year and move on Dec 31 only.
const STOCK_YEAR_END: Record<string, number> = {
  '2018-12-31': 150,
  '2019-12-31': 150,
  '2020-12-31': 165,
  '2021-12-31': 181.5,
};
const stock = everyDay('KO', '2017-12-31', '2021-12-31', (d) => {
  const year = Number(d.slice(0, 4));
  return STOCK_YEAR_END[d] ?? (year <= 2018 ? 100 : (STOCK_YEAR_END[`${year - 1}-12-31`] ?? 100));
});
// SPY: 100 through 2020-12-30, 105 on 2020-12-31 (+5 %), 107.1 on 2021-12-31 (+2 %).
const spy = everyDay('SPY', '2019-12-31', '2021-12-31', (d) =>
  d === '2021-12-31' ? 107.1 : d >= '2020-12-31' ? 105 : 100,
);

describe('seasonal chart against a benchmark', () => {
  it('draws both curves and their difference over the years both symbols use only', () => {
    // The symbol alone: Dec 31 is the mean of +50 %, 0 %, +10 %, +10 % = +17.5 % over 4 years.
    const alone = seasonalChart(stock);
    expect(alone.years).toEqual([2018, 2019, 2020, 2021]);
    expect(alone.curve![364]).toBeCloseTo(0.175, 12);

    const against = seasonalChartAgainst(stock, spy);
    expect(against.benchmark).toBe('SPY');
    expect(against.years).toEqual([2020, 2021]);
    // Over 2020 and 2021: the symbol +10 % and +10 %, SPY +5 % and +2 %.
    expect(against.curve![364]).toBeCloseTo(0.1, 12);
    expect(against.benchmarkCurve![364]).toBeCloseTo(0.035, 12);
    // The difference is +6.5 %, not the +14 % of 17.5 % (4 years) − 3.5 % (2 years).
    expect(against.curve![364]! - against.benchmarkCurve![364]!).toBeCloseTo(0.065, 12);
    expect(against.curve!.slice(0, 364).every((v) => v === 0)).toBe(true);
    expect(against.detrended![182]).toBeCloseTo(0 - (0.1 * 182) / 364, 12);
    expect(against.benchmarkDetrended![364]).toBeCloseTo(0, 12);
  });

  it('has no curves when the symbols share no year', () => {
    const early = everyDay('OLD', '2017-12-31', '2019-12-31', () => 100);
    const against = seasonalChartAgainst(early, spy);
    expect(against).toEqual({
      benchmark: 'SPY',
      years: [],
      curve: null,
      detrended: null,
      benchmarkCurve: null,
      benchmarkDetrended: null,
    });
  });
});

describe('a pattern against a benchmark', () => {
  it('gives the benchmark statistics and the excess over the years that count for both', () => {
    const options = { start: '12-01', end: '12-31' };
    const pattern = seasonalPattern(stock, options);
    expect(pattern.years.map((y) => [y.year, y.return])).toEqual([
      [2018, 150 / 100 - 1],
      [2019, 0],
      [2020, 165 / 150 - 1],
      [2021, 181.5 / 165 - 1],
    ]);
    const against = patternAgainst(pattern, spy, options);
    expect(against.benchmark).toBe('SPY');
    expect(against.years.map((y) => y.year)).toEqual([2020, 2021]);
    expect(against.years[0]!.return).toBeCloseTo(0.05, 12);
    expect(against.years[0]!.excess).toBeCloseTo(0.1 - 0.05, 12);
    expect(against.years[1]!.excess).toBeCloseTo(0.1 - 0.02, 12);
    expect(against.symbolMean).toBeCloseTo(0.1, 12);
    expect(against.excessMean).toBeCloseTo(0.065, 12);
    // SPY's own statistics over 2020 and 2021 only (its pattern has no other year here anyway).
    expect(against.stats).toMatchObject({ count: 2, winners: 2, winRate: 1, calendarDays: 30 });
    expect(against.stats!.mean).toBeCloseTo(0.035, 12);
  });

  it('leaves out a benchmark year the symbol does not count, and signs a short window', () => {
    const late = everyDay('LATE', '2020-12-31', '2021-12-31', (d) => (d === '2021-12-31' ? 90 : 100));
    const options = { start: '12-01', end: '12-31', direction: 'short' as const };
    const against = patternAgainst(seasonalPattern(late, options), spy, options);
    // Only 2021 counts for LATE: short −(90/100 − 1) = +10 %; SPY short: −2 %.
    expect(against.years.map((y) => y.year)).toEqual([2021]);
    expect(against.years[0]!.return).toBeCloseTo(-0.02, 12);
    expect(against.excessMean).toBeCloseTo(0.1 + 0.02, 12);
    expect(against.stats).toMatchObject({ count: 1, winners: 0, winRate: 0 });
  });
});
