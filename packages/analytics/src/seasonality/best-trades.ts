import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import type { YearRange } from './pattern.js';
import type { Direction } from './statistics.js';
import { WindowGrid, startPositions, windowDetails, type SeasonalWindow } from './window-grid.js';
import { rowRange, windowTable } from './window-table.js';

export interface BestTradesOptions extends YearRange {
  minDays: number;
  maxDays: number;
  /** Default: the largest count any window reaches in the range, less 2 (defaultMinYears). */
  minYears?: number;
  /** Default 10. */
  top?: number;
}

export interface BestTradesResult {
  symbol: string;
  long: SeasonalWindow[];
  short: SeasonalWindow[];
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
  const table = windowTable(series);
  const { lo, hi } = rowRange(table, options.from, options.to);
  const grid = new WindowGrid(ALL_STARTS, options.minDays, options.maxDays);
  const most = lo <= hi ? grid.fill(series, table, lo, hi) : 0;
  const minYears = Math.max(1, options.minYears ?? defaultMinYears(most));
  const eligible: number[] = [];
  for (let c = 0; c < grid.count.length; c++) if (grid.count[c]! >= minYears) eligible.push(c);
  const pick = (direction: Direction): SeasonalWindow[] => {
    const taken = new Uint8Array(DAYS_IN_CALENDAR);
    const chosen: SeasonalWindow[] = [];
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
      for (const cell of group) {
        if (chosen.length >= top) break;
        const k = grid.startOf(cell);
        const days = grid.daysOf(cell);
        if (overlaps(taken, k, days)) continue;
        for (let d = 0; d <= days; d++) taken[(k + d) % DAYS_IN_CALENDAR] = 1;
        chosen.push(windowDetails(series, table, k, days, lo, hi, direction));
      }
      ceiling = level;
    }
    return chosen;
  };
  return { symbol: series.symbol, long: pick('long'), short: pick('short') };
}

/** A window occupies its start day through its end day, both included. */
function overlaps(taken: Uint8Array, k: number, days: number): boolean {
  for (let d = 0; d <= days; d++) if (taken[(k + d) % DAYS_IN_CALENDAR]) return true;
  return false;
}
