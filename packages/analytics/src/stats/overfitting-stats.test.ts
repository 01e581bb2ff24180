/* eslint-disable no-loss-of-precision -- reference values as mpmath printed them, to more digits than a double holds */
import { describe, expect, it } from 'vitest';
import { cscv } from './cscv.js';
import { deflatedSharpe, expectedMaxSharpe, sharpeMoments } from './deflated-sharpe.js';
import { normalCdf, normalQuantile, normalUpperQuantile } from './normal.js';
import { realityCheck } from './reality-check.js';
import { SplitMix64, parseSeed } from './splitmix64.js';

describe('splitmix64', () => {
  it("gives Vigna's splitmix64.c outputs for seed 1234567", () => {
    const g = new SplitMix64(1234567n);
    expect([g.next(), g.next(), g.next(), g.next(), g.next()]).toEqual([
      6457827717110365317n,
      3203168211198807973n,
      9817491932198370423n,
      4593380528125082431n,
      16408922859458223821n,
    ]);
  });

  it('draws an index as the output mod n below the largest multiple of n', () => {
    // 2^64 mod 3 = 1, so the limit is 2^64 − 1 and each of these outputs is taken: 6457827717110365317
    // mod 3 = 0, 3203168211198807973 mod 3 = 1, 9817491932198370423 mod 3 = 0, then 1, 2.
    const g = new SplitMix64(1234567n);
    expect([0, 1, 2, 3, 4].map(() => g.index(3))).toEqual([0, 1, 0, 1, 2]);
    // n = 1: every output is below 2^64 − 0, and z mod 1 = 0.
    expect(new SplitMix64(7n).index(1)).toBe(0);
  });

  it('takes the seed as a decimal unsigned 64-bit integer, nothing else', () => {
    expect(parseSeed('0')).toBe(0n);
    expect(parseSeed('18446744073709551615')).toBe(18446744073709551615n);
    for (const bad of ['18446744073709551616', '-1', '1e3', '0x10', ' 1']) expect(parseSeed(bad), bad).toBeNull();
  });
});

describe('the standard normal distribution', () => {
  it('gives Φ to 1e-14 relative, in the far tail too (values from mpmath at 30 digits)', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(-1.96)).toBeCloseTo(0.0249978951482204362, 16);
    expect(Math.abs(normalCdf(-10) / 7.619853024160526066e-24 - 1)).toBeLessThan(1e-14);
    expect(Math.abs(normalCdf(3) / 0.998650101968369905 - 1)).toBeLessThan(1e-15);
    expect(Math.abs(normalCdf(0.3) / 0.617911422188952633 - 1)).toBeLessThan(1e-15);
  });

  it('gives Φ⁻¹, and Φ⁻¹(1 − q) of a small q without rounding 1 − q', () => {
    expect(Math.abs(normalQuantile(0.975) / 1.95996398454005423552 - 1)).toBeLessThan(1e-15);
    expect(Math.abs(normalQuantile(0.3) / -0.524400512708040784 - 1)).toBeLessThan(1e-14);
    expect(Math.abs(normalUpperQuantile(1e-10) / 6.36134090240405620469 - 1)).toBeLessThan(1e-14);
    expect(normalQuantile(0.5)).toBe(0);
  });
});

describe('the Deflated Sharpe Ratio', () => {
  // x = 0.10, −0.05, 0.20, 0.05: mean 0.075, deviations ±0.025 and ±0.125, Σd² = 0.0325,
  // s = √(0.0325 / 3), SR = 0.075 / s = 0.720577; m2 = 0.008125, m3 = 0 (symmetric), m4 =
  // (2·0.025⁴ + 2·0.125⁴) / 4 = 1.22265625e-4, γ4 = m4 / m2² = 1.852071;
  // PSR(0) = Φ(0.720577 · √3 / √(1 + 0.852071 / 4 · 0.720577²)) = 0.8818524 (mpmath).
  const x = [0.1, -0.05, 0.2, 0.05];

  it('has its moments as defined: per trade, γ4 not the excess', () => {
    const m = sharpeMoments(x);
    expect(m.observations).toBe(4);
    expect(m.sharpe).toBeCloseTo(0.7205766921228921, 14);
    expect(m.skewness).toBeCloseTo(0, 14);
    expect(m.kurtosis).toBeCloseTo(1.8520710059171598, 13);
  });

  it('equals the PSR with one trial (SR0 = 0)', () => {
    const d = deflatedSharpe(x, 1, [0.72]);
    expect(d.expectedMaxSharpe).toBe(0);
    expect(d.psr).toBeCloseTo(0.8818524166983233, 14);
    expect(d.dsr).toBe(d.psr);
    expect(d.sharpeVariance).toBeNull();
  });

  it('deflates by SR0 = √V ((1 − γ) Φ⁻¹(1 − 1/N) + γ Φ⁻¹(1 − 1/(Ne))) for N trials', () => {
    // Sharpes 0.5, −0.2, 0.1, 0.9, 0.3: mean 0.32, sample variance V = 0.172; N = 10:
    // SR0 = √0.172 (0.42278 · Φ⁻¹(0.9) + 0.57722 · Φ⁻¹(1 − 1/(10e))) = 0.6530313 and
    // DSR = PSR(0.6530313) = 0.5441972 (mpmath).
    const d = deflatedSharpe(x, 10, [0.5, -0.2, 0.1, 0.9, 0.3]);
    expect(d.trials).toBe(10);
    expect(d.sharpeVariance).toBeCloseTo(0.172, 15);
    expect(d.expectedMaxSharpe).toBeCloseTo(0.6530313066181119, 13);
    expect(d.dsr).toBeCloseTo(0.5441972433444085, 13);
    expect(expectedMaxSharpe(10, null)).toBeNull();
  });

  it('is null without a Sharpe ratio (one year, or no spread)', () => {
    const one = deflatedSharpe([0.1], 5, [0.1, 0.2]);
    expect([one.sharpe, one.psr, one.dsr]).toEqual([null, null, null]);
    const flat = deflatedSharpe([0.02, 0.02, 0.02], 5, [0.1, 0.2]);
    expect([flat.sharpe, flat.psr, flat.dsr]).toEqual([null, null, null]);
  });
});

