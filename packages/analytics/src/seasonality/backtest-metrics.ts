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
 * equity dates (day numbers, ascending; at least one), annualized by √A (A = 252 unless the
 * legs' calendars say otherwise: annualizationFactor).
 */
export function curveMetrics(dates: Int32Array, values: Float64Array, annualization = 252): CurveMetrics {
  const annual = Math.sqrt(annualization);
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
    volatility: sd * annual,
    sharpe: sd === 0 ? null : (m / sd) * annual,
    sortino: negatives === 0 ? null : (m / Math.sqrt(downside / n)) * annual,
  };
}

/**
 * The benchmark's span on the equity dates (analytics.md, "Seasonal backtest", Benchmark): the
 * index of the first equity date on or after the benchmark's first close (0 when it has a
 * close on or before the first equity date; `dates.length` when it has no close by the last).
 */
export function benchmarkSpanStart(series: PriceSeries, dates: Int32Array): number {
  if (series.dates.length === 0) return dates.length;
  return lowerBound(dates, series.dates[0]!);
}

/**
 * Buy and hold of the benchmark on the span's dates (equity dates, ascending, each on or after
 * its first close): B(t) = P(t) / P0, P(t) its last close on or before t, P0 = P(first date).
 */
export function benchmarkCurve(series: PriceSeries, dates: Int32Array): Float64Array {
  const values = new Float64Array(dates.length);
  const { dates: days, close } = series;
  if (dates.length === 0) return values;
  let k = lowerBound(days, dates[0]! + 1) - 1;
  if (k < 0) throw new RangeError('benchmark span starts before its first close');
  const p0 = close[k]!;
  for (let j = 0; j < dates.length; j++) {
    const t = dates[j]!;
    while (k + 1 < days.length && days[k + 1]! <= t) k++;
    values[j] = close[k]! / p0;
  }
  return values;
}

/** A curve rebased to 1 on its first value (the strategy over the benchmark's span). */
export function rebased(values: Float64Array): Float64Array {
  const first = values[0]!;
  return values.map((v) => v / first);
}
