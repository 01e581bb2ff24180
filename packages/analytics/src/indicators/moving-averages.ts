/**
 * Time-series building blocks. A series function returns one value per bar, NaN where the
 * history is too short; callers turn NaN into null at the edge (see `orNull`).
 */

/** sma(n) at every bar: the plain mean of the last n values (summed afresh, no running drift). */
export function smaSeries(values: ArrayLike<number>, n: number): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  for (let i = n - 1; i < values.length; i++) out[i] = windowMean(values, i - n + 1, i + 1);
  return out;
}

/** sma(n) of the values ending at index `at` (inclusive); NaN when fewer than n values. */
export function smaAt(values: ArrayLike<number>, n: number, at = values.length - 1): number {
  if (n <= 0 || at - n + 1 < 0 || at >= values.length) return NaN;
  return windowMean(values, at - n + 1, at + 1);
}

/**
 * ema(n) at every bar: α = 2/(n+1), seeded at the n-th defined value with the sma of the
 * first n defined values. Leading NaNs are skipped (so an ema of a series that itself starts
 * late, like macd, is seeded from its own first n values).
 */
export function emaSeries(values: ArrayLike<number>, n: number, alpha = 2 / (n + 1)): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  let start = 0;
  while (start < values.length && Number.isNaN(values[start])) start++;
  const seedAt = start + n - 1;
  if (n <= 0 || seedAt >= values.length) return out;
  let prev = windowMean(values, start, seedAt + 1);
  out[seedAt] = prev;
  for (let i = seedAt + 1; i < values.length; i++) {
    prev = alpha * (values[i] as number) + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}

/** Wilder's smoothing: seed = mean of the first n values, then (previous·(n−1) + x)/n. */
export function wilderSeries(values: ArrayLike<number>, n: number, start = 0): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  const seedAt = start + n - 1;
  if (n <= 0 || seedAt >= values.length) return out;
  let prev = windowMean(values, start, seedAt + 1);
  out[seedAt] = prev;
  for (let i = seedAt + 1; i < values.length; i++) {
    prev = (prev * (n - 1) + (values[i] as number)) / n;
    out[i] = prev;
  }
  return out;
}

/** Population (divisor n) or sample (divisor n − 1) standard deviation of values[from, to). */
export function windowStdDev(values: ArrayLike<number>, from: number, to: number, sample: boolean): number {
  const n = to - from;
  if (n <= 0 || (sample && n < 2)) return NaN;
  const mean = windowMean(values, from, to);
  let ss = 0;
  for (let i = from; i < to; i++) {
    const d = (values[i] as number) - mean;
    ss += d * d;
  }
  return Math.sqrt(ss / (sample ? n - 1 : n));
}

export function windowMean(values: ArrayLike<number>, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i] as number;
  return sum / (to - from);
}

/** NaN/±Infinity → null: an undefined value is never reported as a number. */
export function orNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
