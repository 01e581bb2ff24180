import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialPmf, binomialUpperTail } from './binomial.js';
import { maxOf, mean, median, minOf, populationStdDev, sampleStdDev } from './descriptive.js';

describe('descriptive statistics', () => {
  it('takes the mean, NaN for nothing', () => {
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(mean([])).toBeNaN();
  });

  it('takes the middle value of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([5, -1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([-0.1])).toBe(-0.1);
    expect(median([])).toBeNaN();
  });

  it('gives the median of the sorted copy, short lists (sorted by insertion) and long ones alike', () => {
    const reference = (values: number[]): number => {
      const s = Float64Array.from(values).sort();
      const mid = s.length >> 1;
      return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
    };
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: false }), { minLength: 1, maxLength: 80 }), (values) => {
        expect(Object.is(median(values), reference(values))).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // Lengths on both sides of the insertion sort's limit (64), and ties.
    for (const n of [63, 64, 65]) {
      const values = Array.from({ length: n }, (_, i) => ((i * 37) % 11) - 5);
      expect(median(values)).toBe(reference(values));
    }
    // −0 and 0: only the built-in order places them (−0 first), so the middle of [0, −0, 1] is 0.
    expect(Object.is(median([0, -0, 1]), 0)).toBe(true);
    expect(Object.is(median([0, -0, -1]), -0)).toBe(true);
    expect(median([NaN, 1, 2])).toBe(2);
    // A second call does not see the first one's values.
    expect(median([9, 8, 7, 6])).toBe(7.5);
    expect(median([1, 2])).toBe(1.5);
  });

  it('uses n − 1 for the sample standard deviation and gives 0 below two values', () => {
    // mean 5, squared deviations 9+1+1+9 = 20, 20/3
    expect(sampleStdDev([2, 4, 6, 8])).toBeCloseTo(Math.sqrt(20 / 3), 15);
    expect(sampleStdDev([7])).toBe(0);
    expect(sampleStdDev([])).toBe(0);
    expect(populationStdDev([2, 4, 6, 8])).toBeCloseTo(Math.sqrt(5), 15);
  });

  it('finds min and max', () => {
    expect(minOf([3, -2, 5])).toBe(-2);
    expect(maxOf([3, -2, 5])).toBe(5);
    expect(minOf([])).toBeNaN();
  });
});

describe('binomial upper tail', () => {
  it('matches hand-computed values', () => {
    // P(X ≥ 2 | n=3, p=0.5) = (3 + 1)/8
    expect(binomialUpperTail(2, 3, 0.5)).toBeCloseTo(0.5, 14);
    // P(X ≥ 3 | n=4, p=0.25) = 4·(1/4)^3·(3/4) + (1/4)^4 = 12/256 + 1/256
    expect(binomialUpperTail(3, 4, 0.25)).toBeCloseTo(13 / 256, 14);
    expect(binomialUpperTail(10, 10, 0.6)).toBeCloseTo(0.6 ** 10, 14);
  });

  it('handles the edges', () => {
    expect(binomialUpperTail(0, 5, 0.3)).toBe(1);
    expect(binomialUpperTail(6, 5, 0.3)).toBe(0);
    expect(binomialUpperTail(1, 5, 0)).toBe(0);
    expect(binomialUpperTail(5, 5, 1)).toBe(1);
    expect(() => binomialUpperTail(1, 5, 1.5)).toThrow(RangeError);
  });

  it('sums the mass function to 1 and decreases in k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), (n, p) => {
        let total = 0;
        for (let k = 0; k <= n; k++) total += binomialPmf(k, n, p);
        expect(total).toBeCloseTo(1, 10);
        for (let k = 1; k <= n; k++)
          expect(binomialUpperTail(k, n, p)).toBeLessThanOrEqual(binomialUpperTail(k - 1, n, p) + 1e-15);
      }),
      { numRuns: 50 },
    );
  });
});
