import { civilDate, type PriceSeries } from '../series.js';
import { maxOf, mean, median, minOf, sampleStdDev } from '../stats/descriptive.js';
import type { YearRange } from './pattern.js';
import { yearUsed } from './year-sets.js';

export interface MonthReturn {
  year: number;
  month: number;
  return: number;
  /** The month holding the latest bar: "to date", left out of every statistic. */
  partial: boolean;
}

export interface YearReturn {
  year: number;
  return: number;
  /** The year holding the latest bar: "to date". */
  partial: boolean;
}

export interface MonthSummary {
  month: number;
  /** Complete months only. */
  count: number;
  /** Null (with median, winRate, min, max, stdDev) when no complete month exists. */
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
  years: YearReturn[];
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
  const latest = n > 0 ? civilDate(dates[n - 1]!) : null;
  const latestMonth = latest ? latest.year * 12 + latest.month - 1 : NaN;
  const latestYear = latest ? latest.year : NaN;
  const months: MonthReturn[] = [];
  for (const [key, last] of monthEnd) {
    const year = Math.floor(key / 12);
    if (!yearUsed(year, range)) continue;
    const before = monthEnd.get(key - 1);
    if (before === undefined) continue;
    months.push({ year, month: (key % 12) + 1, return: last / before - 1, partial: key === latestMonth });
  }
  const years: YearReturn[] = [];
  for (const [year, last] of yearEnd) {
    if (!yearUsed(year, range)) continue;
    const before = yearEnd.get(year - 1);
    if (before === undefined) continue;
    years.push({ year, return: last / before - 1, partial: year === latestYear });
  }
  const summary: MonthSummary[] = [];
  for (let month = 1; month <= 12; month++) {
    const rs = months.filter((m) => m.month === month && !m.partial).map((m) => m.return);
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
