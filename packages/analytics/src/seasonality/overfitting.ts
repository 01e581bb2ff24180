import type { PriceSeries } from '../series.js';
import { cscv, validBlocks, type CscvResult } from '../stats/cscv.js';
import { deflatedSharpe, sampleVariance, type DeflatedSharpe } from '../stats/deflated-sharpe.js';
import { realityCheck, type Sides } from '../stats/reality-check.js';
import { MAX_SEED } from '../stats/splitmix64.js';
import { checkLengths, defaultMinYears } from './best-trades.js';
import { DAYS_IN_CALENDAR, monthDayLabel } from './calendar-days.js';
import { seasonalPattern, type YearRange } from './pattern.js';
import type { Direction, WindowRiskStats } from './statistics.js';
import { WindowGrid, startPositions, windowDetails } from './window-grid.js';
import { entryAt, exitAt, forEachWindowYear, type WindowTable } from './window-table.js';
import { yearSetTable } from './year-set-table.js';

/** The most resamples a Reality Check takes (analytics.md). */
export const MAX_BOOTSTRAP = 10_000;

export interface OverfittingOptions extends YearRange {
  minDays: number;
  maxDays: number;
  minYears?: number;
  /** The family's side(s); default both. */
  direction?: Direction | 'both';
  /** S, even, at least 2; default 8. */
  blocks?: number;
  /** A window given by the caller instead of best trades' top window; it need not be in the family. */
  window?: { start: string; end: string; direction: Direction };
  /** B, 0 … 10,000; default 0 (no Reality Check). */
  bootstrap?: number;
  /** An unsigned 64-bit integer; default 1. */
  seed?: bigint;
}

export interface WindowRef {
  direction: Direction;
  start: string;
  end: string;
  days: number;
}

export interface OverfittingResult {
  symbol: string;
  tested: number;
  minYears: number;
  selected: (WindowRef & { stats: WindowRiskStats }) | null;
  deflated: DeflatedSharpe | null;
  /** CSCV's answer, its blocks as years (rows) rather than row indices. */
  pbo:
    | (Omit<CscvResult, 'blockRows'> & {
        firstYear: number;
        lastYear: number;
        blockYears: Array<[number, number]>;
      })
    | null;
  realityCheck: {
    bootstrap: number;
    /**
     * The seed as a number while a JSON number holds it exactly (up to 2^53 − 1), else as decimal
     * text: a 64-bit seed can be more than a double holds (decision 0036).
     */
    seed: number | string;
    statistic: number;
    bestMean: number;
    pValue: number;
    naivePValue: number;
    best: WindowRef;
  } | null;
}

const ALL_STARTS = startPositions(0, DAYS_IN_CALENDAR - 1);

/**
 * Whether a best-trades search picks noise (analytics.md, "Overfitting of a best-trades search"):
 * the Deflated Sharpe Ratio of its top window (or of a given window) among the windows searched,
 * the PBO of the search by CSCV, and White's Reality Check of its best window against the
 * symbol's drift. The family, its counts and ranking are best trades' (WindowGrid).
 */
