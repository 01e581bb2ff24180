import type { PriceSeries } from '../series.js';
import { seasonalChart } from './chart.js';
import { parseMonthDay } from './calendar-days.js';
import {
  seasonalPattern,
  windowCalendarDays,
  type PatternOptions,
  type PatternResult,
  type YearRange,
} from './pattern.js';
import { windowStatistics, type WindowStats } from './statistics.js';
import { baseRate } from './window-table.js';

export interface ChartAgainst {
  benchmark: string;
  /** The years both symbols use, ascending. */
  years: number[];
  /** The symbol's average year over those years (365 values); null when they share none. */
  curve: number[] | null;
  detrended: number[] | null;
  /** The benchmark's average year over the same years. */
  benchmarkCurve: number[] | null;
  benchmarkDetrended: number[] | null;
}

/**
 * A seasonal chart against a benchmark (analytics.md, "Seasonal chart"): both curves, and so
 * their difference, over only the years that both symbols use.
 */
export function seasonalChartAgainst(series: PriceSeries, benchmark: PriceSeries, range: YearRange = {}): ChartAgainst {
  const own = new Set(seasonalChart(series, range).years);
  const common = new Set(seasonalChart(benchmark, range).years.filter((y) => own.has(y)));
  const a = seasonalChart(series, range, common);
  const b = seasonalChart(benchmark, range, common);
  return {
    benchmark: benchmark.symbol,
    years: a.years,
    curve: a.curve,
    detrended: a.detrended,
    benchmarkCurve: b.curve,
    benchmarkDetrended: b.detrended,
  };
}

export interface PatternAgainst {
  benchmark: string;
  /** The benchmark's window statistics over the years that count for both. */
  stats: WindowStats | null;
  /** Mean of the symbol's returns over those years; null when none. */
  symbolMean: number | null;
  /** Mean over those years of (symbol's return − benchmark's return); null when none. */
  excessMean: number | null;
  /** Each such year: the benchmark's return and the difference. */
  years: { year: number; return: number; excess: number }[];
}

/**
 * A pattern's benchmark-relative figures (analytics.md, "Seasonal chart"): the same window on
 * the benchmark, over the years that count for both symbols only.
 */
export function patternAgainst(
  pattern: PatternResult,
  benchmark: PriceSeries,
  options: PatternOptions,
): PatternAgainst {
  const bench = seasonalPattern(benchmark, { ...options, direction: pattern.direction });
  const byYear = new Map(bench.years.map((y) => [y.year, y.return]));
  const years: PatternAgainst['years'] = [];
  const own: number[] = [];
  const theirs: number[] = [];
  for (const y of pattern.years) {
    const b = byYear.get(y.year);
    if (b === undefined) continue;
    years.push({ year: y.year, return: b, excess: y.return - b });
    own.push(y.return);
    theirs.push(b);
  }
  const n = years.length;
  const calendarDays = windowCalendarDays(parseMonthDay(options.start), parseMonthDay(options.end));
  const rate =
    n > 0
      ? baseRate(
          benchmark,
          calendarDays,
          years.map((y) => y.year),
          pattern.direction,
        )
      : null;
  return {
    benchmark: benchmark.symbol,
    stats: windowStatistics(theirs, calendarDays, rate),
    symbolMean: n > 0 ? own.reduce((s, r) => s + r, 0) / n : null,
    excessMean: n > 0 ? years.reduce((s, y) => s + y.excess, 0) / n : null,
    years,
  };
}
