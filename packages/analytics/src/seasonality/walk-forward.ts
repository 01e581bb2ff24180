import type { PriceSeries } from '../series.js';
import { maxOf, mean, median, minOf, sampleStdDev } from '../stats/descriptive.js';
import { bestTrades, checkLengths, defaultMinYears, type BestTradesOptions, type TestedWindow } from './best-trades.js';
import { DAYS_IN_CALENDAR, formatMonthDay, monthDayAt } from './calendar-days.js';
import type { Direction } from './statistics.js';
import { WindowGrid, startPositions } from './window-grid.js';
import { entryAt, exitAt, type WindowTable } from './window-table.js';
import { yearSetTable } from './year-set-table.js';

export interface WalkForwardOptions extends Omit<BestTradesOptions, 'top'> {
  /** The fewest training years the chosen window needs to be traded. Default 10. */
  trainYears?: number;
}

/** One out-of-sample year: the window chosen on the years before it, traded in it. */
export interface WalkForwardTrial {
  year: number;
  start: string;
  end: string;
  days: number;
  return: number;
}

/** Statistics of the out-of-sample returns; count 0 and the rest null when no year was traded. */
export interface OutOfSampleStats {
  count: number;
  winners: number | null;
  losers: number | null;
  winRate: number | null;
  mean: number | null;
  median: number | null;
  stdDev: number | null;
  min: number | null;
  max: number | null;
}

export interface WalkForwardSide {
  trials: WalkForwardTrial[];
  stats: OutOfSampleStats;
}

export interface WalkForwardResult {
  symbol: string;
  trainYears: number;
  long: WalkForwardSide;
  short: WalkForwardSide;
  /** Best trades' first window over all used years, per direction (null when none). */
  inSample: { long: TestedWindow['stats'] | null; short: TestedWindow['stats'] | null };
}

const DIRECTIONS: readonly Direction[] = ['long', 'short'];

/**
 * Walk-forward of best trades (analytics.md, "Walk-forward"): each used year T is traded with
 * the top window chosen on the used years before T, counting a year Y only when its window
 * ends before Jan 1 of T. The training counts grow one year at a time, in year order, so every
 * sum (and so every mean the ranking compares) is the one a fresh best-trades run computes.
 */
export function walkForward(series: PriceSeries, options: WalkForwardOptions): WalkForwardResult {
  checkLengths(options.minDays, options.maxDays);
  const trainYears = options.trainYears ?? 10;
  if (!(Number.isInteger(trainYears) && trainYears >= 1)) throw new RangeError('trainYears must be an integer ≥ 1');
  // Start years outside the year set have no entry: never trained on, never traded.
  const { table, lo, hi } = yearSetTable(series, options);
  const grid = new WindowGrid(startPositions(0, DAYS_IN_CALENDAR - 1), options.minDays, options.maxDays);
  const trials: Record<Direction, WalkForwardTrial[]> = { long: [], short: [] };
  let most = 0;
  for (let t = lo; t <= hi; t++) {
    // Training now holds the windows of rows lo … t − 1 that end before Jan 1 of year t.
    const minYears = Math.max(1, options.minYears ?? defaultMinYears(most));
    for (const direction of DIRECTIONS) {
      const cell = bestCell(grid, minYears, direction);
      if (cell < 0 || grid.count[cell]! < trainYears) continue;
      const trial = tradeIn(series, table, grid.startOf(cell), grid.daysOf(cell), t, direction);
      if (trial) trials[direction].push(trial);
    }
    // Year t's windows that end within it, and year t − 1's that cross into it.
    most = Math.max(most, addRow(grid, series, table, t, 0));
    if (t > lo) most = Math.max(most, addRow(grid, series, table, t - 1, 1));
  }
  const inSample = bestTrades(series, { ...options, top: 1 });
  return {
    symbol: series.symbol,
    trainYears,
    long: { trials: trials.long, stats: outOfSampleStats(trials.long) },
    short: { trials: trials.short, stats: outOfSampleStats(trials.short) },
    inSample: { long: inSample.long[0]?.stats ?? null, short: inSample.short[0]?.stats ?? null },
  };
}

/** The best-ranked cell with count ≥ minYears in the direction, or −1 when none. */
function bestCell(grid: WindowGrid, minYears: number, direction: Direction): number {
  let best = -1;
  for (let c = 0; c < grid.count.length; c++) {
    if (grid.count[c]! < minYears) continue;
    if (best < 0 || grid.compare(c, direction, best, direction) < 0) best = c;
  }
  return best;
}

/**
 * Adds start-year `row` to the grid's counts, for the windows that cross the year end
 * (cross = 1) or those that do not (0); returns the largest count reached.
 */
function addRow(grid: WindowGrid, series: PriceSeries, table: WindowTable, row: number, cross: 0 | 1): number {
  const D = DAYS_IN_CALENDAR;
  const close = series.close;
  let most = 0;
  if (row + cross >= table.years) return most;
  for (let si = 0; si < grid.starts.length; si++) {
    const k = grid.starts[si]!;
    const a = entryAt(table.base[row]!, table.entry[row * D + k]!);
    for (let li = 0; li < grid.lengths; li++) {
      const end = k + grid.minDays + li;
      if ((end >= D ? 1 : 0) !== cross) continue;
      const c = si * grid.lengths + li;
      if (grid.count[c]! > most) most = grid.count[c]!;
      if (a < 0) continue;
      const b = exitAt(table.base[row + cross]!, table.exit[(row + cross) * D + end - cross * D]!);
      if (b <= a) continue;
      const x = close[b]! / close[a]! - 1;
      grid.count[c]!++;
      grid.sum[c]! += x;
      grid.rising[c]! += Number(x > 0);
      grid.falling[c]! += Number(x < 0);
      if (grid.count[c]! > most) most = grid.count[c]!;
    }
  }
  return most;
}

/** The window's return in start-year row t by the pattern definition; null when the year does not count. */
function tradeIn(
  series: PriceSeries,
  table: WindowTable,
  k: number,
  days: number,
  t: number,
  direction: Direction,
): WalkForwardTrial | null {
  const D = DAYS_IN_CALENDAR;
  const cross = k + days >= D ? 1 : 0;
  const e = k + days - cross * D;
  if (t + cross >= table.years) return null;
  const a = entryAt(table.base[t]!, table.entry[t * D + k]!);
  const b = exitAt(table.base[t + cross]!, table.exit[(t + cross) * D + e]!);
  if (a < 0 || b <= a) return null;
  const r = series.close[b]! / series.close[a]! - 1;
  return {
    year: table.firstYear + t,
    start: formatMonthDay(monthDayAt(k)),
    end: formatMonthDay(monthDayAt(e)),
    days,
    return: direction === 'long' ? r : 0 - r,
  };
}

/** The statistics of a side that traded no year. */
const NO_OUT_OF_SAMPLE_STATS: Readonly<OutOfSampleStats> = {
  count: 0,
  winners: null,
  losers: null,
  winRate: null,
  mean: null,
  median: null,
  stdDev: null,
  min: null,
  max: null,
};

function outOfSampleStats(trials: readonly WalkForwardTrial[]): OutOfSampleStats {
  const returns = trials.map((t) => t.return);
  const n = returns.length;
  if (n === 0) return { ...NO_OUT_OF_SAMPLE_STATS };
  const winners = returns.filter((r) => r > 0).length;
  return {
    count: n,
    winners,
    losers: returns.filter((r) => r < 0).length,
    winRate: winners / n,
    mean: mean(returns),
    median: median(returns),
    stdDev: sampleStdDev(returns),
    min: minOf(returns),
    max: maxOf(returns),
  };
}
