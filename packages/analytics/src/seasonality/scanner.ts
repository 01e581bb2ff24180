import type { PriceSeries } from '../series.js';
import { benjaminiHochbergAt } from '../stats/multiple-testing.js';
import { DAYS_IN_CALENDAR, calendarIndex, parseMonthDay } from './calendar-days.js';
import { checkLengths, type TestedWindow } from './best-trades.js';
import type { YearRange } from './pattern.js';
import type { Direction } from './statistics.js';
import { WindowGrid, startPositions, windowDetails } from './window-grid.js';
import { cellPValuesFor } from './window-pvalues.js';
import type { WindowTable } from './window-table.js';
import { yearSetTable } from './year-set-table.js';

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
  /** Leaves out the results whose qValue is above it (the tests stay). Default: none left out. */
  maxQValue?: number;
}

/** A result carries its qValue: its pValue adjusted over every window the scan tested. */
export interface SeasonalityScanResult extends TestedWindow {
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

/**
 * The scan of a part of a universe, before the adjustment for multiple testing, which needs
 * the pValues of every test of the whole universe (mergeScanParts).
 */
export interface SeasonalityScanPart {
  /** Each kept window with the position of its pValue in `pValues`. */
  results: (SeasonalityScanResult & { test: number })[];
  tested: number;
  /** The pValue of each test, `tested` of them. */
  pValues: Float64Array;
}

interface Kept {
  series: PriceSeries;
  table: WindowTable;
  direction: Direction;
  k: number;
  days: number;
  lo: number;
  hi: number;
  test: number;
}

/** The seasonality scanner's default minYears of a symbol: best trades' default, and at least 10. */
export function scannerMinYears(most: number): number {
  return Math.max(SCANNER_EVIDENCE_YEARS, most - 2);
}

/**
 * Each symbol's best window starting in a date range (analytics.md, "Seasonality scanner"),
 * with `tested` and each result's qValue ("Multiple testing").
 */
export function seasonalityScan(
  universe: Iterable<PriceSeries>,
  options: SeasonalityScanOptions,
): SeasonalityScanAnswer {
  return mergeScanParts([seasonalityScanPart(universe, options)], options);
}

/** The scan of (a part of) a universe, its results not yet adjusted for multiple testing. */
export function seasonalityScanPart(
  universe: Iterable<PriceSeries>,
  options: SeasonalityScanOptions,
): SeasonalityScanPart {
  checkLengths(options.minDays, options.maxDays);
  const fromIndex = startIndex(options.startFrom);
  const starts = startPositions(fromIndex, calendarIndex(parseMonthDay(options.startTo)));
  const directions: Direction[] =
    options.direction === 'both' ? ['long', 'short'] : [options.direction === 'short' ? 'short' : 'long'];
  const minWinRate = options.minWinRate ?? 0;
  const grid = new WindowGrid(starts, options.minDays, options.maxDays);
  const kept: Kept[] = [];
  const pValues: Float64Array[] = [];
  let tested = 0;
  for (const series of universe) {
    const { table, lo, hi } = yearSetTable(series, options);
    if (lo > hi) continue;
    const most = grid.fill(series, table, lo, hi);
    if (most === 0) continue;
    const minYears = Math.max(1, options.minYears ?? scannerMinYears(most));
    const eligible: number[] = [];
    for (let c = 0; c < grid.count.length; c++) if (grid.count[c]! >= minYears) eligible.push(c);
    // Long and short share counts: each eligible cell is one test per requested direction.
    const firstTest = tested;
    tested += eligible.length * directions.length;
    if (eligible.length > 0) {
      pValues.push(...cellPValuesFor(series, table, grid, eligible, lo, hi, directions));
    }
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
    const test = firstTest + directions.indexOf(bestDirection) * eligible.length + eligible.indexOf(best);
    kept.push({
      series,
      table,
      direction: bestDirection,
      k: grid.startOf(best),
      days: grid.daysOf(best),
      lo,
      hi,
      test,
    });
  }
  const results = kept.map((w) => {
    const window = windowDetails(w.series, w.table, w.k, w.days, w.lo, w.hi, w.direction);
    return {
      symbol: w.series.symbol,
      direction: w.direction,
      ...window,
      stats: { ...window.stats, qValue: null },
      smallSample: window.stats.count < SCANNER_EVIDENCE_YEARS,
      test: w.test,
    };
  });
  const all = new Float64Array(tested);
  let offset = 0;
  for (const chunk of pValues) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return { results, tested, pValues: all };
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
 * One answer from the parts of disjoint parts of a universe scanned with the same options
 * (the analytics pool splits a scan over its threads): the same answer as one scan of the
 * whole universe. Each result's qValue is its pValue adjusted by Benjamini–Hochberg over the
 * tests of every part; maxQValue then filters the results.
 */
export function mergeScanParts(
  parts: readonly SeasonalityScanPart[],
  options: Pick<SeasonalityScanOptions, 'startFrom' | 'maxQValue'>,
): SeasonalityScanAnswer {
  const tested = parts.reduce((n, p) => n + p.tested, 0);
  const all = new Float64Array(tested);
  const indices: number[] = [];
  let offset = 0;
  for (const part of parts) {
    all.set(part.pValues, offset);
    for (const r of part.results) indices.push(offset + r.test);
    offset += part.tested;
  }
  const q = benjaminiHochbergAt(all, indices);
  const results: SeasonalityScanResult[] = parts
    .flatMap((p) => p.results)
    .map(({ test: _test, ...r }, i) => ({ ...r, stats: { ...r.stats, qValue: q[i]! } }))
    .filter((r) => options.maxQValue === undefined || r.stats.qValue! <= options.maxQValue);
  return { results: results.sort(scanResultOrder(startIndex(options.startFrom))), tested };
}

/** Calendar position of the first start day: 02-29 means the day after Feb 28, i.e. 03-01. */
function startIndex(startFrom: string): number {
  const from = parseMonthDay(startFrom);
  return from.month === 2 && from.day === 29 ? calendarIndex(from) + 1 : calendarIndex(from);
}
