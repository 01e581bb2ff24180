import { binomialUpperTail } from '../stats/binomial.js';
import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import type { Direction } from './statistics.js';
import type { WindowGrid } from './window-grid.js';
import { baseRate, type WindowTable } from './window-table.js';

/**
 * The pValue of every given grid cell in one direction, equal to the pValue that
 * windowDetails reports for the same window (same base rate, same binomial sum). The base
 * rate depends only on calendarDays and the start years the window counts, which most cells
 * of a length share, and the binomial tail only on (winners, count, rate): both memoized.
 */
export function cellPValues(
  series: PriceSeries,
  table: WindowTable,
  grid: WindowGrid,
  cells: readonly number[],
  lo: number,
  direction: Direction,
): Float64Array {
  const D = DAYS_IN_CALENDAR;
  // Numeric keys where possible: this runs for every tested window.
  const rateIds = new Map<number | string, number>();
  const rates: (number | null)[] = [];
  const tails = new Map<number, number>();
  const out = new Float64Array(cells.length);
  const years: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const k = grid.startOf(cell);
    const days = grid.daysOf(cell);
    const n = grid.count[cell]!;
    const cross = k + days >= D ? 1 : 0;
    const e = k + days - cross * D;
    years.length = 0;
    // The grid counted rows lo … hi; the first n counted rows from lo are exactly those.
    for (let row = lo; years.length < n && row + cross < table.years; row++) {
      const a = table.entry[row * D + k]!;
      const b = table.exit[(row + cross) * D + e]!;
      if (a >= 0 && b > a) years.push(row);
    }
    const first = years[0]!;
    const last = years[years.length - 1]!;
    // Contiguous rows are named by their ends; others (short windows over holidays) in full.
    const key = last - first + 1 === n ? (days * 1024 + first) * 1024 + last : `${days}|${years.join(',')}`;
    let id = rateIds.get(key);
    if (id === undefined) {
      id = rates.length;
      rates.push(
        baseRate(
          series,
          days,
          years.map((row) => table.firstYear + row),
          direction,
        ),
      );
      rateIds.set(key, id);
    }
    const rate = rates[id]!;
    if (rate === null) {
      out[i] = NaN;
      continue;
    }
    const wins = direction === 'long' ? grid.rising[cell]! : grid.falling[cell]!;
    const tailKey = (id * 1024 + wins) * 1024 + n;
    let tail = tails.get(tailKey);
    if (tail === undefined) {
      tail = binomialUpperTail(wins, n, rate);
      tails.set(tailKey, tail);
    }
    out[i] = tail;
  }
  return out;
}
