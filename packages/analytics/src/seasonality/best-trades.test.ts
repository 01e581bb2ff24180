import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayNumber } from '../series.js';
import { bestTrades } from './best-trades.js';
import { formatMonthDay, monthDayAt } from './calendar-days.js';
import { seasonalPattern } from './pattern.js';
import { SCANNER_EVIDENCE_YEARS, mergeScanParts, seasonalityScan, seasonalityScanPart } from './scanner.js';
import { WindowGrid, startPositions } from './window-grid.js';
import { rowRange, windowTable } from './window-table.js';
import { closes, everyDay, moves } from './test-fixtures.js';
import { randomWindow } from './test-arbitraries.js';

/** 100 every day, except 110 from Mar 10 through Mar 20 of every year; bars every calendar day. */
const bump = everyDay('BUMP', '2018-01-01', '2020-12-31', (d) =>
  d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100,
);

describe('best trades', () => {
  it('ranks by win rate, then mean, then earlier start, then shorter length, and skips windows sharing a day', () => {
    const result = bestTrades(bump, { minDays: 1, maxDays: 3, top: 3 });
    expect(result.symbol).toBe('BUMP');
    // Long winners (100 → 110) all tie at winRate 1 and mean 0.1: 03-07+3 is the earliest start.
    // 03-08 … 03-09 share days with it. Then every other window ties at winRate 0 and mean 0:
    // 01-01+1 (shortest at the earliest start), 01-02+1 shares Jan 2, 01-03+1 is next.
    expect(result.long.map((w) => [w.start, w.end, w.days])).toEqual([
      ['03-07', '03-10', 3],
      ['01-01', '01-02', 1],
      ['01-03', '01-04', 1],
    ]);
    expect(result.short.map((w) => [w.start, w.end, w.days])).toEqual([
      ['03-18', '03-21', 3],
      ['01-01', '01-02', 1],
      ['01-03', '01-04', 1],
    ]);
    const best = result.long[0]!.stats;
    expect(best).toMatchObject({
      count: 3,
      winners: 3,
      losers: 0,
      winRate: 1,
      stdDev: 0,
      sharpe: null,
      calendarDays: 3,
    });
    expect(best.mean).toBe(110 / 100 - 1);
    // Base rate: of the 3-day windows over 2018–2020 (365 starts × 3 years, less the three
    // December starts of 2020 that would end in 2021), the starts 03-07, 03-08, 03-09 rose.
    const p = 9 / (365 * 3 - 3);
    expect(best.pValue).toBeCloseTo(p ** 3, 15);
    expect(result.short[0]!.stats.mean).toBe(0 - (100 / 110 - 1));
  });

  it('requires by default the largest count any window reaches less 2 (at least 1)', () => {
    // 3 years: the largest count is 3, so the default minYears is max(1, 3 − 2) = 1.
    const options = { minDays: 1, maxDays: 3, top: 400 };
    expect(bestTrades(bump, options)).toEqual(bestTrades(bump, { ...options, minYears: 1 }));
    const strict = bestTrades(bump, { minDays: 1, maxDays: 3, top: 400, minYears: 3 });
    expect(strict.long.every((w) => w.stats.count === 3)).toBe(true);
    expect(strict.long.some((w) => w.start > w.end)).toBe(false);
  });

  it('by default is not confined to the windows of a history that starts in autumn (AAPL from 1984-09-07)', () => {
    // Bars every day from 2014-09-07 to 2019-11-10; 110 from Mar 10 to Mar 20, else 100.
    // A window starting Sep 7 … Nov 5 (5 days) counts in 2014 … 2019: 6 years, the most; one
    // starting in March only in 2015 … 2019: 5 years. With minYears 6 (the old default) only
    // the flat autumn windows qualify; the default 6 − 2 = 4 admits March.
    const autumn = everyDay('AUTUMN', '2014-09-07', '2019-11-10', (d) =>
      d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100,
    );
    const best = bestTrades(autumn, { minDays: 5, maxDays: 5, top: 1 }).long[0]!;
    // The earliest 5-day window holding Mar 10 but not its entry: 03-05 → 03-10, 100 → 110.
    expect([best.start, best.end, best.days]).toEqual(['03-05', '03-10', 5]);
    expect(best.stats).toMatchObject({ count: 5, winners: 5, winRate: 1 });
    expect(best.stats.mean).toBe(110 / 100 - 1);
    const old = bestTrades(autumn, { minDays: 5, maxDays: 5, top: 1, minYears: 6 }).long[0]!;
    expect([old.start, old.stats.count, old.stats.winRate]).toEqual(['09-07', 6, 0]);
  });

  it('never selects two windows of one direction that share a calendar day', () => {
    const result = bestTrades(bump, { minDays: 5, maxDays: 40, top: 10 });
    for (const side of [result.long, result.short]) {
      const used = new Set<number>();
      for (const w of side) {
        const k = dayOfYear(w.start);
        for (let d = 0; d <= w.days; d++) {
          const day = (k + d) % 365;
          expect(used.has(day)).toBe(false);
          used.add(day);
        }
      }
    }
  });

  it('agrees with the pattern of the same window', () => {
    const series = everyDay('WAVE', '2015-01-01', '2019-06-30', (d) => 100 + 10 * Math.sin(dayNumber(d) / 9));
    const result = bestTrades(series, { minDays: 10, maxDays: 20, top: 5, minYears: 3 });
    for (const [direction, side] of [
      ['long', result.long],
      ['short', result.short],
    ] as const) {
      expect(side.length).toBe(5);
      for (const w of side) {
        const p = seasonalPattern(series, { start: w.start, end: w.end, direction });
        const { qValue, ...stats } = w.stats;
        expect(stats).toEqual(p.stats);
        expect(qValue).toBeGreaterThanOrEqual(p.stats!.pValue!);
      }
    }
  });

  it('answers empty lists for an empty history and rejects bad lengths', () => {
    expect(bestTrades(closes('E', []), { minDays: 5, maxDays: 10 })).toEqual({
      symbol: 'E',
      tested: 0,
      long: [],
      short: [],
    });
    expect(() => bestTrades(bump, { minDays: 10, maxDays: 5 })).toThrow(RangeError);
    expect(() => bestTrades(bump, { minDays: 1, maxDays: 365 })).toThrow(RangeError);
  });

  it('counts every window exactly as the pattern does (property)', () => {
    fc.assert(
      fc.property(
        randomWindow({ min: 0.8, max: 1.25 }, { minLength: 300, maxLength: 700 }, 200),
        fc.integer({ min: 0, max: 5 }),
        ([factors, k, days], gap) => {
          const series = moves('Q', '2016-11-20', 50, factors, (i) => 1 + ((i * gap) % 4));
          const table = windowTable(series);
          const { lo, hi } = rowRange(table);
          const grid = new WindowGrid(startPositions(k, k), days, days);
          grid.fill(series, table, lo, hi);
          const p = seasonalPattern(series, {
            start: formatMonthDay(monthDayAt(k)),
            end: formatMonthDay(monthDayAt((k + days) % 365)),
          });
          expect(grid.count[0]).toBe(p.years.length);
          expect(grid.rising[0]).toBe(p.stats?.winners ?? 0);
          expect(grid.falling[0]).toBe(p.stats?.losers ?? 0);
          if (p.stats) expect(grid.meanOf(0, 'long')).toBe(p.stats.mean);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('seasonality scanner', () => {
  const flat = everyDay('FLAT', '2018-01-01', '2020-12-31', () => 100);
  // Rises across Mar 10 in 2018 and 2019 only.
  const twice = everyDay('TWICE', '2018-01-01', '2020-12-31', (d) =>
    d < '2020-01-01' && d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100,
  );
  const young = everyDay('YOUNG', '2020-01-01', '2020-12-31', (d) => (d.slice(5) >= '03-10' ? 120 : 100));

  it('keeps each symbol’s best window starting in the range, filtered by win rate, ordered by the ranking', () => {
    const { results } = seasonalityScan([flat, twice, bump, young], {
      startFrom: '03-01',
      startTo: '03-15',
      minDays: 2,
      maxDays: 5,
      minWinRate: 0.5,
      minYears: 2,
    });
    // FLAT never wins (0 < 0.5); YOUNG has one year (< minYears).
    expect(results.map((r) => [r.symbol, r.direction, r.start, r.end, r.days, r.stats.winRate])).toEqual([
      ['BUMP', 'long', '03-05', '03-10', 5, 1],
      ['TWICE', 'long', '03-05', '03-10', 5, 2 / 3],
    ]);
    expect(results[0]!.stats.count).toBe(3);
  });

  it('looks at both directions when asked', () => {
    const { results } = seasonalityScan([bump, young], {
      startFrom: '03-15',
      startTo: '03-20',
      minDays: 1,
      maxDays: 3,
      direction: 'both',
      minYears: 1,
    });
    expect(results.map((r) => [r.symbol, r.direction, r.start, r.days, r.stats.count])).toEqual([
      ['BUMP', 'short', '03-18', 3, 3],
      // YOUNG (1 year) ranks among its own windows only: flat after Mar 10, winRate 0; long first.
      ['YOUNG', 'long', '03-15', 1, 1],
    ]);
  });

  it('defaults minYears per symbol to its largest count less 2, and at least 10', () => {
    // Every day 2006-01-01 … 2019-12-31 (14 complete years) and 2011-01-01 … 2019-12-31 (9):
    // 110 from Mar 10 to Mar 20, else 100.
    const price = (d: string) => (d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100);
    const long = everyDay('LONG', '2006-01-01', '2019-12-31', price);
    const short = everyDay('SHORTH', '2011-01-01', '2019-12-31', price);
    const options = { startFrom: '03-01', startTo: '03-15', minDays: 5, maxDays: 5 };
    // LONG: most 14 → minYears 12, its 14 March windows qualify; SHORTH: most 9 → minYears 10.
    const { results } = seasonalityScan([long, short], options);
    expect(results.map((r) => [r.symbol, r.start, r.end, r.stats.count, r.stats.winRate])).toEqual([
      ['LONG', '03-05', '03-10', 14, 1],
    ]);
    const loose = seasonalityScan([long, short], { ...options, minYears: 9 });
    expect(loose.results.map((r) => [r.symbol, r.stats.count])).toEqual([
      ['LONG', 14],
      ['SHORTH', 9],
    ]);
  });

  it("states tested: every window of each symbol's search, per requested direction, with count ≥ its effective minYears", () => {
    const price = (d: string) => (d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100);
    const long = everyDay('LONG', '2006-01-01', '2019-12-31', price);
    const short = everyDay('SHORTH', '2011-01-01', '2019-12-31', price);
    // Starts 03-01 … 03-15 (15) × lengths 5–6 (2): 30 windows per symbol and direction.
    const options = { startFrom: '03-01', startTo: '03-15', minDays: 5, maxDays: 6 };
    // Default minYears: LONG 12 (all 30 windows have 14 years), SHORTH 10 (its 9 years test nothing).
    expect(seasonalityScan([long, short], options).tested).toBe(30);
    expect(seasonalityScan([long, short], { ...options, direction: 'both' }).tested).toBe(60);
    expect(seasonalityScan([long, short], { ...options, minYears: 9 }).tested).toBe(60);
    expect(seasonalityScan([long, short], { ...options, minYears: 15 }).tested).toBe(0);
    // minWinRate filters the results, not the tests: in June the price is flat, nothing wins.
    const june = { ...options, startFrom: '06-01', startTo: '06-15' };
    expect(seasonalityScan([long, short], june).results.map((r) => r.stats.winRate)).toEqual([0]);
    expect(seasonalityScan([long, short], { ...june, minWinRate: 0.5 })).toEqual({ results: [], tested: 30 });
    // From 2012 LONG has 8 years of windows: below 10, nothing tested or kept by default.
    expect(seasonalityScan([long, short], { ...options, from: 2012 })).toEqual({ results: [], tested: 0 });
  });

  it("says when a result's sample is small: count below 10, reachable only with a smaller minYears given", () => {
    const price = (d: string) => (d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100);
    const long = everyDay('LONG', '2006-01-01', '2019-12-31', price);
    const short = everyDay('SHORTH', '2011-01-01', '2019-12-31', price);
    const options = { startFrom: '03-01', startTo: '03-15', minDays: 5, maxDays: 5 };
    expect(seasonalityScan([long, short], options).results.map((r) => [r.symbol, r.smallSample])).toEqual([
      ['LONG', false],
    ]);
    const loose = seasonalityScan([long, short], { ...options, minYears: 9 });
    expect(loose.results.map((r) => [r.symbol, r.stats.count, r.smallSample])).toEqual([
      ['LONG', 14, false],
      ['SHORTH', 9, true],
    ]);
    expect(SCANNER_EVIDENCE_YEARS).toBe(10);
  });

  it('finds, over the whole calendar, the same best window as best trades (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('long' as const, 'short' as const),
        (seed, minDays, extra, direction) => {
          const series = everyDay(
            'P',
            '2014-06-01',
            '2019-03-31',
            (d) => 100 + 20 * Math.sin(dayNumber(d) / (7 + (seed % 13))) + (seed % 7),
          );
          const options = { minDays, maxDays: minDays + extra, minYears: 4 };
          const best = bestTrades(series, { ...options, top: 1 })[direction][0]!;
          const { results } = seasonalityScan([series], {
            ...options,
            startFrom: '01-01',
            startTo: '12-31',
            direction,
          });
          expect(results).toHaveLength(1);
          // The scanner's tests are not best trades' tests: compare all but the qValue.
          const { qValue, ...stats } = best.stats;
          expect(qValue).toBeGreaterThanOrEqual(stats.pValue!);
          const { qValue: scanQ, ...scanStats } = results[0]!.stats;
          expect(scanQ).toBeGreaterThanOrEqual(stats.pValue!);
          expect({ ...results[0]!, stats: scanStats }).toEqual({
            symbol: 'P',
            direction,
            ...best,
            stats,
            smallSample: stats.count < 10,
          });
        },
      ),
      { numRuns: 15 },
    );
  });

  it('merges the parts of disjoint parts of a universe into the answer of the whole, qValues included', () => {
    const price = (seed: number) => (d: string) => 100 + 20 * Math.sin(dayNumber(d) / (5 + seed)) + (seed % 3);
    const series = Array.from({ length: 9 }, (_, i) =>
      everyDay(`S${i}`, `${1995 + (i % 5)}-02-01`, '2019-11-30', price(i % 5)),
    );
    for (const options of [
      { startFrom: '12-20', startTo: '01-10', minDays: 3, maxDays: 9, direction: 'both' as const, minYears: 5 },
      { startFrom: '02-29', startTo: '03-20', minDays: 1, maxDays: 4, minWinRate: 0.4 },
    ]) {
      const whole = seasonalityScan(series, options);
      // Equal series under other names (S0/S5, …) tie on every statistic: the symbol decides.
      expect(new Set(whole.results.map((r) => r.stats.mean)).size).toBeLessThan(whole.results.length);
      const parts = [0, 1, 2].map((p) =>
        seasonalityScanPart(
          series.filter((_, i) => i % 3 === p),
          options,
        ),
      );
      expect(mergeScanParts(parts, options)).toEqual(whole);
      expect(whole.results.every((r) => r.stats.qValue! >= r.stats.pValue!)).toBe(true);
    }
  });

  it('wraps a start range past Dec 31 and finds nothing in an empty universe', () => {
    expect(startPositions(363, 1)).toEqual(Int32Array.from([363, 364, 0, 1]));
    expect(seasonalityScan([], { startFrom: '12-30', startTo: '01-02', minDays: 1, maxDays: 2 })).toEqual({
      results: [],
      tested: 0,
    });
  });
});

function dayOfYear(mmdd: string): number {
  return dayNumber(`2019-${mmdd}`) - dayNumber('2019-01-01');
}
