// Benjamini–Hochberg q-values of a few tests among very many (analytics.md, "Multiple
// testing") without sorting them all. A test of pValue p takes
//   q = max(v, min(1, least over the distinct values u ≥ v of m·u / C(u)))
// with v the largest value ≤ p (the smallest value when none is), C(u) the tests at or below
// u and m all of them: the number the full sort of benjaminiHochbergTally gives, to the bit.
// The values go into buckets by the high bits of their doubles (ordered as the values are).
// Over a bucket, m·u / C(u) is at least m·(its least value) / (the tests up to its end), so a
// bucket is sorted only when that bound is below what the buckets above it reach. A scan's
// tests are mostly chance: m·u / C(u) stays well above 1 but near the top, and few buckets
// are sorted.
import { LITTLE_ENDIAN, sortAscending } from './ascending-sort.js';

/** Buckets: 64 to a binade from 2^-40 up to 1, one below 2^-40 and one above 1. */
const SHIFT = 14;
const LOW_KEY = (1023 - 40) << (20 - SHIFT);
const ONE_KEY = 0x3ff00000 >>> SHIFT;
export const BUCKETS = ONE_KEY - LOW_KEY + 3;
const pair = new Float64Array(1);
const pairBits = new Uint32Array(pair.buffer);

/** The bucket of a value, or −1 when it is not a non-negative double (−0 and NaN included). */
export function bucketOf(v: number): number {
  pair[0] = v;
  const h = pairBits[1]!;
  if (!(v >= 0) || h >= 0x80000000) return -1;
  const key = h >>> SHIFT;
  return key < LOW_KEY ? 0 : key > ONE_KEY ? BUCKETS - 1 : key - LOW_KEY + 1;
}

/**
 * Values already put in their buckets as they were gathered (a scan's tally): each value's
 * bucket, and per bucket how many values and how many tests it holds.
 */
export interface ValueBuckets {
  bucket: Uint16Array;
  counts: Int32Array;
  tests: Float64Array;
}

/**
 * The q-values of `queries` among the tests given as values, each with how many tests have
 * it (`weights`, summing to m), as benjaminiHochbergTally; null when a value is not a
 * non-negative double (−0 and NaN included), there is none, or the machine is big-endian.
 * `tallied`: every query is one of the values (a scan's results are among its tests), so it
 * is its own v and its bucket's values are needed only when they could lower its q-value.
 * `buckets`: the values' buckets, found as they were gathered (spares a pass over them).
 */
export function qValuesByBucket(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  m: number,
  queries: readonly number[],
  tallied = false,
  buckets?: ValueBuckets,
): number[] | null {
  const u = values.length;
  if (u === 0 || !LITTLE_ENDIAN) return null;
  reserveScratch(u);
  const { value, weight, starts, through, placed } = scratch;
  let bucket: Uint16Array = scratch.bucket;
  starts[0] = 0;
  if (buckets) {
    bucket = buckets.bucket;
    starts.set(buckets.counts.subarray(0, BUCKETS), 1);
    through.set(buckets.tests.subarray(0, BUCKETS));
  } else {
    starts.fill(0);
    through.fill(0);
    for (let i = 0; i < u; i++) {
      const b = bucketOf(values[i]!);
      if (b < 0) return null;
      bucket[i] = b;
      starts[b + 1]!++;
      through[b]! += weights[i]!;
    }
  }
  // A bucket asked for alone is gathered in a pass over the values; past a few, all of them
  // are placed in one (at once when every query's bucket will be looked into, or when the
  // queries are many: a merged scan's thousands of results reach most buckets).
  let gathers = queries.length > 64 ? 0 : tallied ? 8 : Math.max(0, 8 - queries.length);
  // wanted[c]: the buckets that one pass places (all but those placed, or, for tallied
  // queries, only those the search below can look into); a bucket left out is still placed
  // alone when asked for.
  const wanted = scratch.wanted;
  const place = (b: number): void => {
    if (placed[b]) return;
    if (--gathers === -1) {
      for (let c = 0; c < BUCKETS; c++) wanted[c] = placed[c] ? 0 : tallied ? wanted[c]! : 1;
      const next = scratch.next;
      next.set(starts.subarray(0, BUCKETS));
      for (let i = 0; i < u; i++) {
        const c = bucket[i]!;
        if (!wanted[c]) continue;
        const at = next[c]!++;
        value[at] = values[i]!;
        weight[at] = weights[i]!;
      }
      for (let c = 0; c < BUCKETS; c++) if (wanted[c]) placed[c] = 1;
      if (placed[b]) return;
    }
    for (let i = 0, at = starts[b]!; i < u; i++) {
      if (bucket[i] !== b) continue;
      value[at] = values[i]!;
      weight[at++] = weights[i]!;
    }
    placed[b] = 1;
  };
  return searchBuckets(u, m, queries, tallied, place);
}

