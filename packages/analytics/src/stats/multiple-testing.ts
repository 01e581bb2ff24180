/**
 * Benjamini–Hochberg adjusted p-values (analytics.md, "Multiple testing"): with the m
 * p-values ordered ascending, q(i) = max(p(i), min over j ≥ i of min(1, m·p(j)/j)). Equal
 * p-values get equal q-values (the largest rank among equals decides, as the minimum over
 * j ≥ i already gives). Returns the q-values in the order of the input.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const q = new Array<number>(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const { p, i } = order[k]!;
    running = Math.min(running, Math.min(1, (m * p) / (k + 1)));
    // Ties: every equal p takes the minimum from the last of them (computed first, going down).
    q[i] = Math.max(p, running);
  }
  return q;
}