describe('PBO by CSCV', () => {
  /** Rows are years, columns members (in family order). */
  const matrix = (rows: number[][]) => Float64Array.from(rows.flat());

  it('is 1 when the in-sample winner always loses out of sample (4 years × 2 windows, S = 2)', () => {
    // Blocks: rows 0–1 and rows 2–3. J = {0}: A wins 2 years in sample, B none: n* = A; out of
    // sample A wins none and B two, so A is last: r = 1, ω = 1/3, λ = ln(1/2) ≤ 0. J = {1}
    // alike with B. Both sets overfit, and n*'s out-of-sample sums (−0.4, −0.3) are losses.
    const x = matrix([
      [0.1, -0.1],
      [0.2, -0.2],
      [-0.1, 0.3],
      [-0.3, 0.1],
    ]);
    const r = cscv(x, 4, 2, 2)!;
    expect(r.meanLogit).toBeCloseTo(Math.log(0.5), 15);
    expect({ ...r, meanLogit: 0 }).toEqual({
      blocks: 2,
      rows: 4,
      combinations: 2,
      overfit: 2,
      pbo: 1,
      probLoss: 1,
      meanLogit: 0,
      blockRows: [
        [0, 1],
        [2, 3],
      ],
    });
  });

  it('is 0 when one window dominates every year', () => {
    // A wins every year, so it is n* and first out of sample in both sets: r = 2, ω = 2/3, λ = ln 2.
    const x = matrix([
      [0.1, -0.1],
      [0.2, 0.05],
      [0.3, -0.2],
      [0.1, 0],
    ]);
    const r = cscv(x, 4, 2, 2)!;
    expect([r.overfit, r.pbo, r.probLoss]).toEqual([0, 0, 0]);
    expect(r.meanLogit).toBeCloseTo(Math.log(2), 15);
  });

  it('orders by wins, then sum, then the earlier member; blocks beyond the rows give null', () => {
    // Equal wins and sums everywhere: the earlier member (A) is n* and first out of sample: r = M = 2.
    const tie = matrix([
      [0.1, 0.1],
      [0.1, 0.1],
    ]);
    expect(cscv(tie, 2, 2, 2)!.pbo).toBe(0);
    expect(cscv(tie, 2, 2, 4)).toBeNull();
    expect(() => cscv(tie, 2, 2, 3)).toThrow(RangeError);
    // 5 rows in 4 blocks: ⌊b·5/4⌋ … ⌊(b + 1)·5/4⌋ − 1 with ⌊b·5/4⌋ = 0, 1, 2, 3, 5: rows 0, 1, 2, 3–4; C(4, 2) = 6 sets.
    const five = cscv(matrix([[1], [2], [3], [4], [5]]), 5, 1, 4)!;
    expect(five.blockRows).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 4],
    ]);
    expect(five.combinations).toBe(6);
  });
});

