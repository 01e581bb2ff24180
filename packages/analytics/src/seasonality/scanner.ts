import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR, calendarIndex, parseMonthDay } from './calendar-days.js';
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
  /**
   * The window's count is below SCANNER_EVIDENCE_YEARS, the scanner's least default minYears:
   * only a minYears given below it lets such a window through.
   */
  smallSample: boolean;
}

export interface SeasonalityScanAnswer {
  results: SeasonalityScanResult[];
  /**
   * analytics.md "Multiple testing": over every symbol scanned, the windows of its search
   * (start, length, each requested direction) whose count ≥ the symbol's effective minYears.
   */
  tested: number;
}

/** The fewest years the scanner's default minYears asks of any window (analytics.md: "at least 10"). */
export const SCANNER_EVIDENCE_YEARS = 10;

interface Kept {
  series: PriceSeries;
  direction: Direction;
  k: number;
  days: number;
  lo: number;
  hi: number;
}

/** The seasonality scanner's default minYears of a symbol: best trades' default, and at least 10. */
export function scannerMinYears(most: number): number {
  return Math.max(SCANNER_EVIDENCE_YEARS, most - 2);
}

/** Each symbol's best window starting in a date range (analytics.md, "Seasonality scanner"). */
export function seasonalityScan(
  universe: Iterable<PriceSeries>,
  options: SeasonalityScanOptions,
): SeasonalityScanAnswer {
  checkLengths(options.minDays, options.maxDays);
  const fromIndex = startIndex(options.startFrom);
  const starts = startPositions(fromIndex, calendarIndex(parseMonthDay(options.startTo)));
  const directions: Direction[] =
    options.direction === 'both' ? ['long', 'short'] : [options.direction === 'short' ? 'short' : 'long'];
  const minWinRate = options.minWinRate ?? 0;
  const grid = new WindowGrid(starts, options.minDays, options.maxDays);
  const kept: Kept[] = [];
  let tested = 0;
  for (const series of universe) {
    const table = windowTable(series);
    const { lo, hi } = rowRange(table, options.from, options.to);
    if (lo > hi) continue;
    const most = grid.fill(series, table, lo, hi);
    if (most === 0) continue;
    const minYears = Math.max(1, options.minYears ?? scannerMinYears(most));
    let eligible = 0;
    for (let c = 0; c < grid.count.length; c++) if (grid.count[c]! >= minYears) eligible++;
    // Long and short share counts: each eligible cell is one test per requested direction.
    tested += eligible * directions.length;
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
    if (grid.winRateOf(best, bestDirection) < minWinRate) continue;
    kept.push({ series, direction: bestDirection, k: grid.startOf(best), days: grid.daysOf(best), lo, hi });
  }
  const results = kept.map((w) => {
    const window = windowDetails(w.series, windowTable(w.series), w.k, w.days, w.lo, w.hi, w.direction);
    return {
      symbol: w.series.symbol,
      direction: w.direction,
      ...window,
      smallSample: window.stats.count < SCANNER_EVIDENCE_YEARS,
    };
  });
  return { results: results.sort(scanResultOrder(fromIndex)), tested };
}

/**
 * The order of the scanner's results: the ranking of analytics.md (winRate, mean, earlier
 * start in the range, shorter length), then symbol, then long before short. `fromIndex` is
 * the calendar position of the range's first start day.
 */
function scanResultOrder(fromIndex: number): (a: SeasonalityScanResult, b: SeasonalityScanResult) => number {
  const position = (r: SeasonalityScanResult) =>
    (calendarIndex(parseMonthDay(r.start)) - fromIndex + DAYS_IN_CALENDAR) % DAYS_IN_CALENDAR;
  return (a, b) =>
    b.stats.winRate - a.stats.winRate ||
    (a.stats.mean !== b.stats.mean ? (b.stats.mean > a.stats.mean ? 1 : -1) : 0) ||
    position(a) - position(b) ||
    a.days - b.days ||
    (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) ||
    (a.direction === b.direction ? 0 : a.direction === 'long' ? -1 : 1);
}

/**
 * One answer from the answers of disjoint parts of a universe scanned with the same
 * options (the analytics pool splits a scan over its threads): the same answer as one scan
 * of the whole universe.
 */
export function mergeScanAnswers(answers: readonly SeasonalityScanAnswer[], startFrom: string): SeasonalityScanAnswer {
  const results = answers.flatMap((a) => a.results).sort(scanResultOrder(startIndex(startFrom)));
  return { results, tested: answers.reduce((n, a) => n + a.tested, 0) };
}

/** Calendar position of the first start day: 02-29 means the day after Feb 28, i.e. 03-01. */
function startIndex(startFrom: string): number {
  const from = parseMonthDay(startFrom);
  return from.month === 2 && from.day === 29 ? calendarIndex(from) + 1 : calendarIndex(from);
}
