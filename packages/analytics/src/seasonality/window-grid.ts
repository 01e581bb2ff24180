import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR, monthDayLabel } from './calendar-days.js';
import { FillKernel } from './fill-kernel.js';
import { excursion, newExcursion } from './excursions.js';
import {
  riskRankKey,
  riskReturn,
  riskStatistics,
  windowStatistics,
  withRisk,
  type Direction,
  type WindowRiskStats,
} from './statistics.js';
import { entryAt, exitAt, baseRate, forEachWindowYear, type WindowTable } from './window-table.js';

/**
 * Counts of every window (start × length) of one series over a range of start years:
 * the inner loop of best trades and the scanner. Buffers are reused between series.
 */
export class WindowGrid {
  /** Calendar positions (0 … 364) of the starts, in ranking order ("earlier start" first). */
  readonly starts: Int32Array;
  readonly minDays: number;
  readonly lengths: number;
  readonly count: Int32Array;
  readonly rising: Int32Array;
  readonly falling: Int32Array;
  readonly sum: Float64Array;

  constructor(starts: Int32Array, minDays: number, maxDays: number) {
    this.starts = starts;
    this.minDays = minDays;
    this.lengths = maxDays - minDays + 1;
    const cells = starts.length * this.lengths;
    this.count = new Int32Array(cells);
    this.rising = new Int32Array(cells);
    this.falling = new Int32Array(cells);
    this.sum = new Float64Array(cells);
  }

  private entryIndex = new Int32Array(64);
  private entryClose = new Float64Array(64);
  /**
   * After fillCounts, the sums are added only for the cells asked for (sumOf), from the
   * series and rows it counted: `summed` false, `sumKnown` marks the cells done.
   */
  private summed = true;
  private sumKnown = new Uint8Array(0);
  private counted: { series: PriceSeries; table: WindowTable; lo: number; hi: number } | null = null;

  /**
   * Fills the counts for one series over table rows lo … hi (start years); returns the largest
   * count. The WebAssembly kernel counts each run of consecutive starts where the runtime has
   * it; fillScalar is the same count in JavaScript, to the last bit.
   */
  fill(series: PriceSeries, table: WindowTable, lo: number, hi: number): number {
    return this.fillRuns(series, table, lo, hi, true);
  }

  /**
   * fill without the sums, which it adds only for the cells read through sumOf or meanOf
   * (best, compare): the scanner ranks one window a symbol, and the division of every
   * window's return was most of the kernel's time. Counts are fill's: where a close is
   * negative or −0 (the comparison of closes is then not the sign of the return), or where
   * the runtime has no kernel, it is fill.
   */
  fillCounts(series: PriceSeries, table: WindowTable, lo: number, hi: number): number {
    if (!fillKernel() || !closesComparable(series.close)) return this.fill(series, table, lo, hi);
    const most = this.fillRuns(series, table, lo, hi, false);
    this.summed = false;
    if (this.sumKnown.length !== this.sum.length) this.sumKnown = new Uint8Array(this.sum.length);
    else this.sumKnown.fill(0);
    this.counted = { series, table, lo, hi };
    return most;
  }

  private fillRuns(series: PriceSeries, table: WindowTable, lo: number, hi: number, sums: boolean): number {
    const kernel = fillKernel();
    if (!kernel) return this.fillScalar(series, table, lo, hi);
    this.summed = true;
    const { starts, lengths, minDays } = this;
    let most = 0;
    for (let first = 0; first < starts.length;) {
      let end = first + 1;
      while (end < starts.length && starts[end] === starts[end - 1]! + 1) end++;
      const n = kernel.fillRun(
        this,
        first,
        series.close,
        table,
        lo,
        hi - lo + 1,
        starts[first]!,
        end - first,
        minDays,
        lengths,
        sums,
      );
      if (n > most) most = n;
      first = end;
    }
    return most;
  }

