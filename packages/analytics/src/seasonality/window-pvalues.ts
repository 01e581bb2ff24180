import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import type { Direction } from './statistics.js';
import { BUCKETS, bucketOf, type ValueBuckets } from '../stats/q-values-by-bucket.js';
import type { GridRuns } from './grid-runs.js';
import { WindowGrid, startPositions } from './window-grid.js';
import { entryAt, exitAt, windowTable, type WindowTable } from './window-table.js';
import {
  bookTail,
  rateBook,
  rateEntry,
  seriesRates,
  storeRateEntry,
  tailOf,
  yearCounts,
  type RateBook,
  type SeriesRates,
  type TailPlane,
} from './base-rates.js';
import { fillPlaneSlot, planeTail, tailPlane } from './tail-planes.js';

/**
 * The pValues of the tests, as distinct values and how many tests have each (a value may be
 * listed more than once): what Benjamini–Hochberg needs of them (benjaminiHochbergTally).
 */
export class PValueTally {
  values = new Float64Array(1024);
  weights = new Int32Array(1024);
  size = 0;
  /**
   * The values' buckets for Benjamini–Hochberg (qValuesByBucket), found as they are added;
   * null once a value has none (NaN): then they are left to the sort.
   */
  buckets: ValueBuckets | null = freshBuckets(1024);

  /** Empties the tally for a new scan. */
  clear(): void {
    this.size = 0;
    if (!this.buckets) this.buckets = freshBuckets(this.values.length);
    this.buckets.counts.fill(0);
    this.buckets.tests.fill(0);
  }

  /** Adds `tests` tests of pValue p as a value of its own. */
  add(p: number, tests: number): void {
    this.addInBucket(p, bucketOf(p), tests);
  }

  /** add, with p's bucket known (bucketOf(p)). */
  addInBucket(p: number, b: number, tests: number): void {
    if (this.size === this.values.length) this.reserve(1);
    const buckets = this.buckets;
    if (buckets) {
      if (b < 0) this.buckets = null;
      else {
        buckets.bucket[this.size] = b;
        buckets.counts[b]!++;
        buckets.tests[b]! += tests;
      }
    }
    this.values[this.size] = p;
    this.weights[this.size++] = tests;
  }

  /** Room for `more` values past the tally's size. */
  reserve(more: number): void {
    if (this.size + more <= this.values.length) return;
    const size = Math.max(2 * this.values.length, this.size + more);
    const values = new Float64Array(size);
    values.set(this.values.subarray(0, this.size));
    this.values = values;
    const weights = new Int32Array(size);
    weights.set(this.weights.subarray(0, this.size));
    this.weights = weights;
    if (this.buckets) {
      const bucket = new Uint16Array(size);
      bucket.set(this.buckets.bucket.subarray(0, this.size));
      this.buckets.bucket = bucket;
    }
  }
}

const NO_BUCKETS = freshBuckets(0);

function freshBuckets(size: number): ValueBuckets {
  return { bucket: new Uint16Array(size), counts: new Int32Array(BUCKETS), tests: new Float64Array(BUCKETS) };
}

/** Cells of a grid that holds the series' counts over rows lo … hi (WindowGrid.fill). */
export interface GridCells {
  series: PriceSeries;
  table: WindowTable;
  grid: WindowGrid;
  cells: readonly number[];
  lo: number;
  hi: number;
}

/**
 * The pValues of the given grid cells in each of the directions (one array per direction),
 * equal to those windowDetails reports. The grid must hold the series' counts over rows
 * lo … hi (WindowGrid.fill).
 * The base rate of a window is the share of winners among every window of its calendarDays in
 * the start years it counts: per series and length, each start year's counts are computed once,
 * when a window first needs that year (yearCounts), and summed over the window's years. Every
 * window of one length that counts in the same contiguous years (nearly all of a scan's)
 * shares those sums and the binomial tails by number of winners: both kept per series and
 * years, by length, across calls (a RateBook), so a warm scan reads one memoized tail per
 * window.
 */
export function cellPValuesFor(
  { series, table, grid, cells, lo, hi }: GridCells,
  directions: readonly Direction[],
): Float64Array[] {
  const rates = seriesRates(series);
  return directions.map((direction) => {
    const long = direction === 'long';
    return Float64Array.from(cells, (cell) => pValueOfCell({ series, rates, table, grid, lo, hi }, cell, long));
  });
}

