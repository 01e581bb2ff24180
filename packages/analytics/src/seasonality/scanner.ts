import type { SeriesTraits } from '../calendar/trading-calendar.js';
import { dayNumber, isoDate, type PriceSeries } from '../series.js';
import { benjaminiHochbergTally } from '../stats/multiple-testing.js';
import { BUCKETS, qValuesOfBucketed, type ValueBuckets } from '../stats/q-values-by-bucket.js';
import { DAYS_IN_CALENDAR, calendarIndex, parseMonthDay } from './calendar-days.js';
import { checkLengths, type TestedWindow } from './best-trades.js';
import type { YearRange } from './pattern.js';
import { riskRankKey, type Direction, type WindowRank } from './statistics.js';
import { WindowGrid, startPositions, windowDetails } from './window-grid.js';
import { GridRuns } from './grid-runs.js';
import { PValueTally, runCellPValue, tallyPValues } from './window-pvalues.js';
import { yearSetTable } from './year-set-table.js';
import { conditionTable, countedYears, type ConditionInputs } from './entry-condition.js';
import { ARRAY_BUFFERS, type BufferAllocator } from '../buffer-allocator.js';
import {
  upcomingFields,
  upcomingDollarVolumes,
  upcomingSession,
  upcomingStartRange,
  upcomingUniverse,
  type UpcomingCounts,
  type UpcomingFields,
  type UpcomingMode,
} from './upcoming.js';

