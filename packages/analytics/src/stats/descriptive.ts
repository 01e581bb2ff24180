/** Arithmetic mean, summed in order; NaN for no values (callers decide what "none" means). */
export function mean(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i]!;
  return sum / n;
}

/** Median: the middle value, or the mean of the two middle values when n is even; NaN when empty. */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Sample standard deviation (divisor n − 1); 0 when n < 2. */
export function sampleStdDev(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return 0;
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - m;
    ss += d * d;
  }
  return Math.sqrt(ss / (n - 1));
}

/** Population standard deviation (divisor n); NaN when empty. */
export function populationStdDev(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return NaN;
  const m = mean(values);
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - m;
    ss += d * d;
  }
  return Math.sqrt(ss / n);
}

export function minOf(values: ArrayLike<number>): number {
  let m = Infinity;
  for (let i = 0; i < values.length; i++) if (values[i]! < m) m = values[i]!;
  return values.length === 0 ? NaN : m;
}

export function maxOf(values: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i]! > m) m = values[i]!;
  return values.length === 0 ? NaN : m;
}