/** Lengths asked of one book below which counting them one by one (yearCounts) is as quick. */
const BOOK_FILL_MIN_LENGTHS = 8;
const ALL_STARTS = startPositions(0, DAYS_IN_CALENDAR - 1);
/** The grids prefillRateBooks counts with, by range of lengths, kept for the next series (2.6 MB at 364 lengths). */
const bookGrids = new Map<number, WindowGrid>();
const MAX_BOOK_GRIDS = 4;

/**
 * Puts into the series' rate books the base rates that cellPValuesFor will read for these
 * cells, many lengths at once: for each book (contiguous rows first … last) asked for many
 * lengths, one WindowGrid over every start day and those lengths, filled over its rows with
 * the series' own window table (the counting kernel), summed by length. The counts are those
 * of yearCounts summed over the rows, to the unit: the same windows (an entry, an exit after
 * it, none past the table's last row) and the same signs. A seasonal alert over 1 … 364 days
 * reads every length's base rate; length by length, every row was read 364 times in JavaScript.
 */
export function prefillRateBooks({ series, table, grid, cells, lo, hi }: GridCells): void {
  const rates = seriesRates(series);
  const filled: FilledGrid = { series, rates, table, grid, lo, hi };
  const asked = new Map<RateBook, { shortest: number; longest: number; cells: number }>();
  for (const cell of cells) {
    const first = countedFrom(filled, cell);
    if (first < 0) continue;
    const book = rateBook(rates, first, first + grid.count[cell]! - 1);
    const days = grid.daysOf(cell);
    if (book.at[days]! >= 0) continue;
    const range = asked.get(book);
    if (!range) asked.set(book, { shortest: days, longest: days, cells: 1 });
    else {
      range.shortest = Math.min(range.shortest, days);
      range.longest = Math.max(range.longest, days);
      range.cells++;
    }
  }
  const shared = windowTable(series);
  const done: { book: RateBook; shortest: number; longest: number }[] = [];
  // The longest books first: a book one row shorter than one done (the windows across the
  // year end lose the last row) is that book less the row's counts, without a second grid.
  const books = [...asked].sort(([a], [b]) => b.last - b.first - (a.last - a.first));
  for (const [book, { shortest, longest, cells: asking }] of books) {
    if (asking < BOOK_FILL_MIN_LENGTHS) continue;
    const parent = done.find(
      (d) =>
        d.shortest <= shortest &&
        d.longest >= longest &&
        ((d.book.first === book.first && d.book.last === book.last + 1) ||
          (d.book.first === book.first - 1 && d.book.last === book.last)),
    );
    if (parent) {
      const row = parent.book.first === book.first ? parent.book.last : parent.book.first;
      const less = countsByLength(series, shared, row, row, shortest, longest);
      const from = parent.book.data;
      for (let li = 0; li < less.windows.length; li++) {
        const at = parent.book.at[shortest + li]!;
        storeRateEntry(
          book,
          shortest + li,
          from[at]! - less.rising[li]!,
          from[at + 1]! - less.falling[li]!,
          from[at + 2]! - less.windows[li]!,
        );
      }
    } else {
      const sums = countsByLength(series, shared, book.first, book.last, shortest, longest);
      for (let li = 0; li < sums.windows.length; li++)
        storeRateEntry(book, shortest + li, sums.rising[li]!, sums.falling[li]!, sums.windows[li]!);
    }
    done.push({ book, shortest, longest });
  }
}

/**
 * Per length shortest … longest, the windows of every start day in rows first … last of the
 * table: how many count, rose and fell (one grid filled by the counting kernel, summed by length).
 */
function countsByLength(
  series: PriceSeries,
  table: WindowTable,
  first: number,
  last: number,
  shortest: number,
  longest: number,
): { rising: Float64Array; falling: Float64Array; windows: Float64Array } {
  const lengths = longest - shortest + 1;
  const key = shortest * 1000 + longest;
  let g = bookGrids.get(key);
  if (!g) {
    if (bookGrids.size >= MAX_BOOK_GRIDS) bookGrids.clear();
    g = new WindowGrid(ALL_STARTS, shortest, longest);
    bookGrids.set(key, g);
  }
  g.fillCounts(series, table, first, last);
  // Cells are start-major: the lengths of one start side by side, summed in that order.
  const rising = new Float64Array(lengths);
  const falling = new Float64Array(lengths);
  const windows = new Float64Array(lengths);
  for (let c = 0; c < g.count.length; c += lengths) {
    for (let li = 0; li < lengths; li++) {
      windows[li]! += g.count[c + li]!;
      rising[li]! += g.rising[c + li]!;
      falling[li]! += g.falling[c + li]!;
    }
  }
  return { rising, falling, windows };
}

