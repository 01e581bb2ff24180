import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import type { YearRange } from './pattern.js';
import { benjaminiHochberg } from '../stats/multiple-testing.js';
import type { Direction, WindowRank, WindowRiskStats } from './statistics.js';
import { WindowGrid, startPositions, windowDetails, type SeasonalWindow } from './window-grid.js';
import { cellPValuesFor } from './window-pvalues.js';
import type { WindowTable } from './window-table.js';
import { yearSetTable } from './year-set-table.js';
import { conditionTable, countedYears, type ConditionInputs } from './entry-condition.js';

export interface BestTradesOptions extends YearRange, ConditionInputs {
  minDays: number;
  maxDays: number;
  /** Default: the largest (kept) count any window reaches in the range, less 2 (defaultMinYears). */
  minYears?: number;
  /** Default 10. */
  top?: number;
  /** Selects only windows whose qValue is at most this (the tests stay). Default: any. */
  maxQValue?: number;
  /** The order windows are selected in (analytics.md, "Rank"). Default 'winRate'. */
  rank?: WindowRank;
}

/** A reported window with its pValue adjusted over the answer's tests (analytics.md, "Multiple testing"). */
export interface TestedWindow extends SeasonalWindow {
  /** conditionRemoved only with a condition: the years of the year set that count and that it removed. */
  stats: WindowRiskStats & { qValue: number | null; conditionRemoved?: number };
}

export interface BestTradesResult {
  symbol: string;
  /** m: every (start, length, direction) window whose count ≥ max(1, the effective minYears). */
  tested: number;
  long: TestedWindow[];
  short: TestedWindow[];
}

/** Largest holding length: a window of 365 days would end on its own start day. */
export const MAX_WINDOW_DAYS = DAYS_IN_CALENDAR - 1;

export function checkLengths(minDays: number, maxDays: number): void {
  if (!(Number.isInteger(minDays) && Number.isInteger(maxDays) && minDays >= 1 && minDays <= maxDays)) {
    throw new RangeError('minDays and maxDays must be integers with 1 ≤ minDays ≤ maxDays');
  }
  if (maxDays > MAX_WINDOW_DAYS) throw new RangeError(`maxDays must be at most ${MAX_WINDOW_DAYS}`);
}

const ALL_STARTS = startPositions(0, DAYS_IN_CALENDAR - 1);

/**
 * Best trades' default minYears: the most years any window reaches, less 2 (a window can miss
 * the partial first and the partial last year of the data), and at least 1.
 */
export function defaultMinYears(most: number): number {
  return Math.max(1, most - 2);
}

