import { describe, expect, it } from 'vitest';
import type { Direction } from './statistics.js';
import { WindowGrid, startPositions } from './window-grid.js';

/**
 * A grid of 2 starts × 3 lengths whose counts are set by hand: "count rising falling sum" per
 * cell, cells apart by commas; the cells not given count in no year.
 */
function gridOf(cells: string): WindowGrid {
  const grid = new WindowGrid(startPositions(10, 11), 5, 7);
  cells.split(',').forEach((cell, c) => {
    const [n, up, down, sum] = cell.trim().split(' ').map(Number);
    grid.count[c] = n!;
    grid.rising[c] = up!;
    grid.falling[c] = down!;
    grid.sum[c] = sum!;
  });
  return grid;
}

/** compare's order, cell by cell: what best() must find. */
function byCompare(grid: WindowGrid, direction: Direction, minYears: number): number {
  let best = -1;
  for (let c = 0; c < grid.count.length; c++)
    if (grid.count[c]! >= minYears && (best < 0 || grid.compare(c, direction, best, direction) < 0)) best = c;
  return best;
}

describe('WindowGrid.best: the first cell in the ranking of analytics.md', () => {
  const cases: {
    name: string;
    cells: string;
    direction: Direction;
    minYears: number;
    best: number;
  }[] = [
    {
      name: 'the higher winRate, compared as fractions (3/6 = 2/4 < 3/4)',
      cells: '4 2 2 0.4, 6 3 3 0.9, 4 3 1 0.1',
      direction: 'long',
      minYears: 1,
      best: 2,
    },
    {
      name: 'equal winRates: the higher mean',
      cells: '4 3 1 0.2, 8 6 2 0.8, 4 3 1 0.5',
      direction: 'long',
      minYears: 1,
      best: 2,
    },
    {
      name: 'equal winRates and means: the earlier start, then the shorter length',
      cells: '0 0 0 0, 4 3 1 0.4, 8 6 2 0.8, 4 3 1 0.4',
      direction: 'long',
      minYears: 1,
      best: 1,
    },
    {
      name: 'short: falling years, and the mean with its sign turned',
      cells: '4 1 3 -0.2, 4 0 3 -0.4, 4 1 3 -0.4, 4 4 0 2',
      direction: 'short',
      minYears: 1,
      best: 1,
    },
    {
      name: 'cells below minYears are not candidates, however good',
      cells: '3 3 0 0.9, 5 3 2 0.1, 5 4 1 0.1, 2 2 0 0.5, 5 4 1 0.05',
      direction: 'long',
      minYears: 5,
      best: 2,
    },
    {
      name: 'no cell counts in minYears years: none',
      cells: '3 3 0 0.9, 2 1 1 0.1',
      direction: 'long',
      minYears: 4,
      best: -1,
    },
  ];
  for (const { name, cells, direction, minYears, best } of cases) {
    it(name, () => {
      const grid = gridOf(cells);
      expect(grid.best(direction, minYears)).toBe(best);
      expect(byCompare(grid, direction, minYears)).toBe(best);
    });
  }
});
