import { civilDate, dayNumberOf, isLeapYear, type PriceSeries } from '../series.js';
import { memoized } from '../memo.js';
import { DAYS_IN_CALENDAR, dateAtIndex } from './calendar-days.js';

/**
 * For every year of a series and every day of the non-leap calendar, where a window that
 * starts or ends on that day enters and exits. Built once per series object (memoized in a
 * WeakMap, so it lives exactly as long as the series) and shared by best trades, the
 * scanner and the base rate of the binomial test.
 *
 * One 16-bit cell a calendar day of every year holds both: the entry bar as an offset from
 * its row's `base` (at most 367: a year has at most 366 bars, and the entry may be the next
 * year's first), shifted left once, and in its lowest bit whether that bar is on the day
 * itself; the exit bar is then the entry bar, or the one before it. Both hold no bar exactly outside the series' first … last date. 2 bytes a
 * cell instead of 8: at 10,000 symbols × 30 years, 0.22 GB of tables instead of 0.88.
 * `entryAt` and `exitAt` read a cell.
 */
export interface WindowTable {
  /** Calendar year of row 0. */
  firstYear: number;
  /** Number of rows (years). */
  years: number;
  /** base[row]: index of the last bar before the row's year (−1 when there is none). */
  base: Int32Array;
  /**
   * The cells that entries read (row·365 + k): entryAt gives the first bar on or after the
   * date, or −1 when the series starts after the date (the year does not count) or has no
   * bar on or after it.
   */
  entry: Int16Array;
  /**
   * The cells that exits read: exitAt gives the last bar on or before the date, or −1 when
   * the series ends before the date (the year does not count) or has no bar on or before
   * it. The same array as `entry`, except in a year set's table (year-set-table.ts), whose
   * left-out years have no entry but keep their exits.
   */
  exit: Int16Array;
}

/** A cell that holds no bar. */
export const NONE = -0x8000;

/**
 * The entry bar of a cell: its row's base plus its offset, or −1 for NONE. Without a
 * branch: NONE >> 15 is −1 (all bits set), any real cell's is 0.
 */
export function entryAt(base: number, cell: number): number {
  return (base + (cell >> 1)) | (cell >> 15);
}

/** The exit bar of a cell: its entry bar when that bar is on the day, else the bar before; −1 for NONE. */
export function exitAt(base: number, cell: number): number {
  return (base + (cell >> 1) - 1 + (cell & 1)) | (cell >> 15);
}

/**
 * Each row lo … hi in which the window (start position k, length `days`) counts: `trade(row,
 * entry, exit)` with its entry bar and a later exit bar, the exit in the next row when the window
 * crosses the year end.
 */
export function forEachWindowYear(
  table: WindowTable,
  k: number,
  days: number,
  lo: number,
  hi: number,
  trade: (row: number, entry: number, exit: number) => void,
): void {
  const D = DAYS_IN_CALENDAR;
  const cross = k + days >= D ? 1 : 0;
  const e = k + days - cross * D;
  for (let row = lo; row <= hi && row + cross < table.years; row++) {
    const a = entryAt(table.base[row]!, table.entry[row * D + k]!);
    const b = exitAt(table.base[row + cross]!, table.exit[(row + cross) * D + e]!);
    if (a >= 0 && b > a) trade(row, a, b);
  }
}

const tables = new WeakMap<PriceSeries, WindowTable>();

export function windowTable(series: PriceSeries): WindowTable {
  return memoized(tables, series, () => buildWindowTable(series));
}

function buildWindowTable(series: PriceSeries): WindowTable {
  const { dates } = series;
  const n = dates.length;
  if (n === 0) {
    const none = new Int16Array(0);
    return { firstYear: 0, years: 0, base: new Int32Array(0), entry: none, exit: none };
  }
  const first = dates[0]!;
  const last = dates[n - 1]!;
  const firstYear = civilDate(first).year;
  const years = civilDate(last).year - firstYear + 1;
  const base = new Int32Array(years);
  const cells = new Int16Array(years * DAYS_IN_CALENDAR);
  let p = 0;
  for (let row = 0; row < years; row++) {
    const year = firstYear + row;
    const jan1 = dayNumberOf(year, 1, 1);
    const leap = isLeapYear(year);
    while (p < n && dates[p]! < jan1) p++;
    const b = p - 1;
    base[row] = b;
    for (let k = 0; k < DAYS_IN_CALENDAR; k++) {
      const d = dateAtIndex(jan1, leap, k);
      while (p < n && dates[p]! < d) p++;
      // Within first … last, p < n is the entry, and the exit is p itself or the bar before.
      cells[row * DAYS_IN_CALENDAR + k] = d >= first && d <= last ? ((p - b) << 1) | (dates[p] === d ? 1 : 0) : NONE;
    }
  }
  return { firstYear, years, base, entry: cells, exit: cells };
}

/** Rows [lo, hi] of the table whose year lies in [from, to]; lo > hi when none. */
export function rowRange(table: WindowTable, from?: number, to?: number): { lo: number; hi: number } {
  const lo = Math.max(0, (from ?? -Infinity) - table.firstYear);
  const hi = Math.min(table.years - 1, (to ?? Infinity) - table.firstYear);
  return { lo, hi };
}

interface BaseRateCounts {
  rising: number;
  falling: number;
  windows: number;
}

const baseRates = new WeakMap<PriceSeries, Map<string, BaseRateCounts>>();

/**
 * The symbol's share of all windows of `calendarDays` (every start day of the non-leap
 * calendar) in the given start years that won in the direction: rose for long, fell for
 * short. Null when no such window counts.
 */
export function baseRate(
  series: PriceSeries,
  calendarDays: number,
  years: readonly number[],
  direction: 'long' | 'short',
): number | null {
  const memo = memoized(baseRates, series, () => new Map<string, BaseRateCounts>());
  const key = `${calendarDays}|${years.join(',')}`;
  const counts = memoized(memo, key, () => countBaseRate(series, calendarDays, years));
  if (counts.windows === 0) return null;
  return (direction === 'long' ? counts.rising : counts.falling) / counts.windows;
}

function countBaseRate(series: PriceSeries, calendarDays: number, years: readonly number[]): BaseRateCounts {
  const table = windowTable(series);
  const close = series.close;
  const counts: BaseRateCounts = { rising: 0, falling: 0, windows: 0 };
  if (calendarDays <= 0 || calendarDays > DAYS_IN_CALENDAR) return counts;
  for (const year of years) {
    const row = year - table.firstYear;
    if (row < 0 || row >= table.years) continue;
    for (let k = 0; k < DAYS_IN_CALENDAR; k++) {
      const e = k + calendarDays;
      const cross = e >= DAYS_IN_CALENDAR ? 1 : 0;
      if (row + cross >= table.years) continue;
      const a = entryAt(table.base[row]!, table.entry[row * DAYS_IN_CALENDAR + k]!);
      const b = exitAt(
        table.base[row + cross]!,
        table.exit[(row + cross) * DAYS_IN_CALENDAR + e - cross * DAYS_IN_CALENDAR]!,
      );
      if (a < 0 || b <= a) continue;
      const r = close[b]! / close[a]! - 1;
      counts.windows++;
      counts.rising += Number(r > 0);
      counts.falling += Number(r < 0);
    }
  }
  return counts;
}
