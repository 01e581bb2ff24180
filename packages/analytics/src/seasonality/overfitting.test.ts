import { describe, expect, it } from 'vitest';
import { type PriceSeries } from '../series.js';
import { sharedDailySeries, sharedDataPresent } from '../testing/shared-market-data.js';
import { bestTrades } from './best-trades.js';
import { overfitting } from './overfitting.js';
import { seasonalPattern } from './pattern.js';
import { everyDay } from './test-fixtures.js';

/**
 * 100 every day, except from Mar 10 through Mar 20, when it is 110 in 2018, 105 in 2019 and 120
 * in 2020; a bar every calendar day. Of the 1-day windows, only 03-09 → 03-10 (+10 %, +5 %, +20 %)
 * and 03-20 → 03-21 (−1/11, −1/21, −1/6) move.
 */
const BUMP = { 2018: 110, 2019: 105, 2020: 120 } as Record<string, number>;
const bump = everyDay('BUMP', '2018-01-01', '2020-12-31', (d) =>
  d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? BUMP[d.slice(0, 4)]! : 100,
);

const relative = (a: number | null | undefined, b: number) => Math.abs(a! / b - 1);

describe('overfitting of a best-trades search (analytics.md)', () => {
  it('deflates the top window by the Sharpe ratios of the 730 windows searched', () => {
    const r = overfitting(bump, { minDays: 1, maxDays: 1 });
    // Every 1-day window of both sides counts (minYears max(1, 3 − 2) = 1): M = 2 × 365.
    expect([r.tested, r.minYears]).toEqual([730, 1]);
    expect(r.tested).toBe(bestTrades(bump, { minDays: 1, maxDays: 1 }).tested);
    // Best trades' top window, long before short: 03-09 → 03-10 long, 3 of 3 years, qValue left out.
    const { qValue, ...stats } = bestTrades(bump, { minDays: 1, maxDays: 1, top: 1 }).long[0]!.stats;
    expect(qValue).not.toBeNull();
    expect(r.selected).toEqual({ direction: 'long', start: '03-09', end: '03-10', days: 1, stats });
    // x = 0.10, 0.05, 0.20: SR = 0.116667 / 0.076376 = 1.5275252; γ3 = 0.3818018, γ4 = 1.5. Only
    // 03-09 long (SR_a = 1.5275252) and 03-20 short (SR_b = 1.6882898) and their other sides have a
    // spread; those four Sharpe ratios, of mean 0, give V = (2 SR_a² + 2 SR_b²) / 3 = 3.4557706.
    // SR0 = √V (0.42278 Φ⁻¹(1 − 1/730) + 0.57722 Φ⁻¹(1 − 1/(730e))) = 5.8827641;
    // PSR = Φ(SR √2 / √(1 − γ3 SR + (γ4 − 1)/4 SR²)) = 0.9948640; DSR = PSR(SR0) = 1.2618718e-13 (mpmath).
    const d = r.deflated!;
    expect([d.observations, d.trials]).toEqual([3, 730]);
    expect(relative(d.sharpe, 1.5275252316519468)).toBeLessThan(1e-14);
    expect(relative(d.skewness, 0.38180177416060623)).toBeLessThan(1e-12);
    expect(relative(d.kurtosis, 1.5)).toBeLessThan(1e-13);
    expect(relative(d.sharpeVariance, 3.4557706093189964)).toBeLessThan(1e-14);
    expect(relative(d.expectedMaxSharpe, 5.882764092863949)).toBeLessThan(1e-13);
    expect(relative(d.psr, 0.9948639974777816)).toBeLessThan(1e-14);
    expect(relative(d.dsr, 1.261871806049487e-13)).toBeLessThan(1e-9);
  });

  it('splits the 3 years into 2 blocks: the in-sample best stays first out of sample', () => {
    // Blocks: 2018 and 2019–2020. In 2018 alone, 03-09 long (1 win, +0.10) beats 03-20 short (1
    // win, +0.0909); out of sample it wins 2 of 2 with +0.25 against the short's +0.2143: first of
    // 730, r = 730. Alike the other way round. λ = ln(730/731 / (1/731)) = ln 730 both times.
    const r = overfitting(bump, { minDays: 1, maxDays: 1, blocks: 2 });
    expect(r.pbo).toMatchObject({
      blocks: 2,
      rows: 3,
      combinations: 2,
      overfit: 0,
      pbo: 0,
      probLoss: 0,
      firstYear: 2018,
      lastYear: 2020,
      blockYears: [
        [2018, 2018],
        [2019, 2020],
      ],
    });
    expect(r.pbo!.meanLogit).toBeCloseTo(Math.log(730), 12);
    // S = 8 is more blocks than the 3 rows: no PBO; the rest stays.
    expect(overfitting(bump, { minDays: 1, maxDays: 1 }).pbo).toBeNull();
  });

  it("measures the best window's excess over the drift of the windows of its length", () => {
    // b_1(t) = (up + down) / (windows counting in t): 365 in 2018 and 2019, 364 in 2020 (12-31 →
    // 01-01 needs 2021). 03-09 long: E = 0.10 − b(2018), 0.05 − b(2019), 0.20 − b(2020): mean
    // 0.1166257, above 03-20 short's (its returns are smaller, and + b is about 3e-5).
    const r = overfitting(bump, { minDays: 1, maxDays: 1, bootstrap: 200, seed: 7n })!;
    const rc = r.realityCheck!;
    expect(rc.best).toEqual({ direction: 'long', start: '03-09', end: '03-10', days: 1 });
    expect(rc.bestMean).toBeCloseTo(0.11662566505032258, 14);
    expect(rc.statistic).toBeCloseTo(Math.sqrt(3) * 0.11662566505032258, 14);
    expect([rc.bootstrap, rc.seed]).toEqual([200, 7]);
    expect(rc.pValue).toBeGreaterThanOrEqual(rc.naivePValue);
    // Reproducible from the seed; no check without bootstrap.
    expect(overfitting(bump, { minDays: 1, maxDays: 1, bootstrap: 200, seed: 7n })).toEqual(r);
    expect(overfitting(bump, { minDays: 1, maxDays: 1 }).realityCheck).toBeNull();
  });

  it("deflates a given window (the pattern's) by the search around it, and restricts the family to a side", () => {
    const r = overfitting(bump, {
      minDays: 1,
      maxDays: 1,
      direction: 'short',
      window: { start: '03-20', end: '03-21', direction: 'short' },
    });
    expect(r.tested).toBe(365);
    const pattern = seasonalPattern(bump, { start: '03-20', end: '03-21', direction: 'short' });
    expect(r.selected).toEqual({ direction: 'short', start: '03-20', end: '03-21', days: 1, stats: pattern.stats });
    // Two short windows have a spread: 03-20 (SR_b) and 03-09 (−SR_a), of mean (SR_b − SR_a)/2:
    // V = 2 ((SR_a + SR_b)/2)² / 1 = (SR_a + SR_b)² / 2.
    expect(relative(r.deflated!.sharpeVariance, (1.6882898390516854 + 1.5275252316519468) ** 2 / 2)).toBeLessThan(
      1e-12,
    );
    expect(r.deflated!.sharpe).toBeCloseTo(1.6882898390516854, 13);
  });

  it('answers an empty family with nulls, and refuses odd blocks and out-of-range resamples', () => {
    const r = overfitting(bump, { minDays: 1, maxDays: 1, minYears: 4, bootstrap: 10 });
    expect(r).toEqual({
      symbol: 'BUMP',
      tested: 0,
      minYears: 4,
      selected: null,
      deflated: null,
      pbo: null,
      realityCheck: null,
    });
    expect(() => overfitting(bump, { minDays: 1, maxDays: 1, blocks: 3 })).toThrow(/blocks/);
    expect(() => overfitting(bump, { minDays: 1, maxDays: 1, blocks: 0 })).toThrow(/blocks/);
    expect(() => overfitting(bump, { minDays: 1, maxDays: 1, bootstrap: 10_001 })).toThrow(/bootstrap/);
    expect(() => overfitting(bump, { minDays: 1, maxDays: 1, seed: 1n << 64n })).toThrow(/seed/);
  });
});

