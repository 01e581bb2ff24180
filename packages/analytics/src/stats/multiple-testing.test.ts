import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, benjaminiHochbergAt } from './multiple-testing.js';

describe('Benjamini–Hochberg q-values', () => {
  it('matches a hand computation', () => {
    // m = 5; sorted p: .01 .02 .03 .04 .20 → m·p/j: .05 .05 .05 .05 .20; running minimum from the top.
    const q = benjaminiHochberg([0.03, 0.2, 0.01, 0.04, 0.02]);
    expect(q.map((x) => Number(x.toFixed(12)))).toEqual([0.05, 0.2, 0.05, 0.05, 0.05]);
  });

  it('adjusts over all the tests but answers only those asked for', () => {
    const p = [0.03, 0.2, 0.01, 0.04, 0.02];
    expect(benjaminiHochbergAt(p, [1, 2])).toEqual([benjaminiHochberg(p)[1], benjaminiHochberg(p)[2]]);
    expect(benjaminiHochbergAt(p, [])).toEqual([]);
  });

  it('gives equal p-values equal q-values', () => {
    // m = 4; p: .01 .04 .04 .5 → m·p/j: .04 .08 .0533… .5 → q: .04 .0533… .0533… .5
    const q = benjaminiHochberg([0.04, 0.5, 0.01, 0.04]);
    expect(q[0]).toBe(q[3]);
    expect(q[0]).toBeCloseTo(0.16 / 3, 15);
    expect(q[2]).toBeCloseTo(0.04, 15);
    expect(q[1]).toBe(0.5);
  });

  it('never exceeds 1 and never falls below its p-value', () => {
    expect(benjaminiHochberg([0.9, 0.95, 1])).toEqual([1, 1, 1]);
    expect(benjaminiHochberg([0.3])).toEqual([0.3]);
    expect(benjaminiHochberg([])).toEqual([]);
  });

  it('property: q ≥ p, q ≤ 1, and q is monotone in p', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 60 }), (ps) => {
        const qs = benjaminiHochberg(ps);
        for (let i = 0; i < ps.length; i++) {
          expect(qs[i]!).toBeGreaterThanOrEqual(ps[i]!);
          expect(qs[i]!).toBeLessThanOrEqual(1);
          for (let j = 0; j < ps.length; j++) if (ps[i]! <= ps[j]!) expect(qs[i]!).toBeLessThanOrEqual(qs[j]!);
        }
      }),
    );
  });
});