/**
 * Tallies the pValue of every test of the grid, filled with `runs` (WindowGrid.fill): each
 * cell counted in at least minYears years, once per direction, as cellPValuesFor computes
 * them. Returns the number of cells tested. A regular cell's pValue is its span's and
 * length's tail at its number of winners, so each group's cells are tallied by winners, one
 * value for all the cells of a length with as many winners; irregular cells one by one.
 */
export function tallyPValues(
  series: PriceSeries,
  table: WindowTable,
  grid: WindowGrid,
  runs: GridRuns,
  minYears: number,
  lo: number,
  hi: number,
  directions: readonly Direction[],
  tally: PValueTally,
): number {
  const rates = seriesRates(series);
  const long = directions.includes('long');
  const short = directions.includes('short');
  const { lengths, rising, falling } = runs;
  let cells = 0;
  for (let g = 0; g < runs.groups; g++) {
    const years = runs.years[g]!;
    if (years < minYears) continue;
    const first = runs.first[g]!;
    // Each cell is once in each histogram: the cells are counted from the one asked for.
    if (long)
      cells += tallyGroup(
        series,
        rates,
        runs,
        rising,
        g,
        tailPlane(rates, first, years, grid.minDays, lengths, true),
        tally,
      );
    const counted = short
      ? tallyGroup(series, rates, runs, falling, g, tailPlane(rates, first, years, grid.minDays, lengths, false), tally)
      : 0;
    if (!long) cells += counted;
  }
  const filled: FilledGrid = { series, rates, table, grid, lo, hi };
  for (let i = 0; i < runs.irregularCount; i++) {
    const cell = runs.irregular[i]!;
    if (grid.count[cell]! < minYears) continue;
    cells++;
    if (long) tally.add(pValueOfCell(filled, cell, true), 1);
    if (short) tally.add(pValueOfCell(filled, cell, false), 1);
  }
  return cells;
}

/** Tallies group g's histogram of winners (rising or falling) with the plane of its direction; returns its cells. */
function tallyGroup(
  series: PriceSeries,
  rates: SeriesRates,
  runs: GridRuns,
  winners: Int32Array,
  g: number,
  plane: TailPlane,
  tally: PValueTally,
): number {
  const { lengths, stride } = runs;
  const { years, tails, buckets } = plane;
  // At most one value a slot: room made once, then the tally's arrays written here (this
  // loop is the scan's tally; a call per value measurably slowed it).
  tally.reserve(lengths * (years + 1));
  const { values, weights } = tally;
  let bucketed = tally.buckets !== null;
  const { bucket, counts, tests } = tally.buckets ?? NO_BUCKETS;
  let size = tally.size;
  let cells = 0;
  for (let li = 0, base = g * lengths * stride, slot = 0; li < lengths; li++, base += stride) {
    for (let wins = 0; wins <= years; wins++, slot++) {
      const n = winners[base + wins]!;
      if (n === 0) continue;
      const known = tails[slot]!;
      const tail = known < 0 ? fillPlaneSlot(series, rates, plane, slot) : known;
      values[size] = tail;
      weights[size] = n;
      if (bucketed) {
        const b = buckets[slot]!;
        if (b < 0) {
          // A value without a bucket (NaN): as addInBucket, the buckets are given up.
          bucketed = false;
          tally.buckets = null;
        } else {
          bucket[size] = b;
          counts[b]!++;
          tests[b]! += n;
        }
      }
      size++;
      cells += n;
    }
  }
  tally.size = size;
  return cells;
}

/**
 * The pValue of one cell of a grid filled with `runs`, in one direction (cellPValuesFor's,
 * for one): a regular cell's from its span's book, without reading its rows again.
 */
