import { describe, expect, it } from 'vitest';
import { isoDate, type PriceSeries } from '../series.js';
import { closes, randomSeries } from './test-fixtures.js';
import { FillKernel } from './fill-kernel.js';
import { WindowGrid, startPositions } from './window-grid.js';
import { rowRange, windowTable } from './window-table.js';

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

describe('WindowGrid.fill: the WebAssembly kernel counts as the JavaScript loop does', () => {
  it('runs here (the tests below compare the kernel, not the fallback, with the loop)', () => {
    expect(FillKernel.create()).not.toBeNull();
  });

  for (const [name, from, to, minDays, maxDays] of SHAPES) {
    it(name, () => {
      const kernelGrid = new WindowGrid(startPositions(from, to), minDays, maxDays);
      const loopGrid = new WindowGrid(startPositions(from, to), minDays, maxDays);
      let compared = 0;
      for (const s of SERIES) {
        const table = windowTable(s);
        const all = rowRange(table);
        const ranges = [all, { lo: all.lo + 1, hi: all.hi - 1 }, { lo: all.hi, hi: all.hi }];
        for (const { lo, hi } of ranges) {
          if (lo > hi) continue;
          // Stale counts from the previous series must be overwritten, not added to.
          const most = kernelGrid.fill(s, table, lo, hi);
          expect(most).toBe(loopGrid.fillScalar(s, table, lo, hi));
          expect(Array.from(kernelGrid.count)).toEqual(Array.from(loopGrid.count));
          expect(Array.from(kernelGrid.rising)).toEqual(Array.from(loopGrid.rising));
          expect(Array.from(kernelGrid.falling)).toEqual(Array.from(loopGrid.falling));
          // Sums to the last bit: added in the same order.
          for (let c = 0; c < loopGrid.sum.length; c++) {
            if (!Object.is(kernelGrid.sum[c], loopGrid.sum[c]))
              throw new Error(`${s.symbol} rows ${lo}…${hi} cell ${c}: ${kernelGrid.sum[c]} ≠ ${loopGrid.sum[c]}`);
          }
          compared += loopGrid.count.reduce((n, c) => n + c, 0);
        }
      }
      // The shapes count real windows (a comparison of empty grids would prove nothing).
      expect(compared).toBeGreaterThan(100);
    });
  }
});
