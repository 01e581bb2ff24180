// The base rates of the pValues (analytics.md, "pValue"): per series and holding length, each
// start year's rising / falling / window counts, summed over the years a window counts, with
// the binomial tails asked of them memoized (scans of one market keep asking the same).
import { binomialUpperTail } from '../stats/binomial.js';
import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import { barAt, windowTable } from './window-table.js';

/**
 * binomialUpperTail(wins, n, won / windows), memoized across calls: the tail is a function of
 * these four integers alone, and scans of one market keep asking for the same ones.
 */
const tails = new Map<number | string, number>();
const MAX_TAILS = 1 << 20;

export function tailOf(wins: number, n: number, won: number, windows: number): number {
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

/**
 * The base rates of one series over the contiguous start years first … last (table rows), for
 * each holding length asked so far, with the tails already computed for them by number of
 * winners. One flat array per year range, so that a scan reads a series' rates from a few
 * cache lines rather than an object per length.
 */
export interface RateBook {
  first: number;
  last: number;
  /** Per calendarDays: where its entry starts in `data`, or −1 when not asked yet. */
  at: Int32Array;
  /**
   * Entries of 3 + 2·(years + 1) numbers: rising, falling, windows, then the long tails and the
   * short tails by number of winners (−1: not computed yet).
   */
  data: Float64Array;
  size: number;
}

/**
 * A scan's view of a book (tail-planes.ts): the tails of the windows counted in every year of rows first … first + years − 1, of
 * lengths minDays … minDays + lengths − 1 calendar days, in one direction: slot
 * li · (years + 1) + wins holds the pValue of `wins` winners (bookTail's; −1 until asked) and
 * in `buckets` its bucket (bucketOf's: −1 for NaN).
 */
export interface TailPlane {
  first: number;
  years: number;
  minDays: number;
  lengths: number;
  long: boolean;
  tails: Float64Array;
  buckets: Int16Array;
}

/** Per series: each length's year counts (yearCounts), the rate books asked of it and the scans' planes of them. */
export interface SeriesRates {
  lengths: (LengthMemo | undefined)[];
  books: RateBook[];
  planes: TailPlane[];
}

/** Per holding length of a series: each row's counts (3 a row) and which rows hold them. */
export interface LengthMemo {
  counts: Uint16Array;
  done: Uint8Array;
}

const seriesMemo = new WeakMap<PriceSeries, SeriesRates>();
/** Books kept per series: year ranges asked of one market (from/to and year sets). */
const MAX_BOOKS = 64;

export function seriesRates(series: PriceSeries): SeriesRates {
  let rates = seriesMemo.get(series);
  if (!rates) {
    rates = { lengths: new Array<LengthMemo | undefined>(DAYS_IN_CALENDAR + 1).fill(undefined), books: [], planes: [] };
    seriesMemo.set(series, rates);
  }
  return rates;
}

/** The series' book of rates over rows first … last. */
export function rateBook(rates: SeriesRates, first: number, last: number): RateBook {
  const { books } = rates;
  for (let i = 0; i < books.length; i++) {
    const book = books[i]!;
    if (book.first === first && book.last === last) return book;
  }
  if (books.length >= MAX_BOOKS) books.length = 0;
  const book: RateBook = {
    first,
    last,
    at: new Int32Array(DAYS_IN_CALENDAR + 1).fill(-1),
    data: new Float64Array(8 * entrySize(first, last)),
    size: 0,
  };
  books.push(book);
  return book;
}

function entrySize(first: number, last: number): number {
  return 3 + 2 * (last - first + 2);
}

/** Where the book's entry for windows of `days` calendar days starts in its data (computed when first asked). */
export function rateEntry(series: PriceSeries, rates: SeriesRates, book: RateBook, days: number): number {
  const known = book.at[days]!;
  if (known >= 0) return known;
  const { first, last } = book;
  const counts = yearCounts(series, rates.lengths, days, first, last);
  let rising = 0;
  let falling = 0;
  let windows = 0;
  for (let row = first; row <= last; row++) {
    rising += counts[3 * row]!;
    falling += counts[3 * row + 1]!;
    windows += counts[3 * row + 2]!;
  }
  const size = entrySize(first, last);
  if (book.size + size > book.data.length) {
    const data = new Float64Array(2 * (book.size + size));
    data.set(book.data.subarray(0, book.size));
    book.data = data;
  }
  const at = book.size;
  book.data[at] = rising;
  book.data[at + 1] = falling;
  book.data[at + 2] = windows;
  book.data.fill(-1, at + 3, at + size);
  book.size += size;
  book.at[days] = at;
  return at;
}

/**
 * For each row of the series' window table: [rising, falling, windows] over every start day
 * of the non-leap calendar of the windows of `calendarDays` starting in that year (the
 * counts that baseRate sums over a window's years). Rows first … last are filled when not
 * yet (memoized per series and length); other rows may still be 0.
 */
export function yearCounts(
  series: PriceSeries,
  memo: (LengthMemo | undefined)[],
  calendarDays: number,
  first: number,
  last: number,
): Uint16Array {
  const D = DAYS_IN_CALENDAR;
  const { base, entry, exit, years } = windowTable(series);
  let known = memo[calendarDays];
  if (!known) {
    known = { counts: new Uint16Array(3 * years), done: new Uint8Array(years) };
    memo[calendarDays] = known;
  }
  const { counts: out, done } = known;
  const close = series.close;
  // The exit of the window starting at cell row·365 + k is at cell row·365 + k + calendarDays
  // (the next year's row when it crosses the year end): no cell past the last row.
  const cells = years * D;
  for (let row = Math.max(0, first); row <= last && row < years; row++) {
    if (done[row]) continue;
    let rising = 0;
    let falling = 0;
    let windows = 0;
    const end = Math.min(row * D + D, cells - calendarDays);
    const entryBase = base[row]!;
    // The exit of the windows that start at cell i ≥ cross cross the year end (the next row's base).
    const cross = row * D + D - calendarDays;
    for (let i = row * D; i < end; i++) {
      const a = barAt(entryBase, entry[i]!);
      if (a < 0) continue;
      const b = barAt(base[i < cross ? row : row + 1]!, exit[i + calendarDays]!);
      if (b <= a) continue;
      const r = close[b]! / close[a]! - 1;
      windows++;
      rising += Number(r > 0);
      falling += Number(r < 0);
    }
    out[3 * row] = rising;
    out[3 * row + 1] = falling;
    out[3 * row + 2] = windows;
    done[row] = 1;
  }
  return out;
}

/**
 * The pValue of `wins` winners among the book's years for the entry at `at` (NaN when no
 * window counts), memoized in the book.
 */
export function bookTail(book: RateBook, at: number, long: boolean, wins: number): number {
  const data = book.data;
  const years = book.last - book.first + 1;
  const slot = at + 3 + (long ? 0 : years + 1) + wins;
  const known = data[slot]!;
  // A tail computed before (NaN included) is read alone: the entry's counts are another cache line.
  if (!(known < 0)) return known;
  const windows = data[at + 2]!;
  const tail = windows === 0 ? NaN : tailOf(wins, years, long ? data[at]! : data[at + 1]!, windows);
  data[slot] = tail;
  return tail;
}