export function runCellPValue(
  series: PriceSeries,
  table: WindowTable,
  grid: WindowGrid,
  runs: GridRuns,
  cell: number,
  lo: number,
  hi: number,
  direction: Direction,
): number {
  const first = runs.regularFirst(grid, cell);
  const long = direction === 'long';
  const rates = seriesRates(series);
  if (first < 0) return pValueOfCell({ series, rates, table, grid, lo, hi }, cell, long);
  // The plane the tally just read for the cell's span (warm), at its length and winners.
  const years = grid.count[cell]!;
  const plane = tailPlane(rates, first, years, grid.minDays, grid.lengths, long);
  const slot = (cell % grid.lengths) * (years + 1) + (long ? grid.rising[cell]! : grid.falling[cell]!);
  return planeTail(series, rates, plane, slot);
}

/** A series' grid, filled (WindowGrid.fill) with its window table over rows lo … hi: what a cell's pValue reads. */
interface FilledGrid {
  series: PriceSeries;
  rates: SeriesRates;
  table: WindowTable;
  grid: WindowGrid;
  lo: number;
  hi: number;
}

/** The pValue of one cell in one direction, from the rows it counts in (cellPValuesFor's). */
function pValueOfCell(filled: FilledGrid, cell: number, long: boolean): number {
  const first = countedFrom(filled, cell);
  if (first < 0) return scatteredPValue(filled, cell, long);
  return contiguousPValue(filled.series, filled.rates, filled.grid, cell, first, long);
}

/** The pValue of a cell counted in every row from `first` on (as many as its count): its book's tail. */
function contiguousPValue(
  series: PriceSeries,
  rates: SeriesRates,
  grid: WindowGrid,
  cell: number,
  first: number,
  long: boolean,
): number {
  const book = rateBook(rates, first, first + grid.count[cell]! - 1);
  const wins = long ? grid.rising[cell]! : grid.falling[cell]!;
  return bookTail(book, rateEntry(series, rates, book, grid.daysOf(cell)), long, wins);
}

/**
 * The first table row a cell (filled over rows lo … hi) counts in when the rows it counts in
 * are contiguous (the last is then that + its count − 1), else −1. Nearly always every row
 * counts (its count says so); otherwise the rows are looked at from both ends.
 */
function countedFrom(filled: FilledGrid, cell: number): number {
  const { grid, lo, hi, table } = filled;
  const n = grid.count[cell]!;
  if (n === 0) return -1;
  // countedRows' top, without making its closures (this runs for every cell of a scan).
  const cross = grid.startOf(cell) + grid.daysOf(cell) >= DAYS_IN_CALENDAR ? 1 : 0;
  if (n === Math.min(hi, table.years - 1 - cross) - lo + 1) return lo;
  const rows = countedRows(filled, cell);
  if (n === rows.top - lo + 1) return lo;
  const { first, last } = rows.hull();
  return last - first + 1 === n ? first : -1;
}

/**
 * A cell's rows: the last the grid counted (`top`; lo … hi, and before the last row when
 * crossing the year end), whether the window counts in a row, and the first and last rows it
 * counts in.
 */
function countedRows({ table, grid, lo, hi }: FilledGrid, cell: number) {
  const D = DAYS_IN_CALENDAR;
  const { base, entry, exit } = table;
  const k = grid.startOf(cell);
  const days = grid.daysOf(cell);
  const cross = k + days >= D ? 1 : 0;
  const e = k + days - cross * D;
  const top = Math.min(hi, table.years - 1 - cross);
  const counted = (row: number) => {
    const a = entryAt(base[row]!, entry[row * D + k]!);
    return a >= 0 && exitAt(base[row + cross]!, exit[(row + cross) * D + e]!) > a;
  };
  const hull = () => {
    let first = lo;
    let last = top;
    while (first <= last && !counted(first)) first++;
    while (last > first && !counted(last)) last--;
    return { first, last };
  };
  return { days, top, counted, hull };
}

/** The pValue of a cell whose years have gaps (short windows over holidays, a year set): row by row. */
function scatteredPValue(filled: FilledGrid, cell: number, long: boolean): number {
  const { series, rates, grid } = filled;
  const { days, counted, hull } = countedRows(filled, cell);
  const { first, last } = hull();
  const counts = yearCounts(series, rates.lengths, days, first, last);
  let won = 0;
  let windows = 0;
  for (let row = first; row <= last; row++) {
    if (!counted(row)) continue;
    won += counts[3 * row + (long ? 0 : 1)]!;
    windows += counts[3 * row + 2]!;
  }
  const wins = long ? grid.rising[cell]! : grid.falling[cell]!;
  return windows === 0 ? NaN : tailOf(wins, grid.count[cell]!, won, windows);
}