describe("White's Reality Check", () => {
  // E (3 years × 2 windows):   c0     c1
  //                    t0    0.06   0.02
  //                    t1   −0.03   0.04
  //                    t2    0.00  −0.01
  // f0 = 0.03/3 = 0.01, f1 = 0.05/3 = 0.016667: k* = c1 long, bestMean 0.016667, V = √3 · 0.016667.
  // Seed 1234567, index(3) = output mod 3 (2^64 mod 3 = 1, limit 2^64 − 1): the first nine outputs
  // mod 3 are 0 1 0 | 1 2 0 | 0 1 0, so resample 1 takes rows (0, 1, 0), resample 2 (1, 2, 0) and
  // resample 3 (0, 1, 0).
  // Resample 1: f*0 = (0.06 − 0.03 + 0.06)/3 = 0.03, f*0 − f0 = 0.02; f*1 = (0.02 + 0.04 + 0.02)/3,
  //   f*1 − f1 = 0.01. V* = √3 · 0.02 > V: counts; alone, √3 · 0.01 < V: does not.
  // Resample 2 is a permutation of the years: every f* = f, V* = 0 < V: neither counts.
  // Resample 3 = resample 1. pValue = 2/3; naivePValue = 0/3.
  const e = Float64Array.from([0.06, 0.02, -0.03, 0.04, 0.0, -0.01]);

  it('counts the resamples whose best recentred mean beats the statistic, and the best alone', () => {
    const r = realityCheck(e, 3, 2, 'long', 3, 1234567n)!;
    expect(r.column).toBe(1);
    expect(r.negated).toBe(false);
    expect(r.bestMean).toBeCloseTo(0.05 / 3, 15);
    expect(r.statistic).toBeCloseTo((Math.sqrt(3) * 0.05) / 3, 15);
    expect(r.pValue).toBeCloseTo(2 / 3, 15);
    expect(r.naivePValue).toBe(0);
  });

  it('counts a short member as the negated column, after its long one', () => {
    // Both sides: members c0 long 0.01, c0 short −0.01, c1 long 0.016667, c1 short −0.016667; resample 1's
    // largest recentred mean is c0 long's 0.02 again (the short ones are −0.02 and −0.01).
    const r = realityCheck(e, 3, 2, 'both', 3, 1234567n)!;
    expect([r.column, r.negated, r.pValue, r.naivePValue]).toEqual([1, false, 2 / 3, 0]);
    // Short only: c0 short (−0.01) beats c1 short (−0.016667): V = √3 · (−0.01). Alone, c0 short's
    // recentred mean is −0.02 in resamples 1 and 3 (below −0.01) and 0 in resample 2 (above):
    // naivePValue = 1/3. (Resample 1's V* is c1 short's −0.01, V itself up to rounding: not asserted.)
    const s = realityCheck(e, 3, 2, 'short', 3, 1234567n)!;
    expect([s.column, s.negated]).toEqual([0, true]);
    expect(s.bestMean).toBeCloseTo(-0.01, 15);
    expect(s.naivePValue).toBe(1 / 3);
    expect(s.pValue).toBeGreaterThanOrEqual(s.naivePValue);
  });

  it('reproduces its draws from the seed', () => {
    const a = realityCheck(e, 3, 2, 'both', 200, 42n)!;
    const b = realityCheck(e, 3, 2, 'both', 200, 42n)!;
    expect(b).toEqual(a);
  });
});

describe("the Reality Check's shortcuts against the definition", () => {
  /** analytics.md's steps as written: every member, every resample, V*_b = max over k of √T (f*_k,b − f_k). */
  function plain(e: Float64Array, T: number, C: number, sides: 'long' | 'short' | 'both', B: number, seed: bigint) {
    const signs = sides === 'both' ? [1, -1] : sides === 'long' ? [1] : [-1];
    const members: { c: number; s: number }[] = [];
    for (let c = 0; c < C; c++) for (const s of signs) members.push({ c, s });
    const mean = (rows: number[], m: { c: number; s: number }) =>
      rows.reduce((a, t) => a + m.s * e[t * C + m.c]!, 0) / T;
    const all = Array.from({ length: T }, (_, t) => t);
    const f = members.map((m) => mean(all, m));
    let k = 0;
    for (let i = 1; i < members.length; i++) if (f[i]! > f[k]!) k = i;
    const V = Math.sqrt(T) * f[k]!;
    const g = new SplitMix64(seed);
    let beaten = 0;
    let alone = 0;
    for (let b = 0; b < B; b++) {
      const rows = all.map(() => g.index(T));
      const star = members.map((m, i) => Math.sqrt(T) * (mean(rows, m) - f[i]!));
      if (Math.max(...star) > V) beaten++;
      if (star[k]! > V) alone++;
    }
    return { column: members[k]!.c, negated: members[k]!.s < 0, pValue: beaten / B, naivePValue: alone / B };
  }

  it('counts as the plain steps do on random matrices, every side, best means of either sign', () => {
    let state = 12345;
    const random = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    for (let trial = 0; trial < 60; trial++) {
      const T = 2 + Math.floor(random() * 9);
      const C = 1 + Math.floor(random() * 12);
      const drift = random() < 0.3 ? -0.05 : 0;
      // No zeros: a column with one non-zero year has resampled means that equal 2 f exactly, a tie that
      // rounding decides (analytics.md lets a count change only there).
      const e = Float64Array.from({ length: T * C }, () => drift + (random() - 0.5) * 0.2);
      const sides = (['long', 'short', 'both'] as const)[trial % 3]!;
      const seed = BigInt(trial * 7919);
      const got = realityCheck(e, T, C, sides, 200, seed)!;
      const want = plain(e, T, C, sides, 200, seed);
      expect(
        { column: got.column, negated: got.negated, pValue: got.pValue, naivePValue: got.naivePValue },
        `trial ${trial}`,
      ).toEqual(want);
    }
  });
});
