import { describe, expect, it } from 'vitest';
import { isoDate, type PriceSeries } from '../series.js';
import { closes, randomSeries } from './test-fixtures.js';
import { FillKernel } from './fill-kernel.js';
import { WindowGrid, startPositions } from './window-grid.js';
import { rowRange, windowTable, type WindowTable } from './window-table.js';

/** The series without bars for three weeks in June and around the year end, one year in three. */
function withGaps(series: PriceSeries): PriceSeries {
  const rows: [string, number][] = [];
  series.dates.forEach((day, i) => {
    const date = isoDate(day);
    const monthDay = date.slice(5);
    const gap = (monthDay >= '06-05' && monthDay <= '06-25') || monthDay >= '12-20' || monthDay <= '01-08';
    if (!(gap && Number(date.slice(0, 4)) % 3 === 0)) rows.push([date, series.close[i]!]);
  });
  return closes(`${series.symbol}-GAPS`, rows);
}

// Random walks with holidays and unchanged closes (a year neither rising nor falling), starting
// and ending on random days: thirty years, two, five; and weeks without a bar (a window with
// one bar, or none, does not count).
const LONG = randomSeries('LONG', 1, 1990, 30);
const SERIES = [LONG, randomSeries('SHORT', 2, 2017, 2), randomSeries('LATE', 3, 2005, 5), withGaps(LONG)];

/** [name, first start, last start (wrapping past 12-31 when smaller), minDays, maxDays] */
const SHAPES: [string, number, number, number, number][] = [
  ['the bench scan: 15 starts × 21 lengths', 151, 165, 10, 30],
  ['starts across the year end, windows into the next year', 355, 9, 5, 40],
  ['one length (an odd count: the padding lane)', 0, 364, 1, 1],
  ['every start, two lengths', 0, 364, 7, 8],
  ['windows of most of a year (the last row has no next year)', 200, 230, 300, 364],
  ['a window that ends past Dec 31 from its first start', 360, 364, 6, 20],
];

type RowRange = { lo: number; hi: number };

/** Two empty grids of one shape: one to fill as tested, one for the JavaScript loop (fillScalar). */
function twoGrids(from: number, to: number, minDays: number, maxDays: number): [WindowGrid, WindowGrid] {
  return [
    new WindowGrid(startPositions(from, to), minDays, maxDays),
    new WindowGrid(startPositions(from, to), minDays, maxDays),
  ];
}

/** Each series of SERIES with its window table, over the row ranges `ranges` makes of all its rows (empty ones passed over). */
function forEachRowRange(
  ranges: (all: RowRange) => RowRange[],
  check: (s: PriceSeries, table: WindowTable, lo: number, hi: number) => void,
): void {
  for (const s of SERIES) {
    const table = windowTable(s);
    for (const { lo, hi } of ranges(rowRange(table))) if (lo <= hi) check(s, table, lo, hi);
  }
}

/** The grid's counts of windows, rising and falling years, cell by cell those of the loop's grid. */
function expectCountsAsLoop(grid: WindowGrid, loop: WindowGrid): void {
  expect(Array.from(grid.count)).toEqual(Array.from(loop.count));
  expect(Array.from(grid.rising)).toEqual(Array.from(loop.rising));
  expect(Array.from(grid.falling)).toEqual(Array.from(loop.falling));
}

describe('WindowGrid.fill: the WebAssembly kernel counts as the JavaScript loop does', () => {
  it('runs here (the tests below compare the kernel, not the fallback, with the loop)', () => {
    expect(FillKernel.create()).not.toBeNull();
  });

  for (const [name, from, to, minDays, maxDays] of SHAPES) {
    it(name, () => {
      const [kernelGrid, loopGrid] = twoGrids(from, to, minDays, maxDays);
      let compared = 0;
      const ranges = (all: RowRange) => [all, { lo: all.lo + 1, hi: all.hi - 1 }, { lo: all.hi, hi: all.hi }];
      forEachRowRange(ranges, (s, table, lo, hi) => {
        // Stale counts from the previous series must be overwritten, not added to.
        const most = kernelGrid.fill(s, table, lo, hi);
        expect(most).toBe(loopGrid.fillScalar(s, table, lo, hi));
        expectCountsAsLoop(kernelGrid, loopGrid);
        // Sums to the last bit: added in the same order.
        for (let c = 0; c < loopGrid.sum.length; c++) {
          if (!Object.is(kernelGrid.sum[c], loopGrid.sum[c]))
            throw new Error(`${s.symbol} rows ${lo}…${hi} cell ${c}: ${kernelGrid.sum[c]} ≠ ${loopGrid.sum[c]}`);
        }
        compared += loopGrid.count.reduce((n, c) => n + c, 0);
      });
      // The shapes count real windows (a comparison of empty grids would prove nothing).
      expect(compared).toBeGreaterThan(100);
    });
  }
});

