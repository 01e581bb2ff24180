import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayNumber } from '../series.js';
import { mean, sampleStdDev } from '../stats/descriptive.js';
import { bestTrades } from './best-trades.js';
import { walkForward } from './walk-forward.js';
import { closes, everyDay, nullsFor } from './test-fixtures.js';

/** Bars every day 2010-01-01 … 2015-03-05: 100, except Mar 10–20, by year 110, 110, 110, 120, 90. */
const LEVEL: Record<string, number> = { '2010': 110, '2011': 110, '2012': 110, '2013': 120, '2014': 90 };
const march = everyDay('MARCH', '2010-01-01', '2015-03-05', (d) =>
  d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? LEVEL[d.slice(0, 4)]! : 100,
);
const ONE_DAY = { minDays: 1, maxDays: 1 };

describe('walk-forward (analytics.md, "Walk-forward")', () => {
  it('trades each year with the window chosen before it and skips a year for each of the three reasons', () => {
    const result = walkForward(march, { ...ONE_DAY, trainYears: 2 });
    expect(result.symbol).toBe('MARCH');
    expect(result.trainYears).toBe(2);
    // 2010: no training year, no window chosen. 2011: 03-09 → 03-10 chosen on 2010 alone,
    // count 1 < trainYears 2. 2012–2014: chosen with count ≥ 2 and traded. 2015: chosen
    // (count 5) but the history ends on 03-05, so 2015 does not count for it.
    expect(result.long.trials).toEqual([
      { year: 2012, start: '03-09', end: '03-10', days: 1, return: 110 / 100 - 1 },
      { year: 2013, start: '03-09', end: '03-10', days: 1, return: 120 / 100 - 1 },
      { year: 2014, start: '03-09', end: '03-10', days: 1, return: 90 / 100 - 1 },
    ]);
    // Short: 03-20 → 03-21 fell 2010–2013; in 2014 it rose from 90 to 100.
    expect(result.short.trials).toEqual([
      { year: 2012, start: '03-20', end: '03-21', days: 1, return: 0 - (100 / 110 - 1) },
      { year: 2013, start: '03-20', end: '03-21', days: 1, return: 0 - (100 / 120 - 1) },
      { year: 2014, start: '03-20', end: '03-21', days: 1, return: 0 - (100 / 90 - 1) },
    ]);
    // The count rule alone: with trainYears 1, 2011 is traded.
    expect(walkForward(march, { ...ONE_DAY, trainYears: 1 }).long.trials.map((t) => t.year)).toEqual([
      2011, 2012, 2013, 2014,
    ]);
    // No window chosen with a training set: minYears 3 admits nothing before 2013.
    expect(walkForward(march, { ...ONE_DAY, trainYears: 1, minYears: 3 }).long.trials.map((t) => t.year)).toEqual([
      2013, 2014,
    ]);
    // The year that does not count: with the history extended past Mar 21, 2015 is traded.
    const longer = everyDay('MARCH', '2010-01-01', '2015-06-30', (d) =>
      d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? (LEVEL[d.slice(0, 4)] ?? 110) : 100,
    );
    expect(walkForward(longer, { ...ONE_DAY, trainYears: 2 }).long.trials.map((t) => t.year)).toEqual([
      2012, 2013, 2014, 2015,
    ]);
  });

  it('states the statistics of the out-of-sample returns, and best trades in sample', () => {
    const result = walkForward(march, { ...ONE_DAY, trainYears: 2 });
    const returns = [110 / 100 - 1, 120 / 100 - 1, 90 / 100 - 1];
    expect(result.long.stats).toEqual({
      count: 3,
      winners: 2,
      losers: 1,
      winRate: 2 / 3,
      mean: (returns[0]! + returns[1]! + returns[2]!) / 3,
      median: 110 / 100 - 1,
      stdDev: sampleStdDev(returns),
      min: 90 / 100 - 1,
      max: 120 / 100 - 1,
    });
    expect(result.long.stats.stdDev).toBeCloseTo(0.15275252316519466, 14);
    expect(result.short.stats).toMatchObject({ count: 3, winners: 2, losers: 1, winRate: 2 / 3 });
    expect(result.short.stats.mean).toBe(mean(result.short.trials.map((t) => t.return)));
    // In sample over 2010–2014: 03-09 → 03-10 rose in 4 of 5 years.
    const inSample = bestTrades(march, { ...ONE_DAY, top: 1 });
    expect(result.inSample).toEqual({ long: inSample.long[0]!.stats, short: inSample.short[0]!.stats });
    expect(result.inSample.long).toMatchObject({ count: 5, winners: 4 });
    expect(result.inSample.long!.qValue).toBeGreaterThanOrEqual(result.inSample.long!.pValue!);
  });

  it('answers count 0 and null statistics when no year is traded', () => {
    const result = walkForward(march, { ...ONE_DAY, trainYears: 30 });
    for (const side of [result.long, result.short]) {
      const stats = {
        count: 0,
        ...nullsFor(['winners', 'losers', 'winRate', 'mean', 'median', 'stdDev', 'min', 'max']),
      };
      expect(side).toEqual({ trials: [], stats });
    }
    expect(walkForward(closes('E', []), ONE_DAY).inSample).toEqual({ long: null, short: null });
    expect(() => walkForward(march, { ...ONE_DAY, trainYears: 0 })).toThrow(RangeError);
  });

  it('counts no training window that ends in year T: a jump on Jan 2 of T does not choose T', () => {
    // Every year 100, except a jump to 150 on Jan 2, 2014 only. The window 12-30 → 01-02 of
    // 2013 ends in 2014: before 2014 the training must not see it (count 0), so every 3-day
    // window is flat and the earliest start, 01-01 → 01-04, is chosen for 2014.
    const jump = everyDay('JUMP', '2010-01-01', '2014-12-31', (d) => (d === '2014-01-02' ? 150 : 100));
    const trial = walkForward(jump, { minDays: 3, maxDays: 3, trainYears: 1 }).long.trials.find((t) => t.year === 2014);
    expect(trial).toEqual({ year: 2014, start: '01-01', end: '01-04', days: 3, return: 0 });
  });

  it('chooses the window that best trades chooses on the history before Jan 1 of T (bars every day)', () => {
    // With a bar on every day, the history cut at Dec 31 of T − 1 counts exactly the training
    // years: those whose window ends before Jan 1 of T.
    const series = everyDay(
      'W',
      '2004-03-15',
      '2015-12-31',
      (d) => 100 + 12 * Math.sin(dayNumber(d) / 8) + (dayNumber(d) % 5),
    );
    const options = { minDays: 2, maxDays: 9, trainYears: 1 };
    const result = walkForward(series, options);
    expect(result.long.trials.length).toBeGreaterThan(5);
    for (const side of ['long', 'short'] as const) {
      for (const trial of result[side].trials) {
        const cut = dayNumber(`${trial.year}-01-01`);
        const n = series.dates.findIndex((d) => d >= cut);
        const before = closes(
          'W',
          Array.from(series.dates.subarray(0, n), (d, i) => [
            new Date(d * 86_400_000).toISOString().slice(0, 10),
            series.close[i]!,
          ]),
        );
        const best = bestTrades(before, { minDays: 2, maxDays: 9, top: 1 })[side][0]!;
        expect([trial.start, trial.days]).toEqual([best.start, best.days]);
      }
    }
  });

  it('chooses every year from data before Jan 1 of that year (property: later prices change nothing chosen)', () => {
    const base = everyDay('P', '2006-01-01', '2016-12-31', (d) => 100 + 15 * Math.sin(dayNumber(d) / 11));
    fc.assert(
      fc.property(fc.integer({ min: 2008, max: 2016 }), fc.integer({ min: 1, max: 1000 }), (T, seed) => {
        // The same dates; every close from Jan 1 of T on replaced.
        const cut = dayNumber(`${T}-01-01`);
        const changed = closes(
          'P',
          Array.from(base.dates, (d, i) => [
            new Date(d * 86_400_000).toISOString().slice(0, 10),
            d < cut ? base.close[i]! : 50 + ((i * seed) % 97),
          ]),
        );
        const options = { minDays: 3, maxDays: 12, trainYears: 2 };
        const chosen = (r: ReturnType<typeof walkForward>) =>
          (['long', 'short'] as const).map((side) =>
            r[side].trials.filter((t) => t.year <= T).map((t) => [t.year, t.start, t.days]),
          );
        expect(chosen(walkForward(changed, options))).toEqual(chosen(walkForward(base, options)));
      }),
      { numRuns: 12 },
    );
  });
});