/**
 * A part of the tests, its values already grouped by bucket: bucket b's values (and their
 * weights) are values[starts[b] … starts[b + 1]), and `tests` holds each bucket's tests.
 */
export interface BucketedValues {
  values: ArrayLike<number>;
  weights: ArrayLike<number>;
  starts: Int32Array;
  tests: Float64Array;
}

/**
 * qValuesByBucket of tallied queries over the tests of every part (each grouped by bucket, as
 * the analytics pool's threads send a scan's): no pass over all the values, only the buckets
 * the search looks into are copied. Null as qValuesByBucket.
 */
export function qValuesOfBucketed(parts: readonly BucketedValues[], queries: readonly number[]): number[] | null {
  const { starts, through, placed } = scratch;
  let u = 0;
  let m = 0;
  for (const part of parts) u += part.values.length;
  if (u === 0 || !LITTLE_ENDIAN) return null;
  reserveScratch(u);
  starts.fill(0);
  through.fill(0);
  for (const part of parts)
    for (let b = 0; b < BUCKETS; b++) {
      starts[b + 1]! += part.starts[b + 1]! - part.starts[b]!;
      through[b]! += part.tests[b]!;
    }
  for (let b = 0; b < BUCKETS; b++) m += through[b]!;
  const place = (b: number): void => {
    if (placed[b]) return;
    const into = scratch.value;
    const weight = scratch.weight;
    let at = starts[b]!;
    for (const part of parts) {
      for (let i = part.starts[b]!, end = part.starts[b + 1]!; i < end; i++) {
        into[at] = part.values[i]!;
        weight[at++] = part.weights[i]!;
      }
    }
    placed[b] = 1;
  };
  return searchBuckets(u, m, queries, true, place);
}

/** The scratch arrays with room for u values. */
function reserveScratch(u: number): void {
  if (scratch.value.length >= u) return;
  const size = Math.max(u, 2 * scratch.value.length);
  scratch.bucket = new Uint16Array(size);
  scratch.value = new Float64Array(size);
  scratch.weight = new Float64Array(size);
}

/**
 * The search of qValuesByBucket over u values, once each bucket's values are counted
 * (starts[b + 1]: how many bucket b holds; through[b]: its tests) and `place` puts bucket b's
 * values at value[starts[b] …) (and marks it placed) when asked.
 */
