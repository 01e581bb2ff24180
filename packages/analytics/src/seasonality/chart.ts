import { civilDate, dayNumberOf, isLeapYear, type PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR, dateAtIndex, indexOfDate } from './calendar-days.js';
import { lowerBound, type YearRange } from './pattern.js';
import { yearUsed } from './year-sets.js';

export interface ChartResult {
  symbol: string;
  /** The complete years averaged, ascending. */
  years: number[];
  /** 365 values (Jan 1 … Dec 31 of a non-leap year); null when no year is complete. */
  curve: number[] | null;
  detrended: number[] | null;
  /** The partial year of the last bar, from Jan 1 through the last bar's day; null when none. */
  current: { year: number; values: number[] } | null;
}

/**
 * The average year (analytics.md, "Seasonal chart"). `only`, when given, restricts the
 * years used to those listed (the years two symbols share).
 */
export function seasonalChart(series: PriceSeries, range: YearRange = {}, only?: ReadonlySet<number>): ChartResult {
  const { dates } = series;
  const n = dates.length;
  const empty: ChartResult = { symbol: series.symbol, years: [], curve: null, detrended: null, current: null };
  if (n === 0) return empty;
  const last = dates[n - 1]!;
  const lastYear = civilDate(last).year;
  const firstYear = civilDate(dates[0]!).year;
  const years: number[] = [];
  const sum = new Float64Array(DAYS_IN_CALENDAR);
  const y0 = Math.max(firstYear + 1, range.from ?? -Infinity);
  const y1 = Math.min(lastYear, range.to ?? Infinity);
  const values = new Float64Array(DAYS_IN_CALENDAR);
  for (let year = y0; year <= y1; year++) {
    if (last < dayNumberOf(year, 12, 31)) continue;
    if (only && !only.has(year)) continue;
    if (!yearUsed(year, range)) continue;
    if (!yearValues(series, year, DAYS_IN_CALENDAR, values)) continue;
    years.push(year);
    for (let d = 0; d < DAYS_IN_CALENDAR; d++) sum[d]! += values[d]!;
  }
  let current: ChartResult['current'] = null;
  if (last < dayNumberOf(lastYear, 12, 31)) {
    const c = civilDate(last);
    const length = indexOfDate(c.month, c.day) + 1;
    if (yearValues(series, lastYear, length, values)) {
      current = { year: lastYear, values: Array.from(values.subarray(0, length)) };
    }
  }
  if (years.length === 0) return { ...empty, current };
  const curve = Array.from(sum, (s) => s / years.length);
  const end = curve[DAYS_IN_CALENDAR - 1]!;
  const detrended = curve.map((v, d) => v - (end * d) / (DAYS_IN_CALENDAR - 1));
  return { symbol: series.symbol, years, curve, detrended, current };
}

export interface YearPaths {
  /** Each complete year's path (value_Y(d), d = 0 … 364), ascending by year. */
  paths: { year: number; values: number[] }[];
  /** The median over those years, day by day; null when none. */
  median: number[] | null;
}

/** The years the average is made of, one by one, and their day-by-day median. */
export function seasonalYearPaths(series: PriceSeries, range: YearRange = {}): YearPaths {
  const { years } = seasonalChart(series, range);
  const values = new Float64Array(DAYS_IN_CALENDAR);
  const paths = years.flatMap((year) =>
    yearValues(series, year, DAYS_IN_CALENDAR, values) ? [{ year, values: Array.from(values) }] : [],
  );
  if (paths.length === 0) return { paths, median: null };
  const column = new Float64Array(paths.length);
  const median = Array.from({ length: DAYS_IN_CALENDAR }, (_, d) => {
    paths.forEach((p, i) => (column[i] = p.values[d]!));
    column.sort();
    const mid = paths.length >> 1;
    return paths.length % 2 ? column[mid]! : (column[mid - 1]! + column[mid]!) / 2;
  });
  return { paths, median };
}

/**
 * value_Y(d) for d = 0 … length − 1 into out; false when the series lacks the last
 * trading day of Y − 1.
 */
function yearValues(series: PriceSeries, year: number, length: number, out: Float64Array): boolean {
  const { dates, close } = series;
  const jan1 = dayNumberOf(year, 1, 1);
  const p = lowerBound(dates, jan1) - 1;
  if (p < 0 || civilDate(dates[p]!).year !== year - 1) return false;
  const base = close[p]!;
  const leap = isLeapYear(year);
  let i = p;
  for (let d = 0; d < length; d++) {
    const day = dateAtIndex(jan1, leap, d);
    while (i + 1 < dates.length && dates[i + 1]! <= day) i++;
    out[d] = i === p ? 0 : close[i]! / base - 1;
  }
  return true;
}