export function overfitting(series: PriceSeries, options: OverfittingOptions): OverfittingResult {
  checkLengths(options.minDays, options.maxDays);
  const blocks = options.blocks ?? 8;
  if (!validBlocks(blocks)) throw new RangeError('blocks must be an even integer of at least 2');
  const bootstrap = options.bootstrap ?? 0;
  if (!(Number.isInteger(bootstrap) && bootstrap >= 0 && bootstrap <= MAX_BOOTSTRAP)) {
    throw new RangeError(`bootstrap must be an integer from 0 to ${MAX_BOOTSTRAP}`);
  }
  const seed = options.seed ?? 1n;
  if (seed < 0n || seed > MAX_SEED) throw new RangeError('seed must be an unsigned 64-bit integer');
  const sides: Sides = options.direction ?? 'both';
  const directions: Direction[] = sides === 'both' ? ['long', 'short'] : [sides];

  const { table, lo, hi } = yearSetTable(series, options);
  const grid = new WindowGrid(ALL_STARTS, options.minDays, options.maxDays);
  const most = lo <= hi ? grid.fill(series, table, lo, hi) : 0;
  const minYears = Math.max(1, options.minYears ?? defaultMinYears(most));
  const eligible: number[] = [];
  for (let c = 0; c < grid.count.length; c++) if (grid.count[c]! >= minYears) eligible.push(c);
  const tested = eligible.length * directions.length;
  const empty: OverfittingResult = {
    symbol: series.symbol,
    tested,
    minYears,
    selected: null,
    deflated: null,
    pbo: null,
    realityCheck: null,
  };
  if (tested === 0) return empty;

  // Every window's long return in every row lo … hi (NaN where the year does not count).
  const rowsAll = hi - lo + 1;
  const cells = grid.count.length;
  const returns = windowReturns(series, table, grid, lo, hi);

  const selected = selectedWindow(series, table, grid, options, directions, minYears, lo, hi);
  if (!selected) return empty;

  // Each member's Sharpe ratio over its own counted years; a short member's is the long one negated.
  const sharpes: number[] = [];
  const column = new Float64Array(rowsAll);
  for (const cell of eligible) {
    let n = 0;
    for (let r = 0; r < rowsAll; r++) {
      const v = returns[r * cells + cell]!;
      if (!Number.isNaN(v)) column[n++] = v;
    }
    const sr = sharpeOf(column, n);
    if (sr === null) continue;
    for (const d of directions) sharpes.push(d === 'long' ? sr : 0 - sr);
  }
  const deflated = deflatedSharpe(selected.returns, tested, sharpes);

  // The rows of the PBO and the Reality Check: used years in which at least one member counts.
  const rowIndex: number[] = [];
  for (let r = 0; r < rowsAll; r++) {
    if (eligible.some((cell) => !Number.isNaN(returns[r * cells + cell]!))) rowIndex.push(r);
  }
  const T = rowIndex.length;
  const M = eligible.length;
  const x = new Float64Array(T * tested);
  for (let t = 0; t < T; t++) {
    const at = rowIndex[t]! * cells;
    for (let i = 0; i < M; i++) {
      const v = returns[at + eligible[i]!]!;
      const r = Number.isNaN(v) ? 0 : v;
      for (let j = 0; j < directions.length; j++)
        x[t * tested + i * directions.length + j] = directions[j] === 'long' ? r : 0 - r;
    }
  }
  const firstYear = table.firstYear + lo;
  const yearOf = (t: number) => firstYear + rowIndex[t]!;
  const split = cscv(x, T, tested, blocks);
  const pbo = split && {
    blocks: split.blocks,
    rows: split.rows,
    combinations: split.combinations,
    overfit: split.overfit,
    pbo: split.pbo,
    probLoss: split.probLoss,
    meanLogit: split.meanLogit,
    firstYear: yearOf(0),
    lastYear: yearOf(T - 1),
    blockYears: split.blockRows.map(([a, b]): [number, number] => [yearOf(a), yearOf(b)]),
  };

  let check: OverfittingResult['realityCheck'] = null;
  if (bootstrap >= 1 && T >= 1) {
    const excess = excessMatrix(returns, grid, eligible, rowIndex, cells);
    const rc = realityCheck(excess, T, M, sides, bootstrap, seed)!;
    const cell = eligible[rc.column]!;
    const k = grid.startOf(cell);
    const days = grid.daysOf(cell);
    check = {
      bootstrap,
      seed: seed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seed) : seed.toString(),
      statistic: rc.statistic,
      bestMean: rc.bestMean,
      pValue: rc.pValue,
      naivePValue: rc.naivePValue,
      best: {
        direction: rc.negated ? 'short' : 'long',
        start: monthDayLabel(k),
        end: monthDayLabel((k + days) % DAYS_IN_CALENDAR),
        days,
      },
    };
  }
  return {
    symbol: series.symbol,
    tested,
    minYears,
    selected: selected.window,
    deflated,
    pbo,
    realityCheck: check,
  };
}

/** Mean / sample standard deviation of the first n values; null when n < 2 or it is 0. */
function sharpeOf(x: Float64Array, n: number): number | null {
  const variance = sampleVariance(x, n);
  if (variance === null) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[i]!;
  const s = Math.sqrt(variance);
  return s > 0 ? sum / n / s : null;
}

/**
 * The long return of every cell of the grid in every row lo … hi, row-major (row·cells + cell),
 * NaN where the year does not count: the pattern's entry, exit and return, as the grid counts them.
 */
