import { dayNumber, isoDate, type PriceSeries } from '../series.js';
import { lowerBound } from '../seasonality/pattern.js';

/**
 * The series as it stood at the close of `day`: every bar on or before it (views, no copy).
 * Open, high, low and volume are taken when asked: a cache series may keep them on disk
 * (the market snapshot), and many callers read only the closes.
 */
export function seriesUpTo(series: PriceSeries, day: number): PriceSeries {
  const n = lowerBound(series.dates, day + 1);
  if (n === series.dates.length) return series;
  return {
    symbol: series.symbol,
    dates: series.dates.subarray(0, n),
    close: series.close.subarray(0, n),
    get open() {
      return series.open.subarray(0, n);
    },
    get high() {
      return series.high.subarray(0, n);
    },
    get low() {
      return series.low.subarray(0, n);
    },
    get volume() {
      return series.volume.subarray(0, n);
    },
  };
}

/** Whether the series has a bar on `day`. */
export function hasBarOn(series: PriceSeries, day: number): boolean {
  const i = lowerBound(series.dates, day);
  return i < series.dates.length && series.dates[i] === day;
}

/**
 * The session before `asOf` in the data: the latest bar date before it over all series
 * (null when nothing is older). Alerts compare the state at `asOf` with the state there.
 */
export function previousDataSession(universe: Iterable<PriceSeries>, asOf: string): string | null {
  const day = dayNumber(asOf);
  let best = -Infinity;
  for (const series of universe) {
    const i = lowerBound(series.dates, day) - 1;
    if (i >= 0 && series.dates[i]! > best) best = series.dates[i]!;
  }
  return best === -Infinity ? null : isoDate(best);
}
