import { binomialUpperTail } from '../stats/binomial.js';
import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import type { Direction } from './statistics.js';
import type { WindowGrid } from './window-grid.js';
import { windowTable, type WindowTable } from './window-table.js';

/**
 * The pValues of the given grid cells in each of the directions (one array per direction),
 * equal to those windowDetails reports. The base rate of a window is the share of winners
 * among every window of its calendarDays in the start years it counts: the counts of each
 * start year are computed once per length (yearCounts) and summed over the window's years
 * (by prefix sums when those years are contiguous), the same integers baseRate divides. The
 * binomial tail depends only on (winners, count, rate): memoized.
 */
export function cellPValuesFor(
  series: PriceSeries,
  table: WindowTable,
  grid: WindowGrid,
  cells: readonly number[],
  lo: number,
  hi: number,
  directions: readonly Direction[],
): Float64Array[] {
  const D = DAYS_IN_CALENDAR;
  const { entry, exit } = table;
  // Per holding length (days − minDays): the running sums of the year counts.
  const prefixes: (Float64Array | undefined)[] = [];
  // Per length and direction, the tails by wins of the last (won, windows, n) seen: the cells
  // of a length mostly share them, and an array read is cheaper than the shared memo's hash.
  const recent: ({ won: number; windows: number; n: number; tails: Float64Array } | undefined)[] = [];
  const outs = directions.map(() => new Float64Array(cells.length));
  const counted = (row: number, k: number, cross: number, e: number) => {
    const a = entry[row * D + k]!;
    return a >= 0 && exit[(row + cross) * D + e]! > a;
  };
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const k = grid.startOf(cell);
    const days = grid.daysOf(cell);
    const n = grid.count[cell]!;
    const cross = k + days >= D ? 1 : 0;
    const e = k + days - cross * D;
    let prefix = prefixes[days - grid.minDays];
    if (!prefix) {
      prefix = prefixSums(yearCounts(series, days));
      prefixes[days - grid.minDays] = prefix;
    }
    // The grid counted the rows from lo to hi (and before the last row when crossing).
    let first = lo;
    let last = Math.min(hi, table.years - 1 - cross);
    while (first <= last && !counted(first, k, cross, e)) first++;
    while (last > first && !counted(last, k, cross, e)) last--;
    let rising: number;
    let falling: number;
    let windows: number;
    if (last - first + 1 === n) {
      rising = prefix[3 * (last + 1)]! - prefix[3 * first]!;
      falling = prefix[3 * (last + 1) + 1]! - prefix[3 * first + 1]!;
      windows = prefix[3 * (last + 1) + 2]! - prefix[3 * first + 2]!;
    } else {
      // Years missing inside (short windows over holidays, a year set): row by row.
      rising = falling = windows = 0;
      for (let row = first; row <= last; row++) {
        if (!counted(row, k, cross, e)) continue;
        rising += prefix[3 * (row + 1)]! - prefix[3 * row]!;
        falling += prefix[3 * (row + 1) + 1]! - prefix[3 * row + 1]!;
        windows += prefix[3 * (row + 1) + 2]! - prefix[3 * row + 2]!;
      }
    }
    for (let di = 0; di < directions.length; di++) {
      if (windows === 0) {
        outs[di]![i] = NaN;
        continue;
      }
      const long = directions[di] === 'long';
      const won = long ? rising : falling;
      const wins = long ? grid.rising[cell]! : grid.falling[cell]!;
      const slot = (days - grid.minDays) * 2 + di;
      let seen = recent[slot];
      if (!seen || seen.won !== won || seen.windows !== windows || seen.n !== n) {
        seen = { won, windows, n, tails: new Float64Array(n + 1).fill(-1) };
        recent[slot] = seen;
      }
      let tail = seen.tails[wins]!;
      if (tail < 0) tail = seen.tails[wins] = tailOf(wins, n, won, windows);
      outs[di]![i] = tail;
    }
  }
  return outs;
}

/**
 * binomialUpperTail(wins, n, won / windows), memoized across calls: the tail is a function of
 * these four integers alone, and scans of one market keep asking for the same ones.
 */
const tails = new Map<number | string, number>();
const MAX_TAILS = 1 << 20;

function tailOf(wins: number, n: number, won: number, windows: number): number {
  const key =
    windows < 65_536 && n < 256 ? ((won * 65_536 + windows) * 256 + wins) * 256 + n : `${won}|${windows}|${wins}|${n}`;
  let tail = tails.get(key);
  if (tail === undefined) {
    tail = binomialUpperTail(wins, n, won / windows);
    if (tails.size >= MAX_TAILS) tails.clear();
    tails.set(key, tail);
  }
  return tail;
}

/** Running sums of [rising, falling, windows] by row: entry 3·r holds the sums of rows before r. */
function prefixSums(counts: Uint16Array): Float64Array {
  const out = new Float64Array(counts.length + 3);
  for (let i = 0; i < counts.length; i++) out[i + 3] = out[i]! + counts[i]!;
  return out;
}

const yearCountMemo = new WeakMap<PriceSeries, Map<number, Uint16Array>>();

/**
 * For each row of the series' window table: [rising, falling, windows] over every start day
 * of the non-leap calendar of the windows of `calendarDays` starting in that year (the
 * counts that baseRate sums over a window's years). Memoized per series and length.
 */
function yearCounts(series: PriceSeries, calendarDays: number): Uint16Array {
  let memo = yearCountMemo.get(series);
  if (!memo) {
    memo = new Map();
    yearCountMemo.set(series, memo);
  }
  const known = memo.get(calendarDays);
  if (known) return known;
  const D = DAYS_IN_CALENDAR;
  const { entry, exit, years } = windowTable(series);
  const close = series.close;
  const out = new Uint16Array(3 * years);
  // The exit of the window starting at cell row·365 + k is at cell row·365 + k + calendarDays
  // (the next year's row when it crosses the year end): one pass, no cell past the last row.
  const cells = years * D;
  for (let row = 0; row < years; row++) {
    let rising = 0;
    let falling = 0;
    let windows = 0;
    const last = Math.min(row * D + D, cells - calendarDays);
    for (let i = row * D; i < last; i++) {
      const a = entry[i]!;
      if (a < 0) continue;
      const b = exit[i + calendarDays]!;
      if (b <= a) continue;
      const r = close[b]! / close[a]! - 1;
      windows++;
      if (r > 0) rising++;
      else if (r < 0) falling++;
    }
    out[3 * row] = rising;
    out[3 * row + 1] = falling;
    out[3 * row + 2] = windows;
  }
  memo.set(calendarDays, out);
  return out;
}