function windowReturns(
  series: PriceSeries,
  table: WindowTable,
  grid: WindowGrid,
  lo: number,
  hi: number,
): Float64Array {
  const D = DAYS_IN_CALENDAR;
  const cells = grid.count.length;
  const rows = hi - lo + 1;
  const out = new Float64Array(rows * cells).fill(NaN);
  const close = series.close;
  const { base, entry, exit, years } = table;
  for (let cell = 0; cell < cells; cell++) {
    const k = grid.startOf(cell);
    let e = k + grid.daysOf(cell);
    let cross = 0;
    if (e >= D) {
      e -= D;
      cross = 1;
    }
    const lastRow = Math.min(rows, years - cross - lo);
    for (let r = 0; r < lastRow; r++) {
      const a = entryAt(base[lo + r]!, entry[(lo + r) * D + k]!);
      if (a < 0) continue;
      const b = exitAt(base[lo + cross + r]!, exit[(lo + cross + r) * D + e]!);
      if (b <= a) continue;
      out[r * cells + cell] = close[b]! / close[a]! - 1;
    }
  }
  return out;
}

/**
 * E[t][i] = X[t][i] − b_L(t) for the family's cells (long; a short member is its negation), where
 * b_L(t) is the mean long return in year t of every start day's window of the cell's length L
 * that counts; 0 in a year the cell does not trade.
 */
function excessMatrix(
  returns: Float64Array,
  grid: WindowGrid,
  eligible: readonly number[],
  rowIndex: readonly number[],
  cells: number,
): Float64Array {
  const T = rowIndex.length;
  const M = eligible.length;
  const lengths = grid.lengths;
  const starts = grid.starts.length;
  const drift = new Float64Array(T * lengths);
  for (let t = 0; t < T; t++) {
    const at = rowIndex[t]! * cells;
    for (let li = 0; li < lengths; li++) {
      let sum = 0;
      let n = 0;
      for (let si = 0; si < starts; si++) {
        const v = returns[at + si * lengths + li]!;
        if (Number.isNaN(v)) continue;
        sum += v;
        n++;
      }
      drift[t * lengths + li] = n > 0 ? sum / n : 0;
    }
  }
  const excess = new Float64Array(T * M);
  for (let t = 0; t < T; t++) {
    const at = rowIndex[t]! * cells;
    for (let i = 0; i < M; i++) {
      const cell = eligible[i]!;
      const v = returns[at + cell]!;
      excess[t * M + i] = Number.isNaN(v) ? 0 : v - drift[t * lengths + (cell % lengths)]!;
    }
  }
  return excess;
}

/**
 * The selected window with its statistics (no qValue) and its yearly returns in year order, signed
 * for its direction: the caller's, or best trades' top window (long before short on a tie).
 * Null when the caller's window has no year that counts.
 */
function selectedWindow(
  series: PriceSeries,
  table: WindowTable,
  grid: WindowGrid,
  options: OverfittingOptions,
  directions: readonly Direction[],
  minYears: number,
  lo: number,
  hi: number,
): { window: WindowRef & { stats: WindowRiskStats }; returns: number[] } | null {
  if (options.window) {
    const { start, end, direction } = options.window;
    const pattern = seasonalPattern(series, { ...yearSetOf(options), start, end, direction });
    if (!pattern.stats) return null;
    return {
      window: {
        direction,
        start: pattern.start,
        end: pattern.end,
        days: pattern.stats.calendarDays,
        stats: pattern.stats,
      },
      returns: pattern.years.map((y) => y.return),
    };
  }
  let cell = -1;
  let direction: Direction = directions[0]!;
  for (const d of directions) {
    const c = grid.best(d, minYears);
    if (c < 0) continue;
    if (cell < 0 || grid.compare(c, d, cell, direction) < 0) {
      cell = c;
      direction = d;
    }
  }
  if (cell < 0) return null;
  const k = grid.startOf(cell);
  const days = grid.daysOf(cell);
  const details = windowDetails(series, table, k, days, lo, hi, direction);
  const returns: number[] = [];
  forEachWindowYear(table, k, days, lo, hi, (_row, a, b) => {
    const r = series.close[b]! / series.close[a]! - 1;
    returns.push(direction === 'long' ? r : 0 - r);
  });
  return { window: { direction, start: details.start, end: details.end, days, stats: details.stats }, returns };
}

function yearSetOf(o: YearRange): YearRange {
  return { from: o.from, to: o.to, cycle: o.cycle, parity: o.parity, exclude: o.exclude };
}
