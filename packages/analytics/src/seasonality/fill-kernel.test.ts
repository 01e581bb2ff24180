import { describe, expect, it } from 'vitest';
import { dayNumber, isoDate, type PriceSeries } from '../series.js';
import { closes } from './test-fixtures.js';
import { FillKernel } from './fill-kernel.js';
import { WindowGrid, startPositions } from './window-grid.js';
import { rowRange, windowTable } from './window-table.js';

/** A deterministic generator (mulberry32), so that a failure repeats. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Bars on about five days in seven with gaps of up to three weeks, closes on a random walk in
 * cents (so that a window often ends where it began: a year neither rising nor falling).
 */
function series(symbol: string, from: string, to: string, seed: number): PriceSeries {
  const next = random(seed);
  const rows: [string, number][] = [];
  let cents = 5_000;
  for (let d = dayNumber(from); d <= dayNumber(to); d++) {
    if (next() < 0.29) continue;
    if (next() < 0.004) d += Math.floor(next() * 21);
    cents = Math.max(1, cents + Math.round((next() - 0.5) * 6));
    rows.push([isoDate(d), cents / 100]);
  }
  return closes(symbol, rows);
}

const SERIES = [
  series('LONG', '1990-03-15', '2020-08-20', 1),
  series('SHORT', '2017-11-02', '2019-02-27', 2),
  series('LATE', '2005-12-30', '2011-01-03', 3),
];

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
