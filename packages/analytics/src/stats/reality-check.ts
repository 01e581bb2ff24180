import { SplitMix64 } from './splitmix64.js';

/** Which members a column of the excess matrix stands for: itself (long), its negation (short), or both in that order. */
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
  const random = new SplitMix64(seed);
  const drawn = new Int32Array(T);
  const acc = new Float64Array(columns);
  let beaten = 0;
  let beatenAlone = 0;
  for (let b = 0; b < bootstrap; b++) {
    drawn.fill(0);
    for (let t = 0; t < T; t++) drawn[random.index(T)]!++;
    acc.fill(0);
    // The resample's sums as counts × rows: a row drawn twice is added twice.
    for (let t = 0; t < T; t++) {
      const times = drawn[t]!;
      if (times === 0) continue;
      const row = t * columns;
      for (let c = 0; c < columns; c++) acc[c]! += times * excess[row + c]!;
    }
    let most = -Infinity;
    for (let c = 0; c < columns; c++) {
      const d = acc[c]! / T - f[c]!;
      if (long && d > most) most = d;
      if (short && -d > most) most = -d;
    }
    if (root * most > statistic) beaten++;
    const alone = acc[column]! / T - f[column]!;
    if (root * (negated ? -alone : alone) > statistic) beatenAlone++;
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