  /** fill's counts, by the JavaScript loop. */
  fillScalar(series: PriceSeries, table: WindowTable, lo: number, hi: number): number {
    this.summed = true;
    const { count, rising, falling, sum, starts, lengths, minDays } = this;
    const { base, entry, exit, years } = table;
    const close = series.close;
    const D = DAYS_IN_CALENDAR;
    const rows = hi - lo + 1;
    if (this.entryIndex.length < rows) {
      this.entryIndex = new Int32Array(rows);
      this.entryClose = new Float64Array(rows);
    }
    const entryIndex = this.entryIndex;
    const entryClose = this.entryClose;
    let most = 0;
    for (let si = 0; si < starts.length; si++) {
      const k = starts[si]!;
      for (let r = 0; r < rows; r++) {
        const a = entryAt(base[lo + r]!, entry[(lo + r) * D + k]!);
        entryIndex[r] = a;
        entryClose[r] = a >= 0 ? close[a]! : 0;
      }
      for (let li = 0; li < lengths; li++) {
        let e = k + minDays + li;
        let cross = 0;
        if (e >= D) {
          e -= D;
          cross = 1;
        }
        // A window crossing the year end needs the next year's row.
        const lastRow = Math.min(rows, years - cross - lo);
        let n = 0;
        let up = 0;
        let down = 0;
        let total = 0;
        // Rows in year order, so that the sum matches the pattern's mean to the last bit.
        for (let r = 0, cell = (lo + cross) * D + e; r < lastRow; r++, cell += D) {
          const a = entryIndex[r]!;
          if (a < 0) continue;
          const b = exitAt(base[lo + cross + r]!, exit[cell]!);
          if (b <= a) continue;
          const x = close[b]! / entryClose[r]! - 1;
          n++;
          total += x;
          // Added as numbers, not branched on: a rise or fall is a coin toss the CPU's branch
          // predictor misses half the time (the scan ran 30 % faster so).
          up += Number(x > 0);
          down += Number(x < 0);
        }
        const c = si * lengths + li;
        count[c] = n;
        sum[c] = total;
        rising[c] = up;
        falling[c] = down;
        if (n > most) most = n;
      }
    }
    return most;
  }

  /**
   * Ranking of analytics.md: winRate descending, mean descending, earlier start, shorter
   * length. Negative when cell a (in direction da) ranks before cell b (in direction db).
   */
  compare(a: number, da: Direction, b: number, db: Direction): number {
    const wa = da === 'long' ? this.rising[a]! : this.falling[a]!;
    const wb = db === 'long' ? this.rising[b]! : this.falling[b]!;
    const ca = this.count[a]!;
    const cb = this.count[b]!;
    // winRate compared as exact fractions.
    const byRate = wb * ca - wa * cb;
    if (byRate !== 0) return byRate;
    const ma = this.meanOf(a, da);
    const mb = this.meanOf(b, db);
    if (ma !== mb) return mb > ma ? 1 : -1;
    return a - b; // cells are laid out start-major, then length: earlier start, then shorter.
  }

  /**
   * The cell that ranks first in one direction (compare) among those counted in at least
   * minYears years, or −1: compare's order without its calls, the winRates in one pass and
   * the means of the cells that tie the best in a second.
   */
  best(direction: Direction, minYears: number): number {
    const { count } = this;
    const winners = direction === 'long' ? this.rising : this.falling;
    // The best winRate first, in integers (a fraction compared by cross-multiplying); then,
    // among the cells that have it, the greatest mean, the first cell on a tie. Only those
    // cells' means are read (after fillCounts, only their sums are added).
    let best = -1;
    let bestWins = 0;
    let bestCount = 1;
    let ties = 0;
    for (let c = 0; c < count.length; c++) {
      const n = count[c]!;
      if (n < minYears) continue;
      const wins = winners[c]!;
      const byRate = bestWins * n - wins * bestCount;
      if (byRate > 0 && best >= 0) continue;
      if (byRate === 0 && best >= 0) {
        ties++;
        continue;
      }
      best = c;
      bestWins = wins;
      bestCount = n;
      ties = 0;
    }
    if (ties === 0) return best;
    let bestMean = this.meanOf(best, direction);
    for (let c = best + 1; c < count.length && ties > 0; c++) {
      const n = count[c]!;
      if (n < minYears || bestWins * n !== winners[c]! * bestCount) continue;
      ties--;
      const mean = this.meanOf(c, direction);
      if (mean > bestMean) {
        best = c;
        bestMean = mean;
      }
    }
    return best;
  }

  /** After fillRisk: per cell, the sums over its years of lowest close / entry close − 1 and of highest / entry − 1. */
  private lowSum = new Float64Array(0);
  private highSum = new Float64Array(0);