export interface SeasonalityScanOptions extends YearRange, ConditionInputs {
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
  /** Which window of a symbol is kept, and the results' order (analytics.md, "Rank"). Default 'winRate'. */
  rank?: WindowRank;
  /**
   * Upcoming mode (analytics.md, "Upcoming windows"): startFrom … startTo are then the
   * upcomingStartRange of its session and days.
   */
  upcoming?: UpcomingMode;
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

/** A result of an upcoming scan. */
export type UpcomingScanResult = SeasonalityScanResult & UpcomingFields;

/** What an upcoming scan's answer adds: the session, its start days and the symbols left out. */
export interface UpcomingScanHeader extends UpcomingCounts {
  asOf: string;
  startFrom: string;
  startTo: string;
}

export interface SeasonalityScanAnswer extends Partial<UpcomingScanHeader> {
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
  /** Each kept window (its qValue still null). */
  results: SeasonalityScanResult[];
  /** The pValue of each kept window's test, in the order of `results` (the value in `pValues`). */
  testPValues: number[];
  tested: number;
  /**
   * The pValues of the tests: each value with how many tests have it in `weights` (which sum
   * to `tested`); tests of one symbol, length and years with the same winners share an entry.
   */
  pValues: Float64Array;
  weights: Int32Array;
  /** The pValues' buckets, as they were tallied (absent when a value has none: a NaN). */
  buckets?: ValueBuckets;
  /**
   * Instead of `buckets`, in a part made to be sent (seasonalityScanPart): the pValues and
   * weights ordered by bucket, bucket b's at starts[b] … starts[b + 1], and each bucket's tests.
   */
  grouped?: { starts: Int32Array; tests: Float64Array };
  /** In upcoming mode, the part's symbols left out before the search. */
  upcoming?: UpcomingCounts;
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
  return mergeScanParts([scanPart(universe, options, null)], options);
}

/**
 * The options of an upcoming scan (analytics.md, "Upcoming windows") over a universe: its
 * session (the scan's date M on or before `asOf`, 'YYYY-MM-DD'; the latest without it) and the
 * start days that follow it. Null when no symbol has a bar on or before `asOf` (no session).
 */
export function upcomingScanOptions(
  universe: readonly PriceSeries[],
  options: Omit<SeasonalityScanOptions, 'startFrom' | 'startTo' | 'upcoming'>,
  upcoming: { days: number; asOf?: string; minDollarVolume?: number; traits?: Readonly<Record<string, SeriesTraits>> },
): SeasonalityScanOptions | null {
  const session = upcomingSession(universe, upcoming.asOf === undefined ? undefined : dayNumber(upcoming.asOf));
  if (session === null) return null;
  const mode: UpcomingMode = {
    asOf: isoDate(session),
    days: upcoming.days,
    dollarVolume20: upcomingDollarVolumes(universe, session, upcoming.traits),
  };
  if (upcoming.minDollarVolume !== undefined) mode.minDollarVolume = upcoming.minDollarVolume;
  return { ...options, ...upcomingStartRange(session, upcoming.days), upcoming: mode };
}

/** The scan of (a part of) a universe, its results not yet adjusted for multiple testing. */
export function seasonalityScanPart(
  universe: Iterable<PriceSeries>,
  options: SeasonalityScanOptions,
  memory: BufferAllocator = ARRAY_BUFFERS,
): SeasonalityScanPart {
  return scanPart(universe, options, memory);
}

/**
 * `own`: where the pValues are copied out of the scratch tally to; null leaves views of it,
 * good until the next scan.
 */
function scanPart(
  universe: Iterable<PriceSeries>,
  options: SeasonalityScanOptions,
  own: BufferAllocator | null,
): SeasonalityScanPart {
  checkLengths(options.minDays, options.maxDays);
  const fromIndex = startIndex(options.startFrom);
  const starts = startPositions(fromIndex, calendarIndex(parseMonthDay(options.startTo)));
  const directions: Direction[] =
    options.direction === 'both' ? ['long', 'short'] : [options.direction === 'short' ? 'short' : 'long'];
  const minWinRate = options.minWinRate ?? 0;
  const grid = new WindowGrid(starts, options.minDays, options.maxDays);
  const results: SeasonalityScanResult[] = [];
  const testPValues: number[] = [];
  const tally = scanTally;
  tally.clear();
  const runs = scanRuns;
  let tested = 0;
  const counts: UpcomingCounts = { stale: 0, illiquid: 0 };
  const dollarVolumes = new Map<string, number | null>();
  const mode = options.upcoming;
  const searched = mode ? upcomingUniverse(universe, mode, counts, dollarVolumes) : universe;
  for (const series of searched) {
    const { table: yearTable, lo, hi } = yearSetTable(series, options);
    if (lo > hi) continue;
    // With a condition, each window keeps the years whose entry bar satisfies it.
    const table = conditionTable(series, yearTable, lo, hi, options);
    // The ranking reads the means of the few cells that tie for the best winRate: the rest are not added.
    const most = grid.fillCounts(series, table, lo, hi);
    if (most === 0) continue;
    runs.note(grid, table, lo, hi, directions);
    const minYears = Math.max(1, options.minYears ?? scannerMinYears(most));
    // Long and short share counts: each tested cell is one test per requested direction.
    tested += tallyPValues(series, table, grid, runs, minYears, lo, hi, directions, tally) * directions.length;
    const byRisk = options.rank === 'returnToRisk';
    // The risk ranking reads every eligible window's mean MAE: added only when it ranks.
    if (byRisk) grid.fillRisk(series, table, lo, hi);
    let best = -1;
    let bestDirection: Direction = 'long';
    for (const direction of directions) {
      const c = byRisk ? grid.bestByRisk(direction, minYears) : grid.best(direction, minYears);
      const before = (a: number, da: Direction, b: number, db: Direction) =>
        byRisk ? grid.compareRisk(a, da, b, db) : grid.compare(a, da, b, db);
      // Ties across directions keep the first listed (long before short).
      if (c >= 0 && (best < 0 || before(c, direction, best, bestDirection) < 0)) {
        best = c;
        bestDirection = direction;
      }
    }
    if (best < 0) continue;
    if (grid.winRateOf(best, bestDirection) < minWinRate) continue;
    const testPValue = runCellPValue(series, table, grid, runs, best, lo, hi, bestDirection);
    // Detailed now, while the symbol's rows and closes are still in the caches from the count.
    const window = windowDetails(
      series,
      table,
      grid.startOf(best),
      grid.daysOf(best),
      lo,
      hi,
      bestDirection,
      testPValue,
    );
    const { start, end, days } = window;
    const stats = Object.assign(window.stats, { qValue: null as number | null });
    if (options.condition) {
      const removed = countedYears(yearTable, grid.startOf(best), grid.daysOf(best), lo, hi) - stats.count;
      Object.assign(stats, { conditionRemoved: removed });
    }
    results.push({
      symbol: series.symbol,
      direction: bestDirection,
      start,
      end,
      days,
      stats,
      smallSample: stats.count < SCANNER_EVIDENCE_YEARS,
    });
    testPValues.push(testPValue);
  }
  const upcoming = mode ? { upcoming: counts } : {};
  if (mode) for (const r of results) Object.assign(r, upcomingFields(r, mode, dollarVolumes));
  const buckets = tally.buckets;
  if (own && buckets) return { results, testPValues, tested, ...groupedByBucket(tally, buckets, own), ...upcoming };
  const pValues = own ? tally.values.slice(0, tally.size) : tally.values.subarray(0, tally.size);
  const weights = own ? tally.weights.slice(0, tally.size) : tally.weights.subarray(0, tally.size);
  if (!buckets) return { results, testPValues, tested, pValues, weights, ...upcoming };
  return { results, testPValues, tested, pValues, weights, buckets, ...upcoming };
}

/**
 * The header of an upcoming scan's answer (absent otherwise): the session, the start days and
 * the parts' counts of the symbols left out.
 */
export function upcomingHeader(
  parts: readonly Pick<SeasonalityScanPart, 'upcoming'>[],
  options: Pick<SeasonalityScanOptions, 'startFrom' | 'startTo' | 'upcoming'>,
): UpcomingScanHeader | null {
  if (!options.upcoming) return null;
  const stale = parts.reduce((n, p) => n + (p.upcoming?.stale ?? 0), 0);
  const illiquid = parts.reduce((n, p) => n + (p.upcoming?.illiquid ?? 0), 0);
  return { asOf: options.upcoming.asOf, startFrom: options.startFrom, startTo: options.startTo, stale, illiquid };
}

/**
 * The tally's pValues and weights copied out ordered by bucket (a counting sort), so that the
 * merge of the parts on the caller's thread reads each bucket it needs where it lies
 * (qValuesOfBucketed) instead of passing over every test of every part.
 */
function groupedByBucket(
  tally: PValueTally,
  buckets: ValueBuckets,
  memory: BufferAllocator,
): Pick<SeasonalityScanPart, 'pValues' | 'weights' | 'grouped'> {
  const size = tally.size;
  const starts = new Int32Array(BUCKETS + 1);
  for (let b = 0; b < BUCKETS; b++) starts[b + 1] = starts[b]! + buckets.counts[b]!;
  const next = starts.slice(0, BUCKETS);
  const pValues = new Float64Array(memory(8 * size), 0, size);
  const weights = new Int32Array(memory(4 * size), 0, size);
  const { values, weights: counts } = tally;
  const { bucket } = buckets;
  for (let i = 0; i < size; i++) {
    const at = next[bucket[i]!]!++;
    pValues[at] = values[i]!;
    weights[at] = counts[i]!;
  }
  return { pValues, weights, grouped: { starts, tests: buckets.tests.slice(0, BUCKETS) } };
}

/**
 * The qValue of each part's results in turn (its testPValues), adjusted by Benjamini–Hochberg
 * over the tests of every part, and how many tests they are.
 */
export function partsQValues(
  parts: readonly Pick<SeasonalityScanPart, 'pValues' | 'weights' | 'buckets' | 'grouped' | 'testPValues' | 'tested'>[],
): { q: number[]; tested: number } {
  const queries = parts.flatMap((p) => p.testPValues);
  const tested = parts.reduce((n, p) => n + p.tested, 0);
  if (parts.length > 0 && parts.every((p) => p.grouped)) {
    const bucketed = parts.map((p) => ({ values: p.pValues, weights: p.weights, ...p.grouped! }));
    const q = qValuesOfBucketed(bucketed, queries);
    if (q) return { q, tested };
  }
  const { values, weights } = mergedTally(parts);
  // Each result's pValue is one of the tests' (its own): tallied.
  const q = benjaminiHochbergTally(values, weights, queries, true, mergedBuckets(parts));
  return { q, tested };
}

/** The parts' pValues and their weights laid end to end (the first part's own arrays when it is alone). */
function mergedTally(parts: readonly Pick<SeasonalityScanPart, 'pValues' | 'weights'>[]): {
  values: Float64Array;
  weights: Int32Array;
} {
  if (parts.length <= 1)
    return { values: parts[0]?.pValues ?? new Float64Array(0), weights: parts[0]?.weights ?? new Int32Array(0) };
  const size = parts.reduce((n, p) => n + p.pValues.length, 0);
  const values = new Float64Array(size);
  const weights = new Int32Array(size);
  let offset = 0;
  for (const part of parts) {
    values.set(part.pValues, offset);
    weights.set(part.weights, offset);
    offset += part.pValues.length;
  }
  return { values, weights };
}

/**
 * The buckets of a lone part's pValues (the in-process scan's, as tallied); none for several
 * parts: a part made to be sent has its pValues grouped by bucket instead (qValuesOfBucketed),
 * or no buckets at all (a NaN), which leaves the values to the sort.
 */
function mergedBuckets(parts: readonly Pick<SeasonalityScanPart, 'buckets'>[]): ValueBuckets | undefined {
  return parts.length === 1 ? parts[0]!.buckets : undefined;
}

/** The tally of seasonalityScanPart, kept between scans (its answer copies what it needs). */
const scanTally = new PValueTally();
/** The grid's runs of seasonalityScanPart, kept between scans. */
const scanRuns = new GridRuns();

/**
 * The results in the scanner's order: the ranking of analytics.md (winRate, mean, earlier
 * start in the range, shorter length), then symbol, then long before short. `fromIndex` is
 * the calendar position of the range's first start day.
 */
function sortScanResults(
  results: SeasonalityScanResult[],
  fromIndex: number,
  rank: WindowRank | undefined,
): SeasonalityScanResult[] {
  // Each start's place in the range, found once rather than in every comparison.
  const position = new Map<string, number>();
  for (const r of results)
    if (!position.has(r.start))
      position.set(r.start, (calendarIndex(parseMonthDay(r.start)) - fromIndex + DAYS_IN_CALENDAR) % DAYS_IN_CALENDAR);
  const byRisk = rank === 'returnToRisk';
  return results.sort(
    (a, b) =>
      (byRisk ? compareRiskKeys(riskKeyOf(a), riskKeyOf(b)) : 0) ||
      b.stats.winRate - a.stats.winRate ||
      (a.stats.mean !== b.stats.mean ? (b.stats.mean > a.stats.mean ? 1 : -1) : 0) ||
      position.get(a.start)! - position.get(b.start)! ||
      a.days - b.days ||
      (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) ||
      (a.direction === b.direction ? 0 : a.direction === 'long' ? -1 : 1),
  );
}

/** A result's first key in the returnToRisk ranking (riskRankKey; −Infinity for a NaN, last). */
export function riskKeyOf(result: Pick<SeasonalityScanResult, 'stats'>): number {
  const key = riskRankKey(result.stats.returnToRisk);
  return key === key ? key : -Infinity;
}

/** Descending keys: negative when key a ranks before key b. */
export function compareRiskKeys(a: number, b: number): number {
  return a === b ? 0 : b > a ? 1 : -1;
}

/**
 * One answer from the parts of disjoint parts of a universe scanned with the same options
 * (the analytics pool splits a scan over its threads): the same answer as one scan of the
 * whole universe. Each result's qValue is its pValue adjusted by Benjamini–Hochberg over the
 * tests of every part; maxQValue then filters the results.
 */
export function mergeScanParts(
  parts: readonly SeasonalityScanPart[],
  options: Pick<SeasonalityScanOptions, 'startFrom' | 'startTo' | 'maxQValue' | 'upcoming' | 'rank'>,
): SeasonalityScanAnswer {
  const { q, tested } = partsQValues(parts);
  const kept = parts.flatMap((p) => p.results);
  // The parts' results are this answer's own: each takes its qValue in place.
  kept.forEach((r, i) => (r.stats.qValue = q[i]!));
  const results = kept.filter((r) => options.maxQValue === undefined || r.stats.qValue! <= options.maxQValue);
  const answer = { results: sortScanResults(results, startIndex(options.startFrom), options.rank), tested };
  const header = upcomingHeader(parts, options);
  return header ? { ...answer, ...header } : answer;
}

/** Calendar position of the first start day: 02-29 means the day after Feb 28, i.e. 03-01. */
export function startIndex(startFrom: string): number {
  const from = parseMonthDay(startFrom);
  return from.month === 2 && from.day === 29 ? calendarIndex(from) + 1 : calendarIndex(from);
}
