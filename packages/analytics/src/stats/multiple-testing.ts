import { ascendingUnit, sortAscending } from './ascending-sort.js';
import { qValuesByBucket, type ValueBuckets } from './q-values-by-bucket.js';

/**
 * Benjamini–Hochberg adjusted p-values (analytics.md, "Multiple testing"): with the m
 * p-values ordered ascending, q(i) = max(p(i), min over j ≥ i of min(1, m·p(j)/j)). Equal
 * p-values get equal q-values (the largest rank among equals decides, as the minimum over
 * j ≥ i already gives). Returns the q-values in the order of the input.
 */
export function benjaminiHochberg(pValues: ArrayLike<number>): number[] {
  return benjaminiHochbergAt(
    pValues,
    Array.from({ length: pValues.length }, (_, i) => i),
  );
}

/**
 * The Benjamini–Hochberg q-values of only the tests at `indices` among all m `pValues` (the
 * same numbers as benjaminiHochberg(pValues) at those indices): the seasonality scanner
 * adjusts over every window it tested but reports one window per symbol.
 */
export function benjaminiHochbergAt(pValues: ArrayLike<number>, indices: readonly number[]): number[] {
  const m = pValues.length;
  // The numeric order of Float64Array.prototype.sort, by buckets (ascendingUnit): the built-in
  // sort takes tens of milliseconds over a universe's tests (the scanner tallies them instead).
  const sorted = new Float64Array(m);
  for (let i = 0; i < m; i++) sorted[i] = pValues[i]!;
  ascendingUnit(sorted);
  const adjusted = new Float64Array(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const p = sorted[k]!;
    running = Math.min(running, Math.min(1, (m * p) / (k + 1)));
    adjusted[k] = Math.max(p, running);
  }
  // The last sorted position holding p: every equal p takes its q (the same for all of them).
  return indices.map((i) => adjusted[lastAtOrBelow(sorted, m, pValues[i]!)]!);
}

/**
 * benjaminiHochbergAt over m tests given as values with how many tests have each (`weights`,
 * summing to m; a value may be listed more than once), the tests asked by their pValue: the
 * same numbers as benjaminiHochbergAt over the m values written out, at tests holding those
 * values. Among equal pValues only the last sorted position decides (its m·p/j is the least
 * of theirs and the one every equal test takes), so the distinct values need sorting, not m.
 * Mostly not even those (qValuesByBucket). `tallied`: every query is one of the values (the
 * pValue of one of the tests), which spares looking for the largest value at or below it.
 * `buckets`: the values' buckets, found as they were tallied.
 */
export function benjaminiHochbergTally(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  queries: readonly number[],
  tallied = false,
  buckets?: ValueBuckets,
): number[] {
  const u = values.length;
  let m = 0;
  for (let i = 0; i < u; i++) m += weights[i]!;
  const byBucket = qValuesByBucket(values, weights, m, queries, tallied, buckets);
  if (byBucket) return byBucket;
  let sorted: Float64Array;
  let counts: Float64Array;
  const ordered = sortAscending(values, weights);
  if (ordered) {
    ({ values: sorted, weights: counts } = ordered);
  } else {
    // Not all non-negative numbers (never a pValue): the built-in order, and each value's
    // weight found by search.
    sorted = Float64Array.from(values).sort();
    counts = new Float64Array(u);
    for (let i = 0; i < u; i++) {
      const v = values[i]!;
      counts[v === v ? lastAtOrBelow(sorted, u, v) : u - 1]! += weights[i]!;
    }
  }
  // Equal values merged, in place: sorted[k] with below[k] = the tests at or below it (its
  // last position); then below[k] becomes its q-value, from the largest down.
  const below = counts;
  let distinct = 0;
  let total = 0;
  for (let i = 0; i < u; i++) {
    const v = sorted[i]!;
    total += counts[i]!;
    if (distinct > 0 && v === sorted[distinct - 1]) below[distinct - 1] = total;
    else {
      sorted[distinct] = v;
      below[distinct++] = total;
    }
  }
  const adjusted = below;
  let running = 1;
  for (let k = distinct - 1; k >= 0; k--) {
    const p = sorted[k]!;
    running = Math.min(running, Math.min(1, (m * p) / below[k]!));
    adjusted[k] = Math.max(p, running);
  }
  return queries.map((p) => adjusted[lastAtOrBelow(sorted, distinct, p)]!);
}

/** The last position among sorted[0 … size) holding a value ≤ p (0 when none). */
function lastAtOrBelow(sorted: Float64Array, size: number, p: number): number {
  let lo = 0;
  let hi = size - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
