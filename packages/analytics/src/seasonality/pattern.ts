import { civilDate, isoDate, type PriceSeries } from '../series.js';
import { calendarIndex, dateInYear, formatMonthDay, parseMonthDay, type MonthDay } from './calendar-days.js';
import { excursion, newExcursion } from './excursions.js';
import { riskStatistics, windowStatistics, withRisk, type Direction, type WindowRiskStats } from './statistics.js';
import { baseRate } from './window-table.js';
import { lowerBound } from './lower-bound.js';

export { lowerBound } from './lower-bound.js';
import { keptEntries, type EntryCondition } from './entry-condition.js';
import type { ConditionTexts } from '../language/condition.js';
import type { SeriesContext } from '../language/series.js';
import type { SeriesTraits } from '../calendar/trading-calendar.js';
import { yearUsed, type YearSet } from './year-sets.js';

/**
 * The years a seasonal computation uses: from and to (inclusive; default: all the series
 * allows) and the filters of a year set (cycle, parity, exclude; analytics.md, "Year sets").
 */
export type YearRange = YearSet;

export interface PatternOptions extends YearRange {
  /** 'MM-DD' */
  start: string;
  /** 'MM-DD' */
  end: string;
  direction?: Direction;
  /** Keeps only the years whose entry bar satisfies it (analytics.md, "Conditional seasonality"). */
  condition?: EntryCondition;
  /** What the condition reads besides the series: other symbols for rs(), the symbol's texts, calendar and volume. */
  conditionContext?: { context?: SeriesContext; texts?: ConditionTexts; traits?: SeriesTraits };
}

/** What a condition did to a pattern: the years of the year set that count and that it removed. */
export interface PatternCondition {
  expression: string;
  removed: number;
  removedYears: number[];
}

export interface PatternYear {
  year: number;
  entryDate: string;
  exitDate: string;
  entryClose: number;
  exitClose: number;
  /** Signed for the direction: −r for a short window. */
  return: number;
  /** The MFE (analytics.md, "Risk inside a window"). */
  maxRise: number;
  /** The MAE. */
  maxDrop: number;
  /** Trading days after entry of the first close that gives the MAE (0: the entry day). */
  maeDay: number;
  /** 'YYYY-MM-DD' of that close. */
  maeDate: string;
  /** Trading days after entry of the first close that gives the MFE. */
  mfeDay: number;
  mfeDate: string;
  /** Trading days after entry up to and including exit. */
  tradingDays: number;
}

export interface PatternResult {
  symbol: string;
  start: string;
  end: string;
  direction: Direction;
  years: PatternYear[];
  /** Null when no year counts (is kept). */
  stats: (WindowRiskStats & { conditionRemoved?: number }) | null;
  /** Only with a condition: `years` then lists the kept years only. */
  condition?: PatternCondition;
}

/** True when the window crosses the year end: end before start as a month-day. */
export function crossesYearEnd(start: MonthDay, end: MonthDay): boolean {
  return end.month < start.month || (end.month === start.month && end.day < start.day);
}

/** The window's length in a non-leap year (analytics.md): end − start, plus 365 across the year end. */
export function windowCalendarDays(start: MonthDay, end: MonthDay): number {
  return calendarIndex(end) - calendarIndex(start) + (crossesYearEnd(start, end) ? 365 : 0);
}

/** One window over every year that counts (analytics.md, "Seasonal window"). */
export function seasonalPattern(series: PriceSeries, options: PatternOptions): PatternResult {
  const start = parseMonthDay(options.start);
  const end = parseMonthDay(options.end);
  const direction = options.direction ?? 'long';
  const cross = crossesYearEnd(start, end) ? 1 : 0;
  const calendarDays = windowCalendarDays(start, end);
  const { dates, close } = series;
  const n = dates.length;
  let years: PatternYear[] = [];
  const entries: number[] = [];
  const seen = newExcursion();
  if (n > 0) {
    const first = dates[0]!;
    const last = dates[n - 1]!;
    const y0 = Math.max(civilDate(first).year, options.from ?? -Infinity);
    const y1 = Math.min(civilDate(last).year, options.to ?? Infinity);
    for (let year = y0; year <= y1; year++) {
      const s = dateInYear(year, start);
      const e = dateInYear(year + cross, end);
      if (first > s || last < e || !yearUsed(year, options)) continue;
      const entry = lowerBound(dates, s);
      const exit = lowerBound(dates, e + 1) - 1;
      if (entry >= exit) continue;
      entries.push(entry);
      const c0 = close[entry]!;
      const { mae, mfe, maeAt, mfeAt } = excursion(close, entry, exit, direction, seen);
      const r = close[exit]! / c0 - 1;
      years.push({
        year,
        entryDate: isoDate(dates[entry]!),
        exitDate: isoDate(dates[exit]!),
        entryClose: c0,
        exitClose: close[exit]!,
        return: direction === 'long' ? r : 0 - r,
        maxRise: mfe,
        maxDrop: mae,
        maeDay: maeAt - entry,
        maeDate: isoDate(dates[maeAt]!),
        mfeDay: mfeAt - entry,
        mfeDate: isoDate(dates[mfeAt]!),
        tradingDays: exit - entry,
      });
    }
  }
  let condition: PatternCondition | undefined;
  if (options.condition) {
    const kept = keptEntries(options.condition, series, entries, options.conditionContext);
    const removedYears = years.filter((_, k) => !kept(entries[k]!)).map((y) => y.year);
    years = years.filter((_, k) => kept(entries[k]!));
    condition = { expression: options.condition.expression, removed: removedYears.length, removedYears };
  }
  const returns = years.map((y) => y.return);
  const rate =
    years.length > 0
      ? baseRate(
          series,
          calendarDays,
          years.map((y) => y.year),
          direction,
        )
      : null;
  const stats = windowStatistics(returns, calendarDays, rate);
  const risk =
    stats &&
    riskStatistics(
      years.map((y) => y.maxDrop),
      years.map((y) => y.maxRise),
      years.map((y) => y.year),
      stats.mean,
    );
  return {
    symbol: series.symbol,
    start: formatMonthDay(start),
    end: formatMonthDay(end),
    direction,
    years,
    stats:
      stats && risk
        ? condition
          ? { ...withRisk(stats, risk), conditionRemoved: condition.removed }
          : withRisk(stats, risk)
        : null,
    ...(condition ? { condition } : {}),
  };
}
