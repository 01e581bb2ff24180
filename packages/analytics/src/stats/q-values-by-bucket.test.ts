import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketOf, qValuesByBucket, qValuesOfBucketed } from './q-values-by-bucket.js';
import { benjaminiHochbergTally } from './multiple-testing.js';

/**
 * Benjamini–Hochberg written out over every test (analytics.md): the tests sorted, q(k) =
 * max(p(k), min over j ≥ k of min(1, m·p(j)/j)), equal pValues at their last rank; a query
 * takes the q of the largest value at or below it (the smallest value's when none is).
 */
function reference(values: readonly number[], weights: readonly number[], queries: readonly number[]): number[] {
  const tests = values.flatMap((v, i) => Array<number>(weights[i]!).fill(v)).sort((a, b) => a - b);
  const m = tests.length;
  const q = new Array<number>(m);
  let running = 1;
  let last = m - 1;
  for (let k = m - 1; k >= 0; k--) {
    if (k < m - 1 && tests[k] !== tests[k + 1]) last = k;
    running = Math.min(running, Math.min(1, (m * tests[k]!) / (last + 1)));
    q[k] = Math.max(tests[k]!, running);
  }
  return queries.map((p) => {
    let at = 0;
    for (let k = 0; k < m; k++) if (tests[k]! <= p) at = k;
    return q[at]!;
  });
}

const total = (weights: readonly number[]) => weights.reduce((a, b) => a + b, 0);

/** pValues as scans have them: ties, values near 1 and exactly 1, tiny ones, and strong signals. */
const pValue = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.double({ min: 0.98, max: 1, noNaN: true }),
  fc.constantFrom(0, 1, 1e-300, 2 ** -41, 2 ** -40, 0.5, 0.5 + 2 ** -53, 1 - 2 ** -53, 0.05),
  fc.double({ min: 0, max: 1e-4, noNaN: true }),
);
const query = fc.oneof(pValue, fc.constantFrom(-1, NaN, 2, -0), fc.double({ noNaN: false }));

describe('q-values by bucket', () => {
  it('equals Benjamini–Hochberg written out, for any tests and queries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pValue, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 400 }),
        fc.array(query, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (tests, free, picks) => {
          const values = tests.map((t) => t[0]);
          const weights = tests.map((t) => t[1]);
          // Queries among the values, as the scanner asks, and anywhere else.
          const queries = [...free, ...picks.map((k) => values[k % values.length]!)];
          expect(qValuesByBucket(values, weights, total(weights), queries)).toEqual(
            reference(values, weights, queries),
          );
          // Queries among the values alone: the same, without looking for each one's v.
          const tallied = picks.map((k) => values[k % values.length]!);
          expect(qValuesByBucket(values, weights, total(weights), tallied, true)).toEqual(
            reference(values, weights, tallied),
          );
          // The buckets found as the values were gathered: the same again.
          const buckets = {
            bucket: new Uint16Array(values.length),
            counts: new Int32Array(BUCKETS),
            tests: new Float64Array(BUCKETS),
          };
          values.forEach((v, i) => {
            const b = bucketOf(v);
            buckets.bucket[i] = b;
            buckets.counts[b]!++;
            buckets.tests[b]! += weights[i]!;
          });
          expect(qValuesByBucket(values, weights, total(weights), queries, false, buckets)).toEqual(
            reference(values, weights, queries),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('places in one pass only the buckets the search can read, for a scan’s many tallied queries', () => {
    // Over 64 queries: one pass places the queries' buckets and those whose bound is below 1.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pValue, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 600 }),
        fc.array(fc.nat(), { minLength: 65, maxLength: 150 }),
        (tests, picks) => {
          const values = tests.map((t) => t[0]);
          const weights = tests.map((t) => t[1]);
          const tallied = picks.map((k) => values[k % values.length]!);
          expect(qValuesByBucket(values, weights, total(weights), tallied, true)).toEqual(
            reference(values, weights, tallied),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers the same over parts whose values are grouped by bucket (a scan’s threads’ parts)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pValue, fc.integer({ min: 1, max: 4 }), fc.nat(2)), { minLength: 1, maxLength: 500 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 150 }),
        (tests, picks) => {
          const values = tests.map((t) => t[0]);
          const weights = tests.map((t) => t[1]);
          const tallied = picks.map((k) => values[k % values.length]!);
          // Each test in the part its third number names (a part may be empty), grouped by bucket.
          const parts = [0, 1, 2].map((p) => {
            const own = tests.filter((t) => t[2] === p).sort((a, b) => bucketOf(a[0]) - bucketOf(b[0]));
            const starts = new Int32Array(BUCKETS + 1);
            const partTests = new Float64Array(BUCKETS);
            for (const [v, w] of own) {
              starts[bucketOf(v) + 1]!++;
              partTests[bucketOf(v)]! += w;
            }
            for (let b = 0; b < BUCKETS; b++) starts[b + 1]! += starts[b]!;
            return { values: own.map((t) => t[0]), weights: own.map((t) => t[1]), starts, tests: partTests };
          });
          expect(qValuesOfBucketed(parts, tallied)).toEqual(reference(values, weights, tallied));
        },
      ),
      { numRuns: 300 },
    );
    expect(qValuesOfBucketed([], [])).toBeNull();
  });

  it('sorts the buckets that can lower a q-value, large and small, and leaves out the rest', () => {
    // Many strong tests (pValues far below their share): q-values under 1, set by buckets
    // above the queries; thousands of tests in one bucket near 1 (the radix sort within it).
    let state = 11;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const values = [
      ...Array.from({ length: 3000 }, () => next() * 1e-3),
      ...Array.from({ length: 3000 }, () => 0.993 + next() * 0.007),
      ...Array.from({ length: 2000 }, () => next()),
      1,
      1,
    ];
    const weights = values.map((_, i) => 1 + (i % 3));
    const queries = [values[5]!, values[2999]!, values[4000]!, values[7000]!, 0.0005, 0.2, 1];
    const q = qValuesByBucket(values, weights, total(weights), queries)!;
    expect(q).toEqual(reference(values, weights, queries));
    const tallied = queries.slice(0, 4);
    expect(qValuesByBucket(values, weights, total(weights), tallied, true)).toEqual(q.slice(0, 4));
    expect(q.slice(0, 2).every((x) => x < 0.01)).toBe(true);
  });

  it('leaves NaN, negative numbers and −0 to the full sort, and answers as it does', () => {
    for (const odd of [NaN, -0.1, -0]) {
      expect(bucketOf(odd)).toBe(-1);
      const values = [0.01, odd, 0.2];
      expect(qValuesByBucket(values, [1, 1, 1], 3, [0.01])).toBeNull();
      expect(benjaminiHochbergTally(values, [1, 1, 1], [0.01, 0.2])).toHaveLength(2);
    }
    expect(qValuesByBucket([], [], 0, [])).toBeNull();
  });

  it('is what benjaminiHochbergTally answers for non-negative pValues', () => {
    const values = [0.04, 0.5, 0.01, 0.04, 1, 0.2];
    const weights = [2, 1, 1, 3, 1, 2];
    expect(benjaminiHochbergTally(values, weights, [0.01, 0.04, 0.3, 1])).toEqual(
      reference(values, weights, [0.01, 0.04, 0.3, 1]),
    );
  });
});
