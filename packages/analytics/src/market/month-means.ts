import type { PriceSeries } from '../series.js';

/**
 * (year·12 + month − 1) of a day number, by integer arithmetic (H. Hinnant's civil-from-days):
 * the heatmap's seasonality grid runs this over every bar of every symbol, where a Date per
 * bar costs seconds.
 */
export function monthKeyOfDay(day: number): number {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return year * 12 + month - 1;
}

/**
 * Mean monthly return of each month (January first) over all the symbol's years, with the
 * calendar definition of analytics.md: close(last trading day of M) / close(last trading
 * day of the month before) − 1, only when both exist. Null for a month never observed.
 * Same values, summed in the same (chronological) order, as seasonalCalendar's summary.
 */
export function monthlyMeanReturns(series: PriceSeries): (number | null)[] {
  const { dates, close } = series;
  const sums = new Float64Array(12);
  const counts = new Int32Array(12);
  let key = NaN;
  let last = NaN;
  let prevKey = NaN;
  let prevLast = NaN;
  const flush = () => {
    if (!Number.isNaN(key) && prevKey === key - 1) {
      const m = ((key % 12) + 12) % 12;
      sums[m] = (sums[m] as number) + (last / prevLast - 1);
      counts[m] = (counts[m] as number) + 1;
    }
  };
  for (let i = 0; i < dates.length; i++) {
    const k = monthKeyOfDay(dates[i] as number);
    if (k !== key) {
      flush();
      prevKey = key;
      prevLast = last;
      key = k;
    }
    last = close[i] as number;
  }
  flush();
  return Array.from(sums, (s, m) => ((counts[m] as number) > 0 ? s / (counts[m] as number) : null));
}
