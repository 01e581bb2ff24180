import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emaSeries, smaSeries } from './moving-averages.js';
import { atrSeries, bollingerSeries, rsiSeries } from './oscillators.js';
import { indicatorBarAt, indicatorBars } from './snapshot.js';
import { testSeries } from './test-series.js';

const closes = fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 1, maxLength: 120 });

describe('indicator properties', () => {
  it('sma lies between the window min and max; ema of a constant is the constant', () => {
    fc.assert(
      fc.property(closes, fc.integer({ min: 1, max: 30 }), (c, n) => {
        const s = smaSeries(c, n);
        for (let i = n - 1; i < c.length; i++) {
          const w = c.slice(i - n + 1, i + 1);
          expect(s[i]).toBeGreaterThanOrEqual(Math.min(...w) - 1e-9);
          expect(s[i]).toBeLessThanOrEqual(Math.max(...w) + 1e-9);
        }
        const flat = emaSeries(
          c.map(() => 42),
          n,
        );
        for (let i = n - 1; i < c.length; i++) expect(flat[i]).toBeCloseTo(42, 10);
      }),
    );
  });

  it('rsi stays in [0, 100]; atr ≥ 0; bollinger upper ≥ middle ≥ lower', () => {
    fc.assert(
      fc.property(closes, (c) => {
        for (const v of rsiSeries(c, 14)) if (!Number.isNaN(v)) expect(v >= 0 && v <= 100).toBe(true);
        const high = c.map((x) => x * 1.01);
        const low = c.map((x) => x * 0.99);
        for (const v of atrSeries(high, low, c, 14)) if (!Number.isNaN(v)) expect(v).toBeGreaterThanOrEqual(0);
        const b = bollingerSeries(c, 20, 2);
        for (let i = 19; i < c.length; i++) {
          expect(b.upper[i]).toBeGreaterThanOrEqual(b.middle[i] as number);
          expect(b.middle[i]).toBeGreaterThanOrEqual(b.lower[i] as number);
        }
      }),
    );
  });

  it('the latest bars equal the indicators computed at those bars one by one', () => {
    fc.assert(
      fc.property(closes, (c) => {
        const s = testSeries('P', c);
        const bars = indicatorBars(s, 2);
        bars.forEach((bar, k) => expect(bar).toEqual(indicatorBarAt(s, c.length - bars.length + k)));
      }),
      { numRuns: 50 },
    );
  });
});
