import { binomialUpperTail } from '../stats/binomial.js';
import { mean, median } from '../stats/descriptive.js';
import { civilDate, isLeapYear, type PriceSeries } from '../series.js';
import { memoized } from '../memo.js';
import { DAYS_IN_CALENDAR, dateAtIndex, indexOfDate } from './calendar-days.js';
import { lowerBound } from './lower-bound.js';

/** The holding lengths a `season<L>` scanner field accepts (analytics.md). */
export const SEASON_MIN_DAYS = 1;
export const SEASON_MAX_DAYS = 364;

/** What a `season<L>.<stat>` field reads as of one bar; null when no year counts. */
export interface SeasonAsOf {
  count: number;
  winners: number;
  winRate: number;
  mean: number;
  median: number;
  /** The start years that count (ascending): the base rate of pValue uses the same. */
  years: number[];
}

/**
 * Calendar position (0 … 364) of the window that a bar on `day` looks at: the calendar day after
 * it as MM-DD, 02-29 replaced by 03-01 (analytics.md, "Seasonal fields in the technical scanner").
 */
export function seasonStartIndex(day: number): number {
  const next = civilDate(day + 1);
  // indexOfDate maps 02-29 to 02-28's position; the field's window starts on 03-01 then.
  return next.month === 2 && next.day === 29 ? indexOfDate(3, 1) : indexOfDate(next.month, next.day);
}

/** Days from 0001-01-01 (proleptic Gregorian) to Jan 1 of `year`. */
const daysBefore = (year: number) =>
  365 * (year - 1) + Math.floor((year - 1) / 4) - Math.floor((year - 1) / 100) + Math.floor((year - 1) / 400);
const EPOCH = daysBefore(1970);

/** Day number of calendar position `index` (0 … 364) in `year` (arithmetic: this runs per window). */
function dateOf(year: number, index: number): number {
  return dateAtIndex(daysBefore(year) - EPOCH, isLeapYear(year), index);
}

