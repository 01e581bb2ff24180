import { DAYS_IN_CALENDAR } from './calendar-days.js';
import type { WindowGrid } from './window-grid.js';
import type { Direction } from './statistics.js';
import type { WindowTable } from './window-table.js';

/**
 * What WindowGrid.fill notes for the pValues' tally (window-pvalues.ts) as it counts: nearly
 * every window counts in each year of one contiguous span of start years, the same span for
 * all the lengths of a start, and its pValue depends on that span, its length and its number
 * of winners alone. Such cells are kept as groups by span (first table row, years), each with
 * its cells' numbers of rising and of falling years by length; the other cells (a year
 * missing inside the span: holidays, a year set) are listed for the slower path.
 */
export class GridRuns {
  /** Per group: the first table row of its span and its number of years. */
  first = new Int32Array(8);
  years = new Int32Array(8);
  groups = 0;
  /** The directions whose winners are counted. */
  long = true;
  short = true;
  /** Winners' counts: rising[(group · lengths + length index) · stride + winners] cells; falling alike. */
  rising = new Int32Array(0);
  falling = new Int32Array(0);
  /** One more than the most years a cell can count in. */
  stride = 0;
  lengths = 0;
  /**
   * Per start: the first table row it has an entry in (−1: none), and how many years a
   * regular cell of it counts in when it stays in the year and when it crosses the year end.
   */
  startFirst = new Int32Array(0);
  inYearYears = new Int32Array(0);
  crossingYears = new Int32Array(0);
  /** The irregular cells that count in some year. */
  irregular = new Int32Array(64);
  irregularCount = 0;

  /**
   * Notes the cells of a grid just filled (WindowGrid.fill) with `table` over rows lo … hi,
   * counting winners in the directions asked for (the other histogram is left as it was: not read).
   */
  note(grid: WindowGrid, table: WindowTable, lo: number, hi: number, directions: readonly Direction[]): void {
    this.long = directions.includes('long');
    this.short = directions.includes('short');
    const starts = grid.starts.length;
    if (this.startFirst.length < starts) {
      this.startFirst = new Int32Array(starts);
      this.inYearYears = new Int32Array(starts);
      this.crossingYears = new Int32Array(starts);
    }
    this.groups = 0;
    this.irregularCount = 0;
    this.lengths = grid.lengths;
    this.stride = hi - lo + 2;
    for (let si = 0; si < starts; si++) this.noteStart(grid, table, si, lo, hi);
  }

  /** The group of the span of `years` years from table row `first`, made (its counts 0) when new. */
  groupOf(first: number, years: number): number {
    for (let g = 0; g < this.groups; g++) if (this.first[g] === first && this.years[g] === years) return g;
    const g = this.groups++;
    if (g === this.first.length) {
      this.first = grown(this.first, 2 * g);
      this.years = grown(this.years, 2 * g);
    }
    this.first[g] = first;
    this.years[g] = years;
    const size = this.lengths * this.stride;
    if (this.rising.length < (g + 1) * size) {
      this.rising = grown(this.rising, 2 * (g + 1) * size);
      this.falling = grown(this.falling, 2 * (g + 1) * size);
    }
    if (this.long) this.rising.fill(0, g * size, (g + 1) * size);
    if (this.short) this.falling.fill(0, g * size, (g + 1) * size);
    return g;
  }

  /** Notes the cells of one start (si). */
  private noteStart(grid: WindowGrid, table: WindowTable, si: number, lo: number, hi: number): void {
    const D = DAYS_IN_CALENDAR;
    const { entry, years } = table;
    const k = grid.starts[si]!;
    const rows = hi - lo + 1;
    let firstEntry = 0;
    // An offset is negative only when the cell holds no bar (NONE).
    while (firstEntry < rows && entry[(lo + firstEntry) * D + k]! < 0) firstEntry++;
    let lastEntry = rows - 1;
    while (lastEntry > firstEntry && entry[(lo + lastEntry) * D + k]! < 0) lastEntry--;
    if (firstEntry === rows) {
      this.startFirst[si] = -1;
      this.inYearYears[si] = 0;
      this.crossingYears[si] = 0;
      return;
    }
    const { lengths } = grid;
    // A regular cell counts in every year from the start's first entry to its last row (one
    // fewer when it crosses the year end: its exit is in the next year's row).
    const inYear = Math.min(lastEntry, Math.min(rows, years - lo) - 1) - firstEntry + 1;
    const crossing = Math.min(lastEntry, Math.min(rows, years - 1 - lo) - 1) - firstEntry + 1;
    this.startFirst[si] = lo + firstEntry;
    this.inYearYears[si] = inYear;
    this.crossingYears[si] = crossing;
    // Lengths from crossFrom on cross the year end.
    const crossFrom = Math.max(0, Math.min(lengths, D - k - grid.minDays));
    if (crossFrom > 0 && inYear > 0) this.noteCells(grid, si * lengths, 0, crossFrom, lo + firstEntry, inYear);
    if (crossFrom < lengths && crossing > 0)
      this.noteCells(grid, si * lengths, crossFrom, lengths, lo + firstEntry, crossing);
  }

  /**
   * Notes the cells of lengths from … to − 1 of the start whose first cell is `cell0`: a cell
   * counted in `years` years from row `first` is regular, any other that counts is not.
   */
  private noteCells(grid: WindowGrid, cell0: number, from: number, to: number, first: number, years: number): void {
    const { count, rising, falling } = grid;
    const stride = this.stride;
    const at = this.groupOf(first, years) * this.lengths * stride;
    const risingCells = this.rising;
    const fallingCells = this.falling;
    const { long, short } = this;
    for (let li = from, c = cell0 + from; li < to; li++, c++) {
      const n = count[c]!;
      if (n !== years) {
        if (n > 0) this.addIrregular(c);
        continue;
      }
      if (long) risingCells[at + li * stride + rising[c]!]!++;
      if (short) fallingCells[at + li * stride + falling[c]!]!++;
    }
  }

  /** The first table row of a cell's years when it is regular (counted in `n` years), else −1. */
  regularFirst(grid: WindowGrid, cell: number): number {
    const si = Math.floor(cell / grid.lengths);
    const n = grid.count[cell]!;
    const cross = grid.starts[si]! + grid.minDays + (cell % grid.lengths) >= DAYS_IN_CALENDAR;
    return n > 0 && n === (cross ? this.crossingYears[si] : this.inYearYears[si]) ? this.startFirst[si]! : -1;
  }

  addIrregular(cell: number): void {
    if (this.irregularCount === this.irregular.length) this.irregular = grown(this.irregular, 2 * this.irregularCount);
    this.irregular[this.irregularCount++] = cell;
  }
}

function grown(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size);
  out.set(array);
  return out;
}