/** The series with every close moved down by `shift` (some of them below zero) and one close −0. */
function shifted(series: PriceSeries, shift: number, negativeZeroAt?: number): PriceSeries {
  return closes(
    `${series.symbol}-SHIFTED`,
    Array.from(series.dates, (day, i) => [isoDate(day), i === negativeZeroAt ? -0 : series.close[i]! - shift] as const),
  );
}

/** The first cell in compare's order among those counted in minYears years (the ranking's definition). */
function bestByCompare(grid: WindowGrid, direction: 'long' | 'short', minYears: number): number {
  let best = -1;
  for (let c = 0; c < grid.count.length; c++) {
    if (grid.count[c]! < minYears) continue;
    if (best < 0 || grid.compare(c, direction, best, direction) < 0) best = c;
  }
  return best;
}

describe('WindowGrid.fillCounts: fill without the sums, each added only when read', () => {
  for (const [name, from, to, minDays, maxDays] of SHAPES) {
    it(name, () => {
      const [countsGrid, loopGrid] = twoGrids(from, to, minDays, maxDays);
      let ranked = 0;
      forEachRowRange(
        (all) => [all, { lo: all.lo + 2, hi: all.hi - 1 }],
        (s, table, lo, hi) => {
          const most = countsGrid.fillCounts(s, table, lo, hi);
          expect(most).toBe(loopGrid.fillScalar(s, table, lo, hi));
          expectCountsAsLoop(countsGrid, loopGrid);
          // The best cell, which reads the sums of the cells tying its winRate, as compare ranks them.
          for (const direction of ['long', 'short'] as const) {
            for (const minYears of [1, Math.max(1, most - 2), most]) {
              const best = countsGrid.best(direction, minYears);
              expect(best).toBe(bestByCompare(loopGrid, direction, minYears));
              if (best >= 0) ranked++;
            }
          }
          // Every sum, read after the ranking read some: the loop's to the last bit.
          for (let c = 0; c < loopGrid.sum.length; c++) {
            if (!Object.is(countsGrid.sumOf(c), loopGrid.sum[c]))
              throw new Error(`${s.symbol} rows ${lo}…${hi} cell ${c}: ${countsGrid.sumOf(c)} ≠ ${loopGrid.sum[c]}`);
          }
        },
      );
      expect(ranked).toBeGreaterThan(10);
    });
  }

  it('ranks ties on winRate by the mean, then the earlier start and shorter length', () => {
    // Two years only: winRates of 0, ½ and 1 tie in many cells.
    const short = randomSeries('TIES', 7, 2018, 2);
    const table = windowTable(short);
    const { lo, hi } = rowRange(table);
    const countsGrid = new WindowGrid(startPositions(0, 364), 3, 12);
    const loopGrid = new WindowGrid(startPositions(0, 364), 3, 12);
    countsGrid.fillCounts(short, table, lo, hi);
    loopGrid.fillScalar(short, table, lo, hi);
    for (const direction of ['long', 'short'] as const)
      for (const minYears of [1, 2])
        expect(countsGrid.best(direction, minYears)).toBe(bestByCompare(loopGrid, direction, minYears));
  });

  it('counts with the division where a close is negative or −0 (comparing closes would then count otherwise)', () => {
    const grid = new WindowGrid(startPositions(0, 364), 5, 40);
    const loop = new WindowGrid(startPositions(0, 364), 5, 40);
    // LONG's closes wander around 100: shifted down by 100, about half of them are negative.
    for (const s of [shifted(LONG, 100), shifted(LONG, 0, 500)]) {
      const table = windowTable(s);
      const { lo, hi } = rowRange(table);
      grid.fillCounts(s, table, lo, hi);
      loop.fillScalar(s, table, lo, hi);
      expect(Array.from(grid.rising)).toEqual(Array.from(loop.rising));
      expect(Array.from(grid.falling)).toEqual(Array.from(loop.falling));
      for (let c = 0; c < loop.sum.length; c++) expect(Object.is(grid.sumOf(c), loop.sum[c])).toBe(true);
    }
  });
});