/** First index i in [lo, hi) with dates[i] ≥ day (hi when none). */
function lowerBoundIn(dates: Int32Array, day: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface YearIndex {
  firstYear: number;
  /** start[y − firstYear]: index of the series' first bar on or after Jan 1 of y (one past the last year too). */
  start: Int32Array;
}

const yearIndexes = new WeakMap<PriceSeries, YearIndex>();

/**
 * Where each calendar year's bars begin, per series (memoized): a window's entry is searched
 * among one year's bars and its exit among the few after the entry, so a scan over a universe
 * touches little memory per symbol.
 */
function yearIndex(series: PriceSeries): YearIndex {
  return memoized(yearIndexes, series, () => {
    const { dates } = series;
    const firstYear = civilDate(dates[0]!).year;
    const years = civilDate(dates[dates.length - 1]!).year - firstYear + 2;
    const start = new Int32Array(years);
    for (let y = 0; y < years; y++) start[y] = lowerBound(dates, dateOf(firstYear + y, 0));
    return { firstYear, start };
  });
}

/**
 * The long window from the day after `day` for `days` calendar days, over the data up to `day`
 * only: the same as seasonalPattern on the series cut at `day` (a start year counts when its
 * end date is on or before the last bar up to `day`). Null when no year counts.
 */
export function seasonAsOf(series: PriceSeries, day: number, days: number): SeasonAsOf | null {
  const { dates, close } = series;
  const lastIndex = lowerBound(dates, day + 1) - 1;
  if (lastIndex < 1 || days < SEASON_MIN_DAYS || days > SEASON_MAX_DAYS) return null;
  const first = dates[0]!;
  const last = dates[lastIndex]!;
  const k = seasonStartIndex(day);
  const cross = k + days >= DAYS_IN_CALENDAR ? 1 : 0;
  const e = k + days - cross * DAYS_IN_CALENDAR;
  const returns: number[] = [];
  const years: number[] = [];
  const lastYear = civilDate(last).year;
  const { firstYear, start } = yearIndex(series);
  for (let year = firstYear; year <= lastYear; year++) {
    const s = dateOf(year, k);
    const end = dateOf(year + cross, e);
    if (first > s || end > last) continue;
    // The first bar on or after s is in year's bars or is the next year's first bar.
    const entry = lowerBoundIn(dates, s, start[year - firstYear]!, start[year - firstYear + 1]!);
    // At most days + 1 bars lie from s to end (one a day), so the exit is among those after entry.
    const exit = lowerBoundIn(dates, end + 1, entry, Math.min(dates.length, entry + days + 1)) - 1;
    if (entry >= exit) continue;
    returns.push(close[exit]! / close[entry]! - 1);
    years.push(year);
  }
  const n = returns.length;
  if (n === 0) return null;
  let winners = 0;
  for (const r of returns) if (r > 0) winners++;
  return { count: n, winners, winRate: winners / n, mean: mean(returns), median: median(returns), years };
}

/** pValue of a SeasonAsOf (its winners over its years, against the base rate as of `day`). */
export function seasonPValue(series: PriceSeries, day: number, days: number, stats: SeasonAsOf): number | null {
  const rate = seasonBaseRate(series, day, days, stats.years);
  return rate === null ? null : binomialUpperTail(stats.winners, stats.count, rate);
}

/**
 * How many windows of `days` whose start lies in `year` (one per start day of the non-leap
 * calendar) count on the bars that end by `limit`, and how many of them rose: one sweep with
 * two pointers, as both the start and the end date grow with the start day.
 */
function countYear(series: PriceSeries, index: YearIndex, year: number, days: number, limit: number): [number, number] {
  const { dates, close } = series;
  const n = dates.length;
  const first = dates[0]!;
  let a = index.start[year - index.firstYear]!;
  let b = a;
  let windows = 0;
  let rising = 0;
  const jan1 = dateOf(year, 0);
  const leap = isLeapYear(year);
  const nextJan1 = dateOf(year + 1, 0);
  const nextLeap = isLeapYear(year + 1);
  for (let k = 0; k < DAYS_IN_CALENDAR; k++) {
    const e = k + days;
    const end =
      e >= DAYS_IN_CALENDAR ? dateAtIndex(nextJan1, nextLeap, e - DAYS_IN_CALENDAR) : dateAtIndex(jan1, leap, e);
    if (end > limit) break;
    const s = dateAtIndex(jan1, leap, k);
    while (a < n && dates[a]! < s) a++;
    while (b < n && dates[b]! <= end) b++;
    // entry a (first bar on or after s), exit b − 1 (last bar on or before end)
    if (s < first || a >= b - 1) continue;
    windows++;
    if (close[b - 1]! / close[a]! - 1 > 0) rising++;
  }
  return [windows, rising];
}

/** Per series and length, each start year's [windows, rising] over all its windows (−1: not yet). */
const yearCounts = new WeakMap<PriceSeries, Map<number, Int32Array>>();

/**
 * The base rate of pValue as of `day` (analytics.md): over the given start years, every start
 * day of the non-leap calendar, the share of the windows of `days` that count on the data up
 * to `day` and rose. A start year whose windows all end before the last bar's year is counted
 * once per series and length (memoized: replays as of many dates share it); the last two are
 * counted afresh, leaving out the windows that end after `day`.
 */
export function seasonBaseRate(
  series: PriceSeries,
  day: number,
  days: number,
  years: readonly number[],
): number | null {
  const { dates } = series;
  const lastIndex = lowerBound(dates, day + 1) - 1;
  if (lastIndex < 0) return null;
  const last = dates[lastIndex]!;
  const lastYear = civilDate(last).year;
  const index = yearIndex(series);
  const memo = memoized(yearCounts, series, () => new Map<number, Int32Array>());
  const counts = memoized(memo, days, () => new Int32Array(2 * (index.start.length - 1)).fill(-1));
  let windows = 0;
  let rising = 0;
  for (const year of years) {
    const row = year - index.firstYear;
    if (row < 0 || row > lastYear - index.firstYear) continue;
    if (year + 1 < lastYear) {
      // Every window of this start year ends by Dec 31 of year + 1, before the last bar's year.
      if (counts[2 * row]! < 0)
        [counts[2 * row], counts[2 * row + 1]] = countYear(series, index, year, days, dates[dates.length - 1]!);
      windows += counts[2 * row]!;
      rising += counts[2 * row + 1]!;
    } else {
      const [w, r] = countYear(series, index, year, days, last);
      windows += w;
      rising += r;
    }
  }
  return windows === 0 ? null : rising / windows;
}