  /**
   * Adds, after fill or fillCounts of the same series and rows, what the returnToRisk ranking
   * reads of every cell: the sums of its years' excursions (analytics.md, "Risk inside a
   * window"), and its sum of returns as fill adds it. One pass a start and year: the exits of
   * the lengths follow one another, so the lowest and highest closes run along with them.
   * Each cell's years are added in year order, as windowDetails adds them, so that the mean
   * MAE it ranks by is the one reported, to the last bit.
   */
  fillRisk(series: PriceSeries, table: WindowTable, lo: number, hi: number): void {
    const { count, sum, starts, lengths, minDays } = this;
    if (this.lowSum.length !== count.length) {
      this.lowSum = new Float64Array(count.length);
      this.highSum = new Float64Array(count.length);
    }
    const { lowSum, highSum } = this;
    lowSum.fill(0);
    highSum.fill(0);
    sum.fill(0);
    const { base, entry, exit, years } = table;
    const close = series.close;
    const D = DAYS_IN_CALENDAR;
    for (let si = 0; si < starts.length; si++) {
      const k = starts[si]!;
      for (let row = lo; row <= hi; row++) {
        const a = entryAt(base[row]!, entry[row * D + k]!);
        if (a < 0) continue;
        const c0 = close[a]!;
        let low = c0;
        let high = c0;
        let t = a;
        for (let li = 0, c = si * lengths; li < lengths; li++, c++) {
          let e = k + minDays + li;
          let exitRow = row;
          if (e >= D) {
            e -= D;
            exitRow++;
            // A window crossing the year end needs the next year's row (the longer ones too).
            if (exitRow >= years) break;
          }
          const b = exitAt(base[exitRow]!, exit[exitRow * D + e]!);
          if (b <= a) continue;
          for (; t < b;) {
            const x = close[++t]!;
            if (x < low) low = x;
            else if (x > high) high = x;
          }
          lowSum[c] = lowSum[c]! + (low / c0 - 1);
          highSum[c] = highSum[c]! + (high / c0 - 1);
          sum[c] = sum[c]! + (close[b]! / c0 - 1);
        }
      }
    }
    this.summed = true;
  }

  /** A cell's meanMae in the direction (after fillRisk). */
  meanMaeOf(cell: number, direction: Direction): number {
    return direction === 'long' ? this.lowSum[cell]! / this.count[cell]! : 0 - this.highSum[cell]! / this.count[cell]!;
  }

  /** A cell's returnToRisk in the direction (after fillRisk): null when its meanMae is 0. */
  returnToRiskOf(cell: number, direction: Direction): number | null {
    return riskReturn(this.meanOf(cell, direction), this.meanMaeOf(cell, direction));
  }

  /** The first key of the returnToRisk ranking (riskRankKey), −Infinity for a NaN so that it ranks last. */
  riskKeyOf(cell: number, direction: Direction): number {
    const key = riskRankKey(this.returnToRiskOf(cell, direction));
    return key === key ? key : -Infinity;
  }

  /**
   * The returnToRisk ranking of analytics.md ("Rank"), after fillRisk: returnToRisk null first,
   * then returnToRisk descending, then compare's order. Negative when a ranks before b.
   */
  compareRisk(a: number, da: Direction, b: number, db: Direction): number {
    const ka = this.riskKeyOf(a, da);
    const kb = this.riskKeyOf(b, db);
    if (ka !== kb) return kb > ka ? 1 : -1;
    return this.compare(a, da, b, db);
  }

  /** The cell that ranks first by compareRisk among those counted in at least minYears years, or −1. */
  bestByRisk(direction: Direction, minYears: number): number {
    const { count } = this;
    let best = -1;
    let bestKey = -Infinity;
    for (let c = 0; c < count.length; c++) {
      if (count[c]! < minYears) continue;
      const key = this.riskKeyOf(c, direction);
      if (best >= 0 && (key < bestKey || (key === bestKey && this.compare(c, direction, best, direction) >= 0)))
        continue;
      best = c;
      bestKey = key;
    }
    return best;
  }

  meanOf(cell: number, direction: Direction): number {
    const m = this.sumOf(cell) / this.count[cell]!;
    return direction === 'long' ? m : 0 - m;
  }

