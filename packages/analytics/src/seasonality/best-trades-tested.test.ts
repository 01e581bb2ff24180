import { describe, expect, it } from 'vitest';
import { dayNumber } from '../series.js';
import { benjaminiHochberg } from '../stats/multiple-testing.js';
import { bestTrades, defaultMinYears } from './best-trades.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import { WindowGrid, startPositions, windowDetails } from './window-grid.js';
import { rowRange, windowTable } from './window-table.js';
import { everyDay, weekdays } from './test-fixtures.js';

/** 100 every day, except 110 from Mar 10 through Mar 20 of every year; bars every calendar day. */
const bump = everyDay('BUMP', '2018-01-01', '2020-12-31', (d) =>
  d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100,
);

describe('best trades: tested and qValue (analytics.md, "Multiple testing")', () => {
  it('tests every window of both directions whose count reaches minYears, and adjusts by Benjamini–Hochberg', () => {
    // 1-day windows over 2018–2020: 365 starts; 12-31 → 01-01 counts in 2018 and 2019 only (2
    // years), every other start in all 3. The default minYears is max(1, 3 − 2) = 1: all 365
    // windows, both directions, are tested: m = 730.
    const result = bestTrades(bump, { minDays: 1, maxDays: 1, top: 2 });
    expect(result.tested).toBe(730);
    // Long 03-09 → 03-10 rose in each year; base rate: 3 of the 365 × 3 − 1 = 1094 one-day
    // windows rose, so p = (3/1094)³. Short 03-20 → 03-21 fell likewise. Every other window is
    // flat: 0 winners, p = 1. Sorted: p, p, 1 × 728. q = min(730p/1, 730p/2, 1, …) = 365p.
    const [best, flat] = result.long;
    expect([best!.start, best!.end]).toEqual(['03-09', '03-10']);
    const p = best!.stats.pValue!;
    expect(p).toBeCloseTo((3 / 1094) ** 3, 20);
    expect(best!.stats.qValue).toBe((730 * p) / 2);
    expect(best!.stats.qValue! / ((3 / 1094) ** 3 * 365)).toBeCloseTo(1, 12);
    // The tie in pValues: the short side's best gets the same qValue.
    expect(result.short[0]!.start).toBe('03-20');
    expect(result.short[0]!.stats.pValue).toBe(p);
    expect(result.short[0]!.stats.qValue).toBe(best!.stats.qValue);
    expect([flat!.start, flat!.stats.pValue, flat!.stats.qValue]).toEqual(['01-01', 1, 1]);
  });

  it('leaves out of the tests the windows below the minYears given', () => {
    // minYears 3 drops 12-31 → 01-01 (2 years): m = 2 × 364 = 728, q = 364p.
    const result = bestTrades(bump, { minDays: 1, maxDays: 1, top: 1, minYears: 3 });
    expect(result.tested).toBe(728);
    const best = result.long[0]!.stats;
    expect(best.qValue).toBe((728 * best.pValue!) / 2);
  });

  it('counts no test when no window is eligible', () => {
    const result = bestTrades(bump, { minDays: 1, maxDays: 5, minYears: 4 });
    expect(result).toEqual({ symbol: 'BUMP', tested: 0, long: [], short: [] });
  });

  it('equals Benjamini–Hochberg over the pValues that each tested window reports on its own', () => {
    // Weekdays (holidays of the calendar give short windows different years), years that do
    // not all count (history from June), and a wavy price with winners and losers.
    const series = weekdays('WAVE', '2013-06-03', '2020-08-14', (d) => 100 + 10 * Math.sin(dayNumber(d) / 7));
    const options = { minDays: 1, maxDays: 6, top: 20 };
    const result = bestTrades(series, options);
    const table = windowTable(series);
    const { lo, hi } = rowRange(table);
    const grid = new WindowGrid(startPositions(0, DAYS_IN_CALENDAR - 1), options.minDays, options.maxDays);
    const minYears = defaultMinYears(grid.fill(series, table, lo, hi));
    const tested: { key: string; p: number }[] = [];
    for (const direction of ['long', 'short'] as const) {
      for (let cell = 0; cell < grid.count.length; cell++) {
        if (grid.count[cell]! < minYears) continue;
        const w = windowDetails(series, table, grid.startOf(cell), grid.daysOf(cell), lo, hi, direction);
        tested.push({ key: `${direction} ${w.start} ${w.days}`, p: w.stats.pValue! });
      }
    }
    expect(result.tested).toBe(tested.length);
    const q = benjaminiHochberg(tested.map((t) => t.p));
    const qOf = new Map(tested.map((t, i) => [t.key, q[i]!]));
    for (const direction of ['long', 'short'] as const) {
      expect(result[direction]).toHaveLength(20);
      for (const w of result[direction]) {
        expect(w.stats.qValue).toBe(qOf.get(`${direction} ${w.start} ${w.days}`));
        expect(w.stats.qValue).toBeGreaterThanOrEqual(w.stats.pValue!);
      }
    }
  });
});
