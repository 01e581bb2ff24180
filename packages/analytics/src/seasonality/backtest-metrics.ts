import type { PriceSeries } from '../series.js';
import { mean, sampleStdDev } from '../stats/descriptive.js';
import { lowerBound } from './pattern.js';

/** Performance figures of a value curve over the equity dates (analytics.md, "Seasonal backtest"). */
export interface CurveMetrics {
  totalReturn: number;
  /** Null when the first and the last equity date are the same day. */
  cagr: number | null;
  maxDrawdown: number;
  volatility: number;
  /** Null when the daily returns' standard deviation is 0. */
  sharpe: number | null;
  /** Null when no daily return is negative. */
  sortino: number | null;
}

const ANNUAL = Math.sqrt(252);

/** Daily returns r_t = V(t) / V(previous date) − 1, with 1 as the value before the first date. */
export function dailyReturns(values: Float64Array): Float64Array {
  const r = new Float64Array(values.length);
  let previous = 1;
  for (let j = 0; j < values.length; j++) {
    r[j] = values[j]! / previous - 1;
    previous = values[j]!;
  }
  return r;
}

/**
 * totalReturn, cagr, maxDrawdown, volatility, sharpe and sortino of a value curve V on the
 * equity dates (day numbers, ascending; at least one).
 */
export function curveMetrics(dates: Int32Array, values: Float64Array): CurveMetrics {
  const n = values.length;
  const last = values[n - 1]!;
  const days = dates[n - 1]! - dates[0]!;
  let peak = 1;
  let maxDrawdown = 0;
  for (let j = 0; j < n; j++) {
    if (values[j]! > peak) peak = values[j]!;
    const drawdown = values[j]! / peak - 1;
    if (drawdown < maxDrawdown) maxDrawdown = drawdown;
  }
  const r = dailyReturns(values);
  const m = mean(r);
  const sd = sampleStdDev(r);
  let downside = 0;
  let negatives = 0;
  for (let j = 0; j < n; j++) {
    if (r[j]! < 0) {
      downside += r[j]! * r[j]!;
      negatives++;
    }
  }
  return {
    totalReturn: last - 1,
    cagr: days > 0 ? Math.pow(last, 365.25 / days) - 1 : null,
    maxDrawdown,
    volatility: sd * ANNUAL,
    sharpe: sd === 0 ? null : (m / sd) * ANNUAL,
    sortino: negatives === 0 ? null : (m / Math.sqrt(downside / n)) * ANNUAL,
  };
}

/**
 * Buy and hold of the benchmark on the equity dates: B(t) = P(t) / P0, P(t) its last close on
 * or before t, P0 = P(first date); when it has no close by then, P0 is its first close and
 * B(t) = 1 before that close's date. No bar at all: B = 1 throughout.
 */
export function benchmarkCurve(series: PriceSeries, dates: Int32Array): Float64Array {
  const values = new Float64Array(dates.length).fill(1);
  const { dates: days, close } = series;
  if (days.length === 0 || dates.length === 0) return values;
  let k = lowerBound(days, dates[0]! + 1) - 1;
  const p0 = k >= 0 ? close[k]! : close[0]!;
  for (let j = 0; j < dates.length; j++) {
    const t = dates[j]!;
    while (k + 1 < days.length && days[k + 1]! <= t) k++;
    if (k >= 0) values[j] = close[k]! / p0;
  }
  return values;
}
