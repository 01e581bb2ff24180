import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestTrades, descendingGroups } from './best-trades.js';
import { DAYS_IN_CALENDAR, formatMonthDay, monthDayAt } from './calendar-days.js';
import { seasonalPattern } from './pattern.js';
import { mergeScanParts, seasonalityScan, seasonalityScanPart } from './scanner.js';
import { mergeSerializedScanParts, serializeScanPart } from './scan-wire.js';
import type { Direction, WindowRiskStats } from './statistics.js';
import { closes, everyDay, randomSeries } from './test-fixtures.js';
import { dayNumber } from '../series.js';

// analytics.md, "Risk inside a window": MAE/MFE per year (the first day on a tie), the seven
// statistics, and the returnToRisk rank of best trades and the scanner.

/** Three years of the window 03-01 → 03-05, a bar a day, with ties of the lowest and highest close. */
const TIES = closes('TIES', [
  ['2019-03-01', 100],
  ['2019-03-02', 90],
  ['2019-03-03', 105],
  ['2019-03-04', 100],
  ['2019-03-05', 110],
  ['2020-03-01', 100],
  ['2020-03-02', 95],
  ['2020-03-03', 90],
  ['2020-03-04', 120],
  ['2020-03-05', 90],
  ['2021-03-01', 50],
  ['2021-03-02', 49],
  ['2021-03-03', 55],
  ['2021-03-04', 52],
  ['2021-03-05', 55],
]);

describe('risk inside a window: the pattern', () => {
  it('gives each year its MAE and MFE with the first day of the extreme close (long), and the seven statistics', () => {
    const p = seasonalPattern(TIES, { start: '03-01', end: '03-05' });
    expect(p.years.map((y) => [y.year, y.maxDrop, y.maeDay, y.maeDate, y.maxRise, y.mfeDay, y.mfeDate])).toEqual([
      [2019, 90 / 100 - 1, 1, '2019-03-02', 110 / 100 - 1, 4, '2019-03-05'],
      // 90 closes on day 2 and again on day 4: the first counts.
      [2020, 90 / 100 - 1, 2, '2020-03-03', 120 / 100 - 1, 3, '2020-03-04'],
      // 55 closes on day 2 and again on day 4 (the exit): the first counts.
      [2021, 49 / 50 - 1, 1, '2021-03-02', 55 / 50 - 1, 2, '2021-03-03'],
    ]);
    const mae = [90 / 100 - 1, 90 / 100 - 1, 49 / 50 - 1];
    const mfe = [110 / 100 - 1, 120 / 100 - 1, 55 / 50 - 1];
    const returns = [110 / 100 - 1, 90 / 100 - 1, 55 / 50 - 1];
    const meanMae = (mae[0]! + mae[1]! + mae[2]!) / 3;
    const mean = (returns[0]! + returns[1]! + returns[2]!) / 3;
    expect(p.stats).toMatchObject({
      mean,
      meanMae,
      // Sorted −0.1, −0.1, −0.02: the middle one.
      medianMae: 90 / 100 - 1,
      worstMae: 90 / 100 - 1,
      // 2019 and 2020 share the worst MAE: the earliest year.
      worstMaeYear: 2019,
      meanMfe: (mfe[0]! + mfe[1]! + mfe[2]!) / 3,
      // Sorted 0.1, 0.1, 0.2 (110/100 and 55/50 are the same double).
      medianMfe: 110 / 100 - 1,
      returnToRisk: mean / Math.abs(meanMae),
    });
  });

  it('turns the excursions round for a short trade: MAE from the highest close, MFE from the lowest', () => {
    const p = seasonalPattern(TIES, { start: '03-01', end: '03-05', direction: 'short' });
    expect(p.years.map((y) => [y.year, y.return, y.maxDrop, y.maeDay, y.maxRise, y.mfeDay, y.mfeDate])).toEqual([
      [2019, 0 - (110 / 100 - 1), 0 - (110 / 100 - 1), 4, 0 - (90 / 100 - 1), 1, '2019-03-02'],
      [2020, 0 - (90 / 100 - 1), 0 - (120 / 100 - 1), 3, 0 - (90 / 100 - 1), 2, '2020-03-03'],
      [2021, 0 - (55 / 50 - 1), 0 - (55 / 50 - 1), 2, 0 - (49 / 50 - 1), 1, '2021-03-02'],
    ]);
    const s = p.stats!;
    expect(s.worstMae).toBe(0 - (120 / 100 - 1));
    expect(s.worstMaeYear).toBe(2020);
    // MAEs −0.1, −0.2, −0.1: the median is −0.1.
    expect(s.medianMae).toBe(0 - (110 / 100 - 1));
    expect(s.returnToRisk).toBe(s.mean / Math.abs(s.meanMae));
    expect(s.returnToRisk!).toBeLessThan(0);
  });

  it('gives a trade that never goes against the holder MAE 0 on the entry day and returnToRisk null', () => {
    const up = closes('UP', [
      ['2020-02-28', 9],
      ['2020-03-02', 10],
      ['2020-03-03', 10],
      ['2020-03-04', 12],
      ['2020-03-05', 11],
      ['2021-03-01', 20],
      ['2021-03-02', 21],
      ['2021-03-05', 22],
    ]);
    const p = seasonalPattern(up, { start: '03-01', end: '03-05' });
    expect(p.years.map((y) => [y.entryDate, y.maxDrop, y.maeDay, y.maeDate, y.maxRise, y.mfeDay, y.mfeDate])).toEqual([
      // The entry close 10 closes again on day 1: the entry day (0) is the first.
      ['2020-03-02', 0, 0, '2020-03-02', 12 / 10 - 1, 2, '2020-03-04'],
      ['2021-03-01', 0, 0, '2021-03-01', 22 / 20 - 1, 2, '2021-03-05'],
    ]);
    expect(p.stats).toMatchObject({ meanMae: 0, medianMae: 0, worstMae: 0, worstMaeYear: 2020, returnToRisk: null });
    // Short, the same closes went against the holder every year.
    const short = seasonalPattern(up, { start: '03-01', end: '03-05', direction: 'short' }).stats!;
    expect(short.worstMae).toBe(0 - (12 / 10 - 1));
    expect(short.returnToRisk).not.toBeNull();
  });
});

