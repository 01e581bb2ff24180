import type { PriceSeries } from '../series.js';
import { calendarIndex, parseMonthDay } from './calendar-days.js';
import { checkLengths } from './best-trades.js';
import type { YearRange } from './pattern.js';
import type { Direction } from './statistics.js';
import { WindowGrid, startPositions, windowDetails, type SeasonalWindow } from './window-grid.js';
import { rowRange, windowTable } from './window-table.js';

export interface SeasonalityScanOptions extends YearRange {
  /** 'MM-DD': first start day (02-29 means the day after Feb 28, i.e. 03-01). */
  startFrom: string;
  /** 'MM-DD': last start day, inclusive (02-29 means 02-28); before startFrom wraps past Dec 31. */
  startTo: string;
  minDays: number;
  maxDays: number;
  /** Default 0. */
  minWinRate?: number;
  /** Default per symbol: the most any of its windows reaches in the range, less 2, and at least 10. */
  minYears?: number;
  /** Default 'long'. */
  direction?: Direction | 'both';
}

export interface SeasonalityScanResult extends SeasonalWindow {
  symbol: string;
  direction: Direction;
}

interface Kept {
  series: PriceSeries;
  direction: Direction;
  k: number;
  position: number;
  days: number;
  winRate: number;
  mean: number;
  lo: number;
  hi: number;
}

/** The seasonality scanner's default minYears of a symbol: best trades' default, and at least 10. */
export function scannerMinYears(most: number): number {
  return Math.max(10, most - 2);
}

/** Each symbol's best window starting in a date range (analytics.md, "Seasonality scanner"). */
export function seasonalityScan(
  universe: Iterable<PriceSeries>,
  options: SeasonalityScanOptions,
): { results: SeasonalityScanResult[] } {
  checkLengths(options.minDays, options.maxDays);
  const from = parseMonthDay(options.startFrom);
  const to = parseMonthDay(options.startTo);
  const fromIndex = from.month === 2 && from.day === 29 ? calendarIndex(from) + 1 : calendarIndex(from);
  const starts = startPositions(fromIndex, calendarIndex(to));
  const directions: Direction[] =
    options.direction === 'both' ? ['long', 'short'] : [options.direction === 'short' ? 'short' : 'long'];
  const minWinRate = options.minWinRate ?? 0;
  const grid = new WindowGrid(starts, options.minDays, options.maxDays);
  const kept: Kept[] = [];
  for (const series of universe) {
    const table = windowTable(series);
    const { lo, hi } = rowRange(table, options.from, options.to);
    if (lo > hi) continue;
    const most = grid.fill(series, table, lo, hi);
    if (most === 0) continue;
    const minYears = Math.max(1, options.minYears ?? scannerMinYears(most));
    let best = -1;
    let bestDirection: Direction = 'long';
    for (const direction of directions) {
      for (let c = 0; c < grid.count.length; c++) {
        if (grid.count[c]! < minYears) continue;
        // Ties across directions keep the first listed (long before short).
        if (best < 0 || grid.compare(c, direction, best, bestDirection) < 0) {
          best = c;
          bestDirection = direction;
        }
      }
    }
    if (best < 0) continue;
    const winRate = grid.winRateOf(best, bestDirection);
    if (winRate < minWinRate) continue;
    kept.push({
      series,
      direction: bestDirection,
      k: grid.startOf(best),
      position: Math.floor(best / grid.lengths),
      days: grid.daysOf(best),
      winRate,
      mean: grid.meanOf(best, bestDirection),
      lo,
      hi,
    });
  }
  kept.sort(
    (a, b) =>
      b.winRate - a.winRate ||
      (a.mean !== b.mean ? (b.mean > a.mean ? 1 : -1) : 0) ||
      a.position - b.position ||
      a.days - b.days ||
      (a.series.symbol < b.series.symbol ? -1 : a.series.symbol > b.series.symbol ? 1 : 0) ||
      (a.direction === b.direction ? 0 : a.direction === 'long' ? -1 : 1),
  );
  return {
    results: kept.map((w) => ({
      symbol: w.series.symbol,
      direction: w.direction,
      ...windowDetails(w.series, windowTable(w.series), w.k, w.days, w.lo, w.hi, w.direction),
    })),
  };
}
