// The base rates of the pValues (analytics.md, "pValue"): per series and holding length, each
// start year's rising / falling / window counts, summed over the years a window counts, with
// the binomial tails asked of them memoized (scans of one market keep asking the same).
import { binomialUpperTail } from '../stats/binomial.js';
import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import { entryAt, exitAt, windowTable } from './window-table.js';

/**
 * binomialUpperTail(wins, n, won / windows), memoized across calls: the tail is a function of
 * these four integers alone, and scans of one market keep asking for the same ones. Bounded
 * (about 60 bytes an entry): a warm scan reads its tails from its planes (tail-planes.ts),
 * so this serves the first scan of a shape and the per-window callers.
 */
const tails = new Map<number | string, number>();
const MAX_TAILS = 1 << 18;

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
 * each holding length asked so far: its rising, falling and window counts. One flat array per
 * year range, so that a scan reads a series' rates from a few cache lines rather than an
 * object per length. The tails by number of winners are kept in the scans' planes (a warm
 * scan reads nothing else); `tails` here holds only those asked one window at a time
 * (bookTail: irregular cells, the windows of best trades), made when first asked. With
 * every tail in every book, a book was 13 KB a symbol and year range: about 0.35 GB at
 * 10,000 symbols over the two scan shapes of a bench run.
 */
export interface RateBook {
  first: number;
  last: number;
  /** Per calendarDays: where its entry starts in `data`, or −1 when not asked yet. */
  at: Int16Array;
  /** Entries of 3 numbers: rising, falling, windows. */
  data: Float64Array;
  size: number;
  /**
   * Entry e's long tails by number of winners at e · 2 · (years + 1), then its short tails
   * (−1: not asked yet); empty until bookTail is first asked.
   */
  tails: Float64Array;
}

/**
 * A scan's view of a book (tail-planes.ts): the tails of the windows counted in every year of rows first … first + years − 1, of
 * lengths minDays … minDays + lengths − 1 calendar days, in one direction: slot
 * li · (years + 1) + wins holds the pValue of `wins` winners (rateTail's; −1 until asked) and
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
  lengths: LengthCounts;
  books: RateBook[];
  planes: TailPlane[];
}

/**
 * Each holding length's year counts of one series, in one array rather than an array per
 * length (an array costs about 200 bytes of its own: at 10,000 symbols and a scan's 21
 * lengths, 40 MB): length d's block starts at slot[d] · stride, 4 numbers a table row
 * (rising, falling, windows, then 1 once counted).
 */
export interface LengthCounts {
  /** Per calendar days: its block's number, or −1 when not asked yet. */
  slot: Int16Array;
  data: Uint16Array;
  used: number;
}

/** Blocks added at a time to a series' length counts. */
const LENGTH_BLOCKS = 8;

const seriesMemo = new WeakMap<PriceSeries, SeriesRates>();
/** Books kept per series: year ranges asked of one market (from/to and year sets). */
const MAX_BOOKS = 64;

export function seriesRates(series: PriceSeries): SeriesRates {
  let rates = seriesMemo.get(series);
  if (!rates) {
    rates = {
      lengths: { slot: new Int16Array(DAYS_IN_CALENDAR + 1).fill(-1), data: new Uint16Array(0), used: 0 },
      books: [],
      planes: [],
    };
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
    at: new Int16Array(DAYS_IN_CALENDAR + 1).fill(-1),
    data: new Float64Array(3 * 8),
    size: 0,
    tails: EMPTY_TAILS,
  };
  books.push(book);
  return book;
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
  return storeRateEntry(book, days, rising, falling, windows);
}

/**
 * Puts the counts of windows of `days` calendar days over the book's rows into the book (as
 * rateEntry sums them from yearCounts): for callers that count many lengths at once. Returns
 * where the entry starts; one already there is kept.
 */
export function storeRateEntry(book: RateBook, days: number, rising: number, falling: number, windows: number): number {
  const known = book.at[days]!;
  if (known >= 0) return known;
  if (book.size + 3 > book.data.length) {
    // By 8 entries: a scan's lengths are asked together, and a book stays small (3 numbers a length).
    const data = new Float64Array(book.size + 3 * 8);
    data.set(book.data.subarray(0, book.size));
    book.data = data;
  }
  const at = book.size;
  book.data[at] = rising;
  book.data[at + 1] = falling;
  book.data[at + 2] = windows;
  book.size += 3;
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
  memo: LengthCounts,
  calendarDays: number,
  first: number,
  last: number,
): Uint16Array {
  const D = DAYS_IN_CALENDAR;
  const { base, entry, exit, years } = windowTable(series);
  // The counts (3 a row), then a flag a row: 1 once the row is counted.
  const stride = 4 * years;
  let block = memo.slot[calendarDays]!;
  if (block < 0) {
    block = memo.used++;
    memo.slot[calendarDays] = block;
    if (memo.data.length < memo.used * stride) {
      const data = new Uint16Array((memo.used + LENGTH_BLOCKS - 1) * stride);
      data.set(memo.data);
      memo.data = data;
    }
  }
  const out = memo.data.subarray(block * stride, (block + 1) * stride);
  const done = 3 * years;
  const close = series.close;
  // The exit of the window starting at cell row·365 + k is at cell row·365 + k + calendarDays
  // (the next year's row when it crosses the year end): no cell past the last row.
  const cells = years * D;
  for (let row = Math.max(0, first); row <= last && row < years; row++) {
    if (out[done + row]) continue;
    let rising = 0;
    let falling = 0;
    let windows = 0;
    const end = Math.min(row * D + D, cells - calendarDays);
    const entryBase = base[row]!;
    // The exit of the windows that start at cell i ≥ cross cross the year end (the next row's base).
    const cross = row * D + D - calendarDays;
    for (let i = row * D; i < end; i++) {
      const a = entryAt(entryBase, entry[i]!);
      if (a < 0) continue;
      const b = exitAt(base[i < cross ? row : row + 1]!, exit[i + calendarDays]!);
      if (b <= a) continue;
      const r = close[b]! / close[a]! - 1;
      windows++;
      rising += Number(r > 0);
      falling += Number(r < 0);
    }
    out[3 * row] = rising;
    out[3 * row + 1] = falling;
    out[3 * row + 2] = windows;
    out[done + row] = 1;
  }
  return out;
}

const EMPTY_TAILS = new Float64Array(0);

/**
 * The pValue of `wins` winners among the book's years for the entry at `at` (NaN when no
 * window counts), memoized in the book.
 */
export function bookTail(book: RateBook, at: number, long: boolean, wins: number): number {
  const years = book.last - book.first + 1;
  const per = 2 * (years + 1);
  const slot = (at / 3) * per + (long ? 0 : years + 1) + wins;
  if (slot >= book.tails.length) {
    // Room for every entry the book holds now (most callers then ask the book's other lengths).
    const tails = new Float64Array(Math.max(slot + 1, (book.size / 3) * per)).fill(-1);
    tails.set(book.tails);
    book.tails = tails;
  }
  const known = book.tails[slot]!;
  // A tail computed before (NaN included) is read alone.
  if (!(known < 0)) return known;
  const tail = rateTail(book, at, long, wins);
  book.tails[slot] = tail;
  return tail;
}

/** bookTail without its memo in the book (a scan's planes keep the tails they ask for). */
export function rateTail(book: RateBook, at: number, long: boolean, wins: number): number {
  const data = book.data;
  const windows = data[at + 2]!;
  return windows === 0 ? NaN : tailOf(wins, book.last - book.first + 1, long ? data[at]! : data[at + 1]!, windows);
}