  /** A cell's sum of returns: fill's, or after fillCounts added now (once) as fill adds it. */
  sumOf(cell: number): number {
    if (this.summed || this.sumKnown[cell] === 1) return this.sum[cell]!;
    const { series, table, lo, hi } = this.counted!;
    const D = DAYS_IN_CALENDAR;
    const { base, entry, exit, years } = table;
    const close = series.close;
    const k = this.startOf(cell);
    let e = this.daysOf(cell) + k;
    let cross = 0;
    if (e >= D) {
      e -= D;
      cross = 1;
    }
    const lastRow = Math.min(hi - lo + 1, years - cross - lo);
    let total = 0;
    // fillScalar's loop for one cell: the rows in year order, so the sum is the same to the last bit.
    for (let r = 0, at = (lo + cross) * D + e; r < lastRow; r++, at += D) {
      const a = entryAt(base[lo + r]!, entry[(lo + r) * D + k]!);
      if (a < 0) continue;
      const b = exitAt(base[lo + cross + r]!, exit[at]!);
      if (b <= a) continue;
      total += close[b]! / close[a]! - 1;
    }
    this.sum[cell] = total;
    this.sumKnown[cell] = 1;
    return total;
  }

  winRateOf(cell: number, direction: Direction): number {
    return (direction === 'long' ? this.rising[cell]! : this.falling[cell]!) / this.count[cell]!;
  }

  startOf(cell: number): number {
    return this.starts[Math.floor(cell / this.lengths)]!;
  }

  daysOf(cell: number): number {
    return this.minDays + (cell % this.lengths);
  }
}

const comparable = new WeakMap<Float64Array, boolean>();
/**
 * Whether every close is NaN or at least +0: then exitClose > entryClose exactly when
 * exitClose / entryClose − 1 > 0 (and < alike), as fillCounts' kernel counts. Once a series.
 */
function closesComparable(close: Float64Array): boolean {
  let known = comparable.get(close);
  if (known === undefined) {
    known = true;
    for (let i = 0; i < close.length; i++) {
      const v = close[i]!;
      if (v < 0 || (v === 0 && 1 / v < 0)) {
        known = false;
        break;
      }
    }
    comparable.set(close, known);
  }
  return known;
}

let kernel: FillKernel | null | undefined;
/** One kernel a thread, compiled on first use. */
function fillKernel(): FillKernel | null {
  if (kernel === undefined) kernel = FillKernel.create();
  return kernel;
}

export interface SeasonalWindow {
  /** 'MM-DD' */
  start: string;
  /** 'MM-DD' */
  end: string;
  /** Holding length in calendar days (the window's calendarDays). */
  days: number;
  stats: WindowRiskStats;
}

const seen = newExcursion();
const maes: number[] = [];
const mfes: number[] = [];

/**
 * The full statistics of the window (start position k, length L) over table rows lo … hi.
 * `pValue`: the window's pValue when the caller has it already (cellPValuesFor's).
 */
export function windowDetails(
  series: PriceSeries,
  table: WindowTable,
  k: number,
  days: number,
  lo: number,
  hi: number,
  direction: Direction,
  pValue?: number,
): SeasonalWindow {
  const D = DAYS_IN_CALENDAR;
  const close = series.close;
  const returns: number[] = [];
  const years: number[] = [];
  maes.length = 0;
  mfes.length = 0;
  forEachWindowYear(table, k, days, lo, hi, (row, a, b) => {
    const r = close[b]! / close[a]! - 1;
    returns.push(direction === 'long' ? r : 0 - r);
    years.push(table.firstYear + row);
    excursion(close, a, b, direction, seen);
    maes.push(seen.mae);
    mfes.push(seen.mfe);
  });
  const stats =
    pValue !== undefined
      ? windowStatistics(returns, days, null, Number.isNaN(pValue) ? null : pValue)
      : windowStatistics(returns, days, years.length > 0 ? baseRate(series, days, years, direction) : null);
  const risk = stats && riskStatistics(maes, mfes, years, stats.mean);
  if (!stats || !risk) throw new Error('windowDetails: a ranked window has no year');
  return { start: monthDayLabel(k), end: monthDayLabel((k + days) % D), days, stats: withRisk(stats, risk) };
}

/** Calendar positions from `from` to `to` inclusive, wrapping past Dec 31 when to < from. */
export function startPositions(from: number, to: number): Int32Array {
  const length = to >= from ? to - from + 1 : DAYS_IN_CALENDAR - from + to + 1;
  const out = new Int32Array(length);
  for (let i = 0; i < length; i++) out[i] = (from + i) % DAYS_IN_CALENDAR;
  return out;
}
