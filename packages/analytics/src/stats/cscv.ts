/**
 * The Probability of Backtest Overfitting by combinatorially symmetric cross-validation (Bailey,
 * Borwein, López de Prado & Zhu 2017; analytics.md "Probability of Backtest Overfitting").
 */

export interface CscvResult {
  blocks: number;
  rows: number;
  /** C(S, S/2): the in-sample sets J. */
  combinations: number;
  /** Sets whose in-sample best lands in the lower half out of sample (λ ≤ 0). */
  overfit: number;
  pbo: number;
  /** Share of the sets in which the in-sample best's out-of-sample sum is below 0. */
  probLoss: number;
  meanLogit: number;
  /** Each block's first and last row (indices into the matrix's rows). */
  blockRows: Array<[number, number]>;
}

/** Whether S is a number of blocks CSCV takes: even and at least 2. */
export function validBlocks(blocks: number): boolean {
  return Number.isInteger(blocks) && blocks >= 2 && blocks % 2 === 0;
}

/** C(n, k) as a number (exact for the sizes CSCV is asked). */
export function binomialCoefficient(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/**
 * CSCV over a matrix X of `rows` × `members` (row-major, X[t·members + k]) whose members are
 * given in the family's order: performance on a set of rows is wins = #(X > 0) descending, then
 * the sum of X descending, then the earlier member. Null when S > rows.
 */
export function cscv(x: Float64Array, rows: number, members: number, blocks: number): CscvResult | null {
  if (!validBlocks(blocks)) throw new RangeError('blocks must be an even integer of at least 2');
  if (blocks > rows || members < 1) return null;
  const S = blocks;
  const blockRows: Array<[number, number]> = [];
  // Per block and member: wins, and the sum as an unevaluated pair hi + lo (TwoSum), so that the
  // sum over any set of blocks is exact to the last bit where the order needs it.
  const wins = new Int32Array(S * members);
  const hi = new Float64Array(S * members);
  const lo = new Float64Array(S * members);
  for (let b = 0; b < S; b++) {
    const first = Math.floor((b * rows) / S);
    const last = Math.floor(((b + 1) * rows) / S) - 1;
    blockRows.push([first, last]);
    const at = b * members;
    for (let t = first; t <= last; t++) {
      const row = t * members;
      for (let k = 0; k < members; k++) {
        const v = x[row + k]!;
        if (v > 0) wins[at + k]!++;
        const s = hi[at + k]!;
        const sum = s + v;
        const bp = sum - s;
        lo[at + k]! += s - (sum - bp) + (v - bp);
        hi[at + k] = sum;
      }
    }
  }
  const inWins = new Int32Array(members);
  const inSum = new Float64Array(members);
  const outWins = new Int32Array(members);
  const outSum = new Float64Array(members);
  const chosen = new Uint8Array(S);
  let combinations = 0;
  let overfit = 0;
  let losses = 0;
  let logits = 0;
  for (const set of halves(S)) {
    chosen.fill(0);
    for (const b of set) chosen[b] = 1;
    aggregate(chosen, 1, S, members, wins, hi, lo, inWins, inSum);
    aggregate(chosen, 0, S, members, wins, hi, lo, outWins, outSum);
    let best = 0;
    for (let k = 1; k < members; k++) {
      if (inWins[k]! > inWins[best]! || (inWins[k] === inWins[best] && inSum[k]! > inSum[best]!)) best = k;
    }
    const w = outWins[best]!;
    const s = outSum[best]!;
    let above = 0;
    for (let k = 0; k < members; k++) {
      if (k === best) continue;
      const wk = outWins[k]!;
      if (wk > w || (wk === w && (outSum[k]! > s || (outSum[k] === s && k < best)))) above++;
    }
    const r = members - above;
    const omega = r / (members + 1);
    combinations++;
    if (2 * r <= members + 1) overfit++;
    if (s < 0) losses++;
    logits += Math.log(omega / (1 - omega));
  }
  return {
    blocks: S,
    rows,
    combinations,
    overfit,
    pbo: overfit / combinations,
    probLoss: losses / combinations,
    meanLogit: logits / combinations,
    blockRows,
  };
}

/** Wins and sums of every member over the blocks b with chosen[b] === side. */
function aggregate(
  chosen: Uint8Array,
  side: number,
  S: number,
  members: number,
  wins: Int32Array,
  hi: Float64Array,
  lo: Float64Array,
  outWins: Int32Array,
  outSum: Float64Array,
): void {
  outWins.fill(0);
  const sum = outSum.fill(0);
  const comp = new Float64Array(members);
  for (let b = 0; b < S; b++) {
    if (chosen[b] !== side) continue;
    const at = b * members;
    for (let k = 0; k < members; k++) {
      outWins[k]! += wins[at + k]!;
      const s = sum[k]!;
      const v = hi[at + k]!;
      const t = s + v;
      const bp = t - s;
      comp[k]! += s - (t - bp) + (v - bp) + lo[at + k]!;
      sum[k] = t;
    }
  }
  for (let k = 0; k < members; k++) sum[k]! += comp[k]!;
}

/** Every set of S/2 of the blocks 0 … S − 1, in lexicographic order. */
function* halves(S: number): Generator<number[]> {
  const half = S / 2;
  const set = Array.from({ length: half }, (_, i) => i);
  for (;;) {
    yield set;
    let i = half - 1;
    while (i >= 0 && set[i] === S - half + i) i--;
    if (i < 0) return;
    set[i]!++;
    for (let j = i + 1; j < half; j++) set[j] = set[j - 1]! + 1;
  }
}