/**
 * A close every day of 2010–2015 falling 0.1 % a day (every plain window loses), times two
 * shapes every year:
 * - 06-11 … 06-13: × 1.04, 1.08, 1.12: 06-10 → 06-13 never goes against a long holder (MAE 0
 *   every year), +11.7 % every year;
 * - 09-10 … 09-12: × 0.98, 1.10, 1.25: 09-09 → 09-12 wins +24.6 % every year after a −2.1 % dip.
 * The only other 3-day window that never goes against the holder starts in the dip (+1.7 %).
 */
const SHAPE: Record<string, number> = {
  '06-11': 1.04,
  '06-12': 1.08,
  '06-13': 1.12,
  '09-10': 0.98,
  '09-11': 1.1,
  '09-12': 1.25,
};
const SHAPES = everyDay(
  'SHAPES',
  '2010-01-01',
  '2015-12-31',
  (d) => 100 * 0.999 ** (dayNumber(d) - dayNumber('2010-01-01')) * (SHAPE[d.slice(5)] ?? 1),
);

describe('risk inside a window: the rank of best trades and the scanner', () => {
  it('ranks a window that never goes against the holder first by returnToRisk, and the win rate first by default', () => {
    const byWinRate = bestTrades(SHAPES, { minDays: 3, maxDays: 3, top: 1 });
    expect(byWinRate.long.map((w) => [w.start, w.end])).toEqual([['09-09', '09-12']]);
    const top = byWinRate.long[0]!.stats;
    expect(top).toMatchObject({ count: 6, winRate: 1 });
    expect(top.mean).toBeCloseTo(1.25 * 0.999 ** 3 - 1, 12);
    expect(top.meanMae).toBeCloseTo(0.98 * 0.999 - 1, 12);
    expect(top.returnToRisk).toBeCloseTo((1.25 * 0.999 ** 3 - 1) / (1 - 0.98 * 0.999), 10);
    const byRisk = bestTrades(SHAPES, { minDays: 3, maxDays: 3, top: 2, rank: 'returnToRisk' });
    // Both windows that never go against the holder come first (null), the larger mean first.
    expect(byRisk.long.map((w) => [w.start, w.end, w.stats.returnToRisk])).toEqual([
      ['06-10', '06-13', null],
      ['09-10', '09-13', null],
    ]);
    const a = byRisk.long[0]!.stats;
    expect(a).toMatchObject({ count: 6, winners: 6, meanMae: 0, medianMae: 0, worstMae: 0, worstMaeYear: 2010 });
    expect(a.meanMfe).toBeCloseTo(1.12 * 0.999 ** 3 - 1, 12);
    // The rank changes the order, never the tests or their qValues.
    expect(byRisk.tested).toBe(byWinRate.tested);
  });

  it('keeps and orders the scanner’s results by the same rank', () => {
    const options = { startFrom: '06-01', startTo: '09-30', minDays: 3, maxDays: 3, minYears: 4 };
    const plain = seasonalityScan([SHAPES], options);
    expect(plain.results.map((r) => [r.start, r.end])).toEqual([['09-09', '09-12']]);
    const risk = seasonalityScan([SHAPES], { ...options, rank: 'returnToRisk' });
    expect(risk.results.map((r) => [r.start, r.end, r.stats.returnToRisk])).toEqual([['06-10', '06-13', null]]);
    expect(risk.tested).toBe(plain.tested);
  });

  it('selects in the ranking of analytics.md, as a sort of every window’s reported statistics does (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom<Direction>('long', 'short'),
        (seed, direction) => {
          const series = randomSeries('R', seed, 2000, 8);
          const minDays = 3;
          const maxDays = 6;
          const windows: { k: number; days: number; stats: WindowRiskStats }[] = [];
          for (let k = 0; k < DAYS_IN_CALENDAR; k++) {
            for (let days = minDays; days <= maxDays; days++) {
              const start = formatMonthDay(monthDayAt(k));
              const end = formatMonthDay(monthDayAt((k + days) % DAYS_IN_CALENDAR));
              const stats = seasonalPattern(series, { start, end, direction }).stats;
              if (stats) windows.push({ k, days, stats });
            }
          }
          const most = Math.max(...windows.map((w) => w.stats.count));
          const key = (s: WindowRiskStats) => (s.returnToRisk === null ? Infinity : s.returnToRisk);
          const ranked = windows
            .filter((w) => w.stats.count >= Math.max(1, most - 2))
            .sort(
              (a, b) =>
                (key(a.stats) !== key(b.stats) ? (key(b.stats) > key(a.stats) ? 1 : -1) : 0) ||
                b.stats.winRate - a.stats.winRate ||
                (a.stats.mean !== b.stats.mean ? (b.stats.mean > a.stats.mean ? 1 : -1) : 0) ||
                a.k - b.k ||
                a.days - b.days,
            );
          const taken = new Set<number>();
          const expected: string[] = [];
          for (const w of ranked) {
            if (expected.length === 5) break;
            const days = Array.from({ length: w.days + 1 }, (_, d) => (w.k + d) % DAYS_IN_CALENDAR);
            if (days.some((d) => taken.has(d))) continue;
            days.forEach((d) => taken.add(d));
            expected.push(`${formatMonthDay(monthDayAt(w.k))}+${w.days}`);
          }
          const got = bestTrades(series, { minDays, maxDays, top: 5, rank: 'returnToRisk' })[direction];
          expect(got.map((w) => `${w.start}+${w.days}`)).toEqual(expected);
          // The reported statistics are the pattern's, to the last bit.
          for (const w of got) {
            const { stats } = seasonalPattern(series, { start: w.start, end: w.end, direction });
            const { qValue, ...reported } = w.stats;
            expect(qValue === null || qValue >= 0).toBe(true);
            expect(reported).toEqual(stats);
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 30_000);

  it('orders a scan’s parts, merged or serialized, as one scan of the whole universe', () => {
    const universe = [1, 2, 3, 4, 5, 6].map((seed) => randomSeries(`S${seed}`, seed, 2000, 14));
    const options = {
      startFrom: '03-01',
      startTo: '04-15',
      minDays: 5,
      maxDays: 12,
      direction: 'both' as const,
      rank: 'returnToRisk' as const,
    };
    const whole = seasonalityScan(universe, options);
    const keys = whole.results.map((r) => (r.stats.returnToRisk === null ? Infinity : r.stats.returnToRisk));
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    const parts = [universe.slice(0, 2), universe.slice(2)];
    const merged = mergeScanParts(
      parts.map((p) => seasonalityScanPart(p, options)),
      options,
    );
    expect(merged).toEqual(whole);
    const serialized = mergeSerializedScanParts(
      parts.map((p) => serializeScanPart(seasonalityScanPart(p, options), options)),
      options,
    );
    expect(JSON.parse(new TextDecoder().decode(serialized.body))).toEqual(JSON.parse(JSON.stringify(whole)));
  });

  it('groups keys in descending order, equal keys together', () => {
    const keys = Float64Array.from([1, 5, Infinity, 3, 5, -Infinity, 2]);
    expect([...descendingGroups(keys, 2)]).toEqual([
      [1, 2, 4],
      [3, 6],
      [0, 5],
    ]);
  });
});
