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
  const sorted = n <= SMALL ? sortedSmall(values, n) : null;
  const ordered = sorted ?? Float64Array.from(values).sort();
  const mid = n >> 1;
  return n % 2 === 1 ? ordered[mid]! : (ordered[mid - 1]! + ordered[mid]!) / 2;
}

/**
 * Up to SMALL values sorted by insertion into a reused array (a scan details hundreds of
 * 20-year windows: a new array and the built-in sort for each cost more than the rest of
 * their statistics), in the built-in sort's order; null when a value is NaN or −0, whose
 * places only that sort decides.
 */
function sortedSmall(values: ArrayLike<number>, n: number): Float64Array | null {
  const out = smallScratch;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v !== v || (v === 0 && 1 / v < 0)) return null;
    let j = i - 1;
    while (j >= 0 && out[j]! > v) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = v;
  }
  return out;
}

const SMALL = 64;
const smallScratch = new Float64Array(SMALL);

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