const aapl = (): PriceSeries => sharedDailySeries('AAPL');

describe.skipIf(!sharedDataPresent)("overfitting on real data: analytics.md's AAPL example", () => {
  it('5 to 7 days: 2,190 windows, 10-10 → 10-15 long, DSR 0.29, PBO 0.21, Reality Check p = 0.07 (0.001 alone)', () => {
    const r = overfitting(aapl(), { minDays: 5, maxDays: 7, bootstrap: 1000 });
    expect(r.tested).toBe(2190);
    expect(r.selected).toMatchObject({ direction: 'long', start: '10-10', end: '10-15' });
    expect(r.selected!.stats).toMatchObject({ winners: 28, count: 34 });
    expect(r.deflated!.sharpe).toBeCloseTo(0.709, 3);
    // "PSR 0.99999": 0.9999962.
    expect(r.deflated!.psr).toBeGreaterThan(0.99999);
    expect(r.deflated!.psr).toBeLessThan(1);
    expect(r.deflated!.sharpeVariance).toBeCloseTo(0.0526, 4);
    expect(r.deflated!.expectedMaxSharpe).toBeCloseTo(0.796, 3);
    expect(r.deflated!.dsr).toBeCloseTo(0.29, 2);
    expect(r.pbo).toMatchObject({ blocks: 8, combinations: 70 });
    expect(r.pbo!.pbo).toBeCloseTo(0.21, 2);
    expect(r.pbo!.probLoss).toBeCloseTo(0.057, 3);
    expect(r.realityCheck).toMatchObject({
      best: { direction: 'long', start: '10-08', end: '10-15', days: 7 },
      pValue: 0.07,
      naivePValue: 0.001,
    });
  });

  it('5 to 30 days: 18,980 windows, PSR 0.987 but DSR 0.004, Reality Check p = 0.119 (0.006 alone)', () => {
    const r = overfitting(aapl(), { minDays: 5, maxDays: 30, bootstrap: 1000, seed: 1n });
    expect(r.tested).toBe(18980);
    expect(r.selected).toMatchObject({ direction: 'long', start: '10-05', end: '11-01' });
    expect(r.deflated!.psr).toBeCloseTo(0.987, 3);
    expect(r.deflated!.dsr).toBeCloseTo(0.004, 3);
    expect(r.pbo!.pbo).toBeCloseTo(0.1, 2);
    expect(r.realityCheck).toMatchObject({
      best: { direction: 'long', start: '10-08', end: '11-06', days: 29 },
      pValue: 0.119,
      naivePValue: 0.006,
      // a seed a double holds exactly is a number in the answer (decision 0036)
      seed: 1,
      bootstrap: 1000,
    });
    expect(r.realityCheck!.bestMean).toBeCloseTo(0.074, 3);
  });
});
