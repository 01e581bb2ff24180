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
  // A numeric typed-array sort, not a comparator sort of objects: best trades adjusts ~40,000.
  const sorted = new Float64Array(m);
  for (let i = 0; i < m; i++) sorted[i] = pValues[i]!;
  sorted.sort();
  const adjusted = new Float64Array(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const p = sorted[k]!;
    running = Math.min(running, Math.min(1, (m * p) / (k + 1)));
    adjusted[k] = Math.max(p, running);
  }
  return indices.map((i) => {
    const p = pValues[i]!;
    // The last sorted position holding p: every equal p takes its q (the same for all of them).
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (sorted[mid]! <= p) lo = mid;
      else hi = mid - 1;
    }
    return adjusted[lo]!;
  });
}
