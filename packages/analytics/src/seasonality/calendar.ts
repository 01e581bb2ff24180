import { civilDate, type PriceSeries } from '../series.js';
import { maxOf, mean, median, minOf, sampleStdDev } from '../stats/descriptive.js';
import type { YearRange } from './pattern.js';

export interface MonthReturn {
  year: number;
  month: number;
  return: number;
}

export interface MonthSummary {
  month: number;
  count: number;
  /** Null (with median, winRate, min, max, stdDev) when no year has the month. */
  mean: number | null;
  median: number | null;
  winRate: number | null;
  min: number | null;
  max: number | null;
  stdDev: number | null;
}

export interface CalendarResult {
  symbol: string;
  months: MonthReturn[];
  years: { year: number; return: number }[];
  summary: MonthSummary[];
}

/** Monthly and yearly returns from month-end closes (analytics.md, "Calendar"). */
export function seasonalCalendar(series: PriceSeries, range: YearRange = {}): CalendarResult {
  const { dates, close } = series;
  const n = dates.length;
  // Close of the last trading day of each month, keyed year·12 + (month − 1).
  const monthEnd = new Map<number, number>();
  const yearEnd = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c = civilDate(dates[i]!);
    monthEnd.set(c.year * 12 + c.month - 1, close[i]!);
    yearEnd.set(c.year, close[i]!);
  }
  const from = range.from ?? -Infinity;
  const to = range.to ?? Infinity;
  const months: MonthReturn[] = [];
  for (const [key, last] of monthEnd) {
    const year = Math.floor(key / 12);
    if (year < from || year > to) continue;
    const before = monthEnd.get(key - 1);
    if (before === undefined) continue;
    months.push({ year, month: (key % 12) + 1, return: last / before - 1 });
  }
  const years: { year: number; return: number }[] = [];
  for (const [year, last] of yearEnd) {
    if (year < from || year > to) continue;
    const before = yearEnd.get(year - 1);
    if (before === undefined) continue;
    years.push({ year, return: last / before - 1 });
  }
  const summary: MonthSummary[] = [];
  for (let month = 1; month <= 12; month++) {
    const rs = months.filter((m) => m.month === month).map((m) => m.return);
    const count = rs.length;
    summary.push({
      month,
      count,
      mean: count ? mean(rs) : null,
      median: count ? median(rs) : null,
      winRate: count ? rs.filter((r) => r > 0).length / count : null,
      min: count ? minOf(rs) : null,
      max: count ? maxOf(rs) : null,
      stdDev: count ? sampleStdDev(rs) : null,
    });
  }
  return { symbol: series.symbol, months, years, summary };
}