/** The best long and short seasonal windows of one symbol (analytics.md, "Best trades"). */
export function bestTrades(series: PriceSeries, options: BestTradesOptions): BestTradesResult {
  checkLengths(options.minDays, options.maxDays);
  const top = options.top ?? 10;
  const { table: yearTable, lo, hi } = yearSetTable(series, options);
  // With a condition, each window keeps the years whose entry bar satisfies it.
  const table = conditionTable(series, yearTable, lo, hi, options);
  const grid = new WindowGrid(ALL_STARTS, options.minDays, options.maxDays);
  const most = lo <= hi ? grid.fill(series, table, lo, hi) : 0;
  const minYears = Math.max(1, options.minYears ?? defaultMinYears(most));
  const eligible: number[] = [];
  for (let c = 0; c < grid.count.length; c++) if (grid.count[c]! >= minYears) eligible.push(c);
  const qOf = adjustedPValues(series, table, grid, eligible, lo, hi);
  const byRisk = options.rank === 'returnToRisk';
  if (byRisk && lo <= hi) grid.fillRisk(series, table, lo, hi);
  const pick = (direction: Direction): TestedWindow[] => {
    const taken = new Uint8Array(DAYS_IN_CALENDAR);
    const chosen: TestedWindow[] = [];
    /** Selects greedily from a group of cells in rank order; false once `top` are chosen. */
    const take = (group: number[]): boolean => {
      for (const cell of group) {
        if (chosen.length >= top) return false;
        if (options.maxQValue !== undefined && !(qOf[direction][cell]! <= options.maxQValue)) continue;
        const k = grid.startOf(cell);
        const days = grid.daysOf(cell);
        if (overlaps(taken, k, days)) continue;
        for (let d = 0; d <= days; d++) taken[(k + d) % DAYS_IN_CALENDAR] = 1;
        const window = windowDetails(series, table, k, days, lo, hi, direction);
        const stats = { ...window.stats, qValue: qOf[direction][cell]! };
        if (options.condition) {
          Object.assign(stats, { conditionRemoved: countedYears(yearTable, k, days, lo, hi) - window.stats.count });
        }
        chosen.push({ ...window, stats });
      }
      return chosen.length < top;
    };
    if (byRisk) {
      const keys = Float64Array.from(eligible, (cell) => grid.riskKeyOf(cell, direction));
      for (const group of descendingGroups(keys, Math.max(64, 4 * top))) {
        const cells = group.map((i) => eligible[i]!).sort((a, b) => grid.compareRisk(a, direction, b, direction));
        if (!take(cells)) break;
      }
      return chosen;
    }
    // Rank lazily, one winRate level at a time (most ranked windows are never reached):
    // a full comparison sort of every window costs more than the counting itself.
    const rates = new Float64Array(eligible.length);
    for (let i = 0; i < eligible.length; i++) rates[i] = grid.winRateOf(eligible[i]!, direction);
    let ceiling = Infinity;
    while (chosen.length < top) {
      let level = -Infinity;
      for (let i = 0; i < rates.length; i++) if (rates[i]! < ceiling && rates[i]! > level) level = rates[i]!;
      if (level === -Infinity) break;
      const group: number[] = [];
      for (let i = 0; i < rates.length; i++) if (rates[i] === level) group.push(eligible[i]!);
      group.sort((a, b) => grid.compare(a, direction, b, direction));
      if (!take(group)) break;
      ceiling = level;
    }
    return chosen;
  };
  return { symbol: series.symbol, tested: 2 * eligible.length, long: pick('long'), short: pick('short') };
}

/** Benjamini–Hochberg over the pValues of every eligible cell in both directions. */
function adjustedPValues(
  series: PriceSeries,
  table: WindowTable,
  grid: WindowGrid,
  eligible: readonly number[],
  lo: number,
  hi: number,
): Record<Direction, Float64Array> {
  const [long, short] = cellPValuesFor({ series, table, grid, cells: eligible, lo, hi }, ['long', 'short']) as [
    Float64Array,
    Float64Array,
  ];
  const all = new Float64Array(long.length + short.length);
  all.set(long);
  all.set(short, long.length);
  const q = benjaminiHochberg(all);
  const byCell = (offset: number) => {
    const out = new Float64Array(grid.count.length).fill(NaN);
    for (let i = 0; i < eligible.length; i++) out[eligible[i]!] = q[offset + i]!;
    return out;
  };
  return { long: byCell(0), short: byCell(eligible.length) };
}

/** A window occupies its start day through its end day, both included. */
function overlaps(taken: Uint8Array, k: number, days: number): boolean {
  for (let d = 0; d <= days; d++) if (taken[(k + d) % DAYS_IN_CALENDAR]) return true;
  return false;
}

/**
 * The indices of `keys` (no NaN) in groups of descending keys, each about `chunk` long: every
 * key of a group is above every key of the later groups, and equal keys share a group. A
 * selection that stops early sorts only the first groups, not every window.
 */
export function* descendingGroups(keys: Float64Array, chunk: number): Generator<number[]> {
  const sorted = keys.slice().sort();
  const n = keys.length;
  let done = 0;
  let ceiling = Infinity;
  let first = true;
  while (done < n) {
    const floor = sorted[Math.max(0, n - done - chunk)]!;
    const group: number[] = [];
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      if (key >= floor && (first || key < ceiling)) group.push(i);
    }
    yield group;
    done += group.length;
    ceiling = floor;
    first = false;
  }
}