function searchBuckets(
  u: number,
  m: number,
  queries: readonly number[],
  tallied: boolean,
  place: (b: number) => void,
): number[] {
  const { value, weight, starts, through, reach, placed, wanted } = scratch;
  // Bucket b's values go to value[starts[b] … starts[b + 1]) when asked for (placed[b]: 1 in
  // place, 2 sorted, 3 sorted with its suffix in `least`); through[b]: the tests up to its end.
  for (let b = 0; b < BUCKETS; b++) {
    starts[b + 1]! += starts[b]!;
    if (b > 0) through[b]! += through[b - 1]!;
  }
  placed.fill(0);
  const sortBucket = (b: number): void => {
    place(b);
    if (placed[b]! >= 2) return;
    placed[b] = 2;
    sortRange(value, weight, starts[b]!, starts[b + 1]!);
  };
  const empty = (b: number) => starts[b + 1] === starts[b];
  /**
   * Bucket b sorted, and least[i] over its positions i: the least m·u/C(u) over its distinct
   * values u ≥ value[i] (Infinity past the last), so that each of many queries in one bucket
   * reads it with a binary search: a pass over the bucket per query was most of the cost of
   * a scan's merge with thousands of results.
   */
  if (scratch.least.length < u) scratch.least = new Float64Array(Math.max(u, 2 * scratch.least.length));
  const least = scratch.least;
  const suffix = (b: number): void => {
    sortBucket(b);
    if (placed[b] === 3) return;
    placed[b] = 3;
    const from = starts[b]!;
    const end = starts[b + 1]!;
    let tests = b > 0 ? through[b - 1]! : 0;
    for (let i = from; i < end; i++) {
      tests += weight[i]!;
      least[i] = tests;
    }
    let below = Infinity;
    for (let i = end - 1; i >= from; i--) {
      const v = value[i]!;
      if (i + 1 === end || value[i + 1] !== v) below = Math.min(below, (m * v) / least[i]!);
      least[i] = below;
    }
  };
  /** The least of 1 and m·u/C(u) over the distinct values u ≥ floor of bucket b (suffixed). */
  const leastAtOrAbove = (b: number, floor: number): number => {
    let lo = starts[b]!;
    let hi = starts[b + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (value[mid]! < floor) lo = mid + 1;
      else hi = mid;
    }
    return lo === starts[b + 1] ? 1 : Math.min(1, least[lo]!);
  };
  /** The least value of bucket b (placed). */
  const leastOf = (b: number): number => {
    let lowest = Infinity;
    for (let i = starts[b]!; i < starts[b + 1]!; i++) lowest = Math.min(lowest, value[i]!);
    return lowest;
  };

  // Each query's v and its bucket: below p's bucket every value is ≤ p.
  const found = queries.map((p) => {
    const own = bucketOfQuery(p);
    if (tallied) return { b: own, v: p };
    if (own >= 0 && !empty(own)) {
      place(own);
      let v = NaN;
      for (let i = starts[own]!; i < starts[own + 1]!; i++) if (value[i]! <= p && !(value[i]! <= v)) v = value[i]!;
      if (v === v) return { b: own, v };
    }
    for (let b = own - 1; b >= 0; b--) {
      if (empty(b)) continue;
      place(b);
      let v = -Infinity;
      for (let i = starts[b]!; i < starts[b + 1]!; i++) v = Math.max(v, value[i]!);
      return { b, v };
    }
    let b = 0;
    while (empty(b)) b++;
    place(b);
    return { b, v: leastOf(b) };
  });
  // reach[b]: the least of 1 and m·u/C(u) over the values of buckets b and above, exact down
  // to the lowest bucket a query needs. Over bucket b, m·u/C(u) is at least m·(its lower
  // edge, then its least value)/through[b]: its values are sorted only when that is below
  // what the buckets above it reach.
  let lowest = BUCKETS - 1;
  for (const { b } of found) lowest = Math.min(lowest, b);
  if (tallied) {
    // The search places only a query's own bucket and, from the top, a bucket whose bound
    // m·(lower edge)/(tests to its end) is below what the buckets above reach (at most 1).
    wanted.fill(0);
    for (const { b } of found) if (b >= 0) wanted[b] = 1;
    for (let c = lowest + 1; c < BUCKETS; c++) if (!empty(c) && (m * lowerEdge(c)) / through[c]! < 1) wanted[c] = 1;
  }
  reach[BUCKETS] = 1;
  for (let b = BUCKETS - 1; b > lowest; b--) {
    const above = reach[b + 1]!;
    reach[b] = above;
    if (empty(b) || (m * lowerEdge(b)) / through[b]! >= above) continue;
    place(b);
    if ((m * leastOf(b)) / through[b]! >= above) continue;
    suffix(b);
    reach[b] = Math.min(above, leastAtOrAbove(b, 0));
  }
  return found.map(({ b, v }) => {
    const above = reach[b + 1]!;
    if ((m * v) / through[b]! >= above) return Math.max(v, above);
    suffix(b);
    return Math.max(v, Math.min(leastAtOrAbove(b, v), above));
  });
}

/** The least value bucket b can hold (0 for the one below 2^-40). */
function lowerEdge(b: number): number {
  if (b === 0) return 0;
  pairBits[0] = 0;
  pairBits[1] = (LOW_KEY + b - 1) << SHIFT;
  return pair[0]!;
}

/** The bucket a query's p falls in; −1 below every value (NaN, negative), 0 for ±0. */
function bucketOfQuery(p: number): number {
  return p > 0 ? bucketOf(p) : p === 0 ? 0 : -1;
}

/** Sorts value[from … to) ascending, each weight moving with its value. */
function sortRange(value: Float64Array, weight: Float64Array, from: number, to: number): void {
  if (to - from > 32) {
    const ordered = sortAscending(value.subarray(from, to), weight.subarray(from, to))!;
    value.set(ordered.values.subarray(0, to - from), from);
    weight.set(ordered.weights.subarray(0, to - from), from);
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const v = value[i]!;
    const w = weight[i]!;
    let j = i - 1;
    while (j >= from && value[j]! > v) {
      value[j + 1] = value[j]!;
      weight[j + 1] = weight[j]!;
      j--;
    }
    value[j + 1] = v;
    weight[j + 1] = w;
  }
}

// Scratch of qValuesByBucket (one call at a time).
const scratch = {
  bucket: new Uint16Array(0),
  value: new Float64Array(0),
  weight: new Float64Array(0),
  starts: new Int32Array(BUCKETS + 1),
  next: new Int32Array(BUCKETS),
  through: new Float64Array(BUCKETS),
  reach: new Float64Array(BUCKETS + 1),
  placed: new Uint8Array(BUCKETS),
  wanted: new Uint8Array(BUCKETS),
  least: new Float64Array(0),
};
