import { SplitMix64 } from './splitmix64.js';

/** Which members a column of the excess matrix stands for: itself (long), its negation (short), or both in that order. */
/** Columns a slice of the resampling loop: 34 rows × 1,024 columns of E are 280 kB. */
const SLICE = 1024;
/** How far below f_k* a column's bound may be and the column still be summed (rounding, by far). */
const PRUNE_MARGIN = 1e-9;

export type Sides = 'long' | 'short' | 'both';

export interface RealityCheckResult {
  /** The best member: its column, and whether it is the column's negation. */
  column: number;
  negated: boolean;
  /** f_k*: the best member's mean excess. */
  bestMean: number;
  /** V = √T · f_k*. */
  statistic: number;
  pValue: number;
  naivePValue: number;
}

/**
 * White's Reality Check (Econometrica 2000; analytics.md "Reality Check") over an excess matrix
 * E of `rows` × `columns` (row-major). The members are, in order, every column with the sides
 * asked (column c long, then c short): a short member's excess is −E. Resamples draw the rows
 * with replacement by splitmix64's index(T), b outer and t inner, from `seed`.
 */
export function realityCheck(
  excess: Float64Array,
  rows: number,
  columns: number,
  sides: Sides,
  bootstrap: number,
  seed: bigint,
): RealityCheckResult | null {
  if (rows < 1 || columns < 1) return null;
  const T = rows;
  const f = new Float64Array(columns);
  for (let t = 0; t < T; t++) {
    const row = t * columns;
    for (let c = 0; c < columns; c++) f[c]! += excess[row + c]!;
  }
  for (let c = 0; c < columns; c++) f[c]! /= T;
  const long = sides !== 'short';
  const short = sides !== 'long';
  let column = -1;
  let negated = false;
  let bestMean = -Infinity;
  for (let c = 0; c < columns; c++) {
    if (long && (column < 0 || f[c]! > bestMean)) {
      column = c;
      negated = false;
      bestMean = f[c]!;
    }
    if (short && (column < 0 || -f[c]! > bestMean)) {
      column = c;
      negated = true;
      bestMean = -f[c]!;
    }
  }
  const root = Math.sqrt(T);
  const statistic = root * bestMean;
  // Every resample's draws first, as counts of each row (b outer, t inner, as specified). Then each
  // column's resampled sum is one dot product of the counts with the column (E transposed, so a
  // column's years are adjacent), over a slice of columns at a time: the slice stays in the cache
  // through all B resamples, and the sum stays in a register.
  const random = new SplitMix64(seed);
  const drawn = new Float64Array(bootstrap * T);
  for (let b = 0; b < bootstrap; b++) for (let t = 0; t < T; t++) drawn[b * T + random.index(T)]!++;
  // The rows each resample drew (about 63 % of them) and how often: the products of the others are 0.
  const rowsOf = new Int32Array(bootstrap * T);
  const timesOf = new Float64Array(bootstrap * T);
  const drawnRows = new Int32Array(bootstrap);
  for (let b = 0; b < bootstrap; b++) {
    let n = 0;
    for (let t = 0; t < T; t++) {
      const times = drawn[b * T + t]!;
      if (times === 0) continue;
      rowsOf[b * T + n] = t;
      timesOf[b * T + n] = times;
      n++;
    }
    drawnRows[b] = n;
  }
  // Only the count of V*_b > V is asked, so a column whose recentred mean cannot pass f_k* in a
  // resample is not summed in it. As Σ_t (c_t − 1) = 0, a column's recentred mean is
  // d_c = Σ_t (c_t − 1)(E_tc − f_c) / T, so |d_c| ≤ ‖c − 1‖ · σ_c / T (Cauchy–Schwarz), with
  // σ_c = ‖E_c − f_c‖: with the columns in descending σ, a resample sums only those whose bound
  // reaches f_k*, less a margin far above rounding. The best column is summed apart (the naive
  // p-value).
  const spread = new Float64Array(columns);
  for (let c = 0; c < columns; c++) {
    let ss = 0;
    for (let t = 0; t < T; t++) ss += (excess[t * columns + c]! - f[c]!) ** 2;
    spread[c] = Math.sqrt(ss);
  }
  const order = Array.from({ length: columns }, (_, c) => c).sort((a, b) => spread[b]! - spread[a]! || a - b);
  const sorted = new Float64Array(columns);
  const byColumn = new Float64Array(columns * T);
  const sortedMean = new Float64Array(columns);
  for (let i = 0; i < columns; i++) {
    const c = order[i]!;
    sorted[i] = spread[c]!;
    sortedMean[i] = f[c]!;
    for (let t = 0; t < T; t++) byColumn[i * T + t] = excess[t * columns + c]!;
  }
  // Per resample, the σ a column needs to be summed: (f_k* − margin) · T / ‖c − 1‖.
  const needs = new Float64Array(bootstrap);
  for (let b = 0; b < bootstrap; b++) {
    let w = 0;
    for (let t = 0; t < T; t++) w += (drawn[b * T + t]! - 1) ** 2;
    // A permutation of the years (w = 0) moves no mean: it passes only an f_k* below 0, as all do then.
    if (w === 0) needs[b] = bestMean - PRUNE_MARGIN < 0 ? -Infinity : Infinity;
    else needs[b] = ((bestMean - PRUNE_MARGIN) * T) / Math.sqrt(w);
  }
  const most = new Float64Array(bootstrap).fill(-Infinity);
  for (let from = 0; from < columns; from += SLICE) {
    const to = Math.min(columns, from + SLICE);
    for (let b = 0; b < bootstrap; b++) {
      const need = needs[b]!;
      if (!(sorted[from]! >= need)) continue;
      const first = b * T;
      const last = first + drawnRows[b]!;
      let m = most[b]!;
      for (let i = from; i < to && sorted[i]! >= need; i++) {
        const at = i * T;
        let sum = 0;
        for (let j = first; j < last; j++) sum += timesOf[j]! * byColumn[at + rowsOf[j]!]!;
        const d = sum / T - sortedMean[i]!;
        if (long && d > m) m = d;
        if (short && -d > m) m = -d;
      }
      most[b] = m;
    }
  }
  const alone = new Float64Array(bootstrap);
  for (let b = 0; b < bootstrap; b++) {
    let sum = 0;
    for (let j = b * T; j < b * T + drawnRows[b]!; j++) sum += timesOf[j]! * excess[rowsOf[j]! * columns + column]!;
    alone[b] = sum / T - f[column]!;
  }
  let beaten = 0;
  let beatenAlone = 0;
  for (let b = 0; b < bootstrap; b++) {
    if (root * most[b]! > statistic) beaten++;
    if (root * (negated ? -alone[b]! : alone[b]!) > statistic) beatenAlone++;
  }
  return {
    column,
    negated,
    bestMean,
    statistic,
    pValue: bootstrap > 0 ? beaten / bootstrap : NaN,
    naivePValue: bootstrap > 0 ? beatenAlone / bootstrap : NaN,
  };
}
