import { packedCivilDate, type PriceSeries } from '../series.js';

/**
 * (year·12 + month − 1) of a day number, by integer arithmetic (H. Hinnant's civil-from-days):
 * the heatmap's seasonality grid runs this over every bar of every symbol, where a Date per
 * bar costs seconds.
 */
export function monthKeyOfDay(day: number): number {
  const c = packedCivilDate(day);
  return Math.floor(c / 10_000) * 12 + (Math.floor(c / 100) % 100) - 1;
}

export interface MonthlyStatistics {
  /** Mean monthly return, January first; null for a month with no complete observation. */
  mean: (number | null)[];
  /** Number of complete months observed. */
  count: number[];
  /** Share of those months with a return > 0; null when none. */
  winRate: (number | null)[];
}

/**
 * Per month of the year (January first), over all the symbol's years, the calendar
 * definition of analytics.md: close(last trading day of M) / close(last trading day of the
 * month before) − 1, only when both exist, and never the month holding the latest bar ("to
 * date"). Same values, summed in the same (chronological) order, as seasonalCalendar's summary.
 */
export function monthlyStatistics(series: PriceSeries): MonthlyStatistics {
  const { dates, close } = series;
  const sums = new Float64Array(12);
  const counts = new Int32Array(12);
  const wins = new Int32Array(12);
  let key = NaN;
  let last = NaN;
  let prevKey = NaN;
  let prevLast = NaN;
  for (let i = 0; i < dates.length; i++) {
    const k = monthKeyOfDay(dates[i] as number);
    if (k !== key) {
      // A month is complete once a later month has a bar: the one of the latest bar never is.
      if (!Number.isNaN(key) && prevKey === key - 1) {
        const m = ((key % 12) + 12) % 12;
        const r = last / prevLast - 1;
        sums[m] = (sums[m] as number) + r;
        counts[m] = (counts[m] as number) + 1;
        if (r > 0) wins[m] = (wins[m] as number) + 1;
      }
      prevKey = key;
      prevLast = last;
      key = k;
    }
    last = close[i] as number;
  }
  const count = Array.from(counts);
  return {
    mean: Array.from(sums, (s, m) => (count[m]! > 0 ? s / count[m]! : null)),
    count,
    winRate: Array.from(wins, (w, m) => (count[m]! > 0 ? w / count[m]! : null)),
  };
}

/** The mean of monthlyStatistics. */
export function monthlyMeanReturns(series: PriceSeries): (number | null)[] {
  return monthlyStatistics(series).mean;
}
