import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialUpperTail } from '../stats/binomial.js';
import { dayNumber } from '../series.js';
import { formatMonthDay, monthDayAt } from './calendar-days.js';
import { seasonalPattern, windowCalendarDays } from './pattern.js';
import { parseMonthDay } from './calendar-days.js';
import { baseRate } from './window-table.js';
import { closes, moves, weekdays } from './test-fixtures.js';
import { randomWindow } from './test-arbitraries.js';

describe('seasonal pattern: a window across the year end', () => {
  const series = closes('XYE', [
    ['2019-12-20', 100],
    ['2019-12-23', 110],
    ['2019-12-27', 90],
    ['2020-01-03', 105],
    ['2020-01-06', 120],
    ['2020-12-21', 200],
    ['2020-12-28', 180],
    ['2021-01-04', 210],
    ['2021-01-05', 230],
  ]);

  it('enters on the first trading day on or after Dec 21 and exits on the last on or before Jan 4 of the next year', () => {
    const p = seasonalPattern(series, { start: '12-21', end: '01-04' });
    expect(p.symbol).toBe('XYE');
    expect(p.direction).toBe('long');
    expect(p.years).toEqual([
      {
        year: 2019,
        entryDate: '2019-12-23',
        exitDate: '2020-01-03',
        entryClose: 110,
        exitClose: 105,
        return: 105 / 110 - 1,
        maxRise: 0,
        maxDrop: 90 / 110 - 1,
        maeDay: 1,
        maeDate: '2019-12-27',
        mfeDay: 0,
        mfeDate: '2019-12-23',
        tradingDays: 2,
      },
      {
        year: 2020,
        entryDate: '2020-12-21',
        exitDate: '2021-01-04',
        entryClose: 200,
        exitClose: 210,
        return: 210 / 200 - 1,
        maxRise: 210 / 200 - 1,
        maxDrop: 180 / 200 - 1,
        maeDay: 1,
        maeDate: '2020-12-28',
        mfeDay: 2,
        mfeDate: '2021-01-04',
        tradingDays: 2,
      },
    ]);
    const r1 = 105 / 110 - 1;
    const r2 = 210 / 200 - 1;
    const mean = (r1 + r2) / 2;
    const sd = Math.sqrt(((r1 - mean) ** 2 + (r2 - mean) ** 2) / 1);
    const s = p.stats!;
    expect(s.calendarDays).toBe(14);
    expect(s).toMatchObject({ count: 2, winners: 1, losers: 1, winRate: 0.5, min: r1, max: r2 });
    expect(s.mean).toBeCloseTo(mean, 15);
    expect(s.median).toBeCloseTo(mean, 15);
    expect(s.stdDev).toBeCloseTo(sd, 15);
    expect(s.avgGain).toBe(r2);
    expect(s.avgLoss).toBe(r1);
    expect(s.annualized).toBeCloseTo((1 + mean) ** (365 / 14) - 1, 12);
    expect(s.sharpe).toBeCloseTo((mean / sd) * Math.sqrt(365 / 14), 12);
    expect(s.withoutBest).toBe(r1);
    expect(s.recent).toBe(0.5);
  });

  it('uses the short side: −r, and the rise and drop swapped with their signs', () => {
    const p = seasonalPattern(series, { start: '12-21', end: '01-04', direction: 'short' });
    expect(p.direction).toBe('short');
    expect(p.years.map((y) => [y.return, y.maxRise, y.maxDrop])).toEqual([
      [-(105 / 110 - 1), -(90 / 110 - 1), 0],
      [-(210 / 200 - 1), -(180 / 200 - 1), -(210 / 200 - 1)],
    ]);
    expect(p.stats).toMatchObject({ winners: 1, losers: 1, min: -(210 / 200 - 1), max: -(105 / 110 - 1) });
  });

  it('keeps only the years between from and to', () => {
    expect(seasonalPattern(series, { start: '12-21', end: '01-04', from: 2020 }).years.map((y) => y.year)).toEqual([
      2020,
    ]);
    expect(seasonalPattern(series, { start: '12-21', end: '01-04', to: 2019 }).years.map((y) => y.year)).toEqual([
      2019,
    ]);
    const none = seasonalPattern(series, { start: '12-21', end: '01-04', from: 2021 });
    expect(none.years).toEqual([]);
    expect(none.stats).toBeNull();
  });
});

describe('seasonal pattern: Feb 29', () => {
  // Weekdays 2019-02-01 … 2021-03-31; the close is the day number, so every return is known.
  const series = weekdays('LEAP', '2019-02-01', '2021-03-31', (d) => dayNumber(d));
  const ret = (a: string, b: string) => dayNumber(b) / dayNumber(a) - 1;

  it('starts on 02-28 in a non-leap year and on Feb 29 (a Saturday: next Monday) in 2020', () => {
    const p = seasonalPattern(series, { start: '02-29', end: '03-05' });
    expect(p.years.map((y) => [y.year, y.entryDate, y.exitDate])).toEqual([
      [2019, '2019-02-28', '2019-03-05'],
      [2020, '2020-03-02', '2020-03-05'],
      [2021, '2021-03-01', '2021-03-05'],
    ]);
    expect(p.years[0]!.return).toBe(ret('2019-02-28', '2019-03-05'));
    expect(p.years[1]!.tradingDays).toBe(3);
    // 02-29 counts as 02-28 in the non-leap calendar: Feb 28 → Mar 5 is 5 days.
    expect(p.stats!.calendarDays).toBe(5);
  });

  it('ends on 02-28 in a non-leap year and on the last trading day on or before Feb 29 in 2020', () => {
    const p = seasonalPattern(series, { start: '02-20', end: '02-29' });
    expect(p.years.map((y) => [y.year, y.entryDate, y.exitDate])).toEqual([
      [2019, '2019-02-20', '2019-02-28'],
      [2020, '2020-02-20', '2020-02-28'],
      [2021, '2021-02-22', '2021-02-26'],
    ]);
    expect(p.stats!.calendarDays).toBe(8);
  });

  it('measures lengths on the non-leap calendar', () => {
    const days = (s: string, e: string) => windowCalendarDays(parseMonthDay(s), parseMonthDay(e));
    expect(days('02-28', '02-29')).toBe(0);
    expect(days('02-29', '02-28')).toBe(365);
    expect(days('12-31', '01-01')).toBe(1);
    expect(days('01-01', '12-31')).toBe(364);
    expect(days('03-01', '02-28')).toBe(364);
  });
});

describe('seasonal pattern: history limits', () => {
  it('drops a year in which the instrument was listed after the start or ended before the end', () => {
    const series = closes('NEW', [
      ['2020-03-05', 10],
      ['2020-03-20', 11],
      ['2021-03-01', 20],
      ['2021-03-19', 25],
      ['2022-03-01', 30],
      ['2022-03-18', 33],
    ]);
    const p = seasonalPattern(series, { start: '03-01', end: '03-20' });
    // 2020: first bar after Mar 1; 2022: last bar before Mar 20.
    expect(p.years.map((y) => [y.year, y.entryDate, y.exitDate, y.return])).toEqual([
      [2021, '2021-03-01', '2021-03-19', 25 / 20 - 1],
    ]);
    const s = p.stats!;
    expect(s.count).toBe(1);
    expect(s.stdDev).toBe(0);
    expect(s.sharpe).toBeNull();
    expect(s.withoutBest).toBeNull();
    expect(s.avgLoss).toBeNull();
    expect(s.median).toBe(25 / 20 - 1);
  });

  it('needs entry before exit: a window with a single trading day does not count', () => {
    const series = closes('ONE', [
      ['2020-01-02', 1],
      ['2020-03-04', 2],
      ['2020-06-01', 3],
    ]);
    const p = seasonalPattern(series, { start: '03-02', end: '03-06' });
    expect(p.years).toEqual([]);
    expect(p.stats).toBeNull();
  });

  it('gives no years and null statistics for an empty or one-bar history', () => {
    expect(seasonalPattern(closes('E', []), { start: '01-01', end: '02-01' })).toEqual({
      symbol: 'E',
      start: '01-01',
      end: '02-01',
      direction: 'long',
      years: [],
      stats: null,
    });
    expect(seasonalPattern(closes('O', [['2020-01-15', 5]]), { start: '01-01', end: '02-01' }).stats).toBeNull();
  });

  it('rejects a month-day that does not exist', () => {
    expect(() => seasonalPattern(closes('E', []), { start: '02-30', end: '03-01' })).toThrow(RangeError);
    expect(() => seasonalPattern(closes('E', []), { start: '13-01', end: '03-01' })).toThrow(RangeError);
  });
});

describe('seasonal pattern: statistics over several years', () => {
  // Each year the window 06-01 → 06-30 goes from 100 to the year's figure.
  const ends = [110, 95, 120, 100, 105, 130];
  const rows: [string, number][] = [];
  ends.forEach((end, i) => {
    rows.push([`${2010 + i}-06-01`, 100], [`${2010 + i}-06-15`, 100 + (end - 100) / 2], [`${2010 + i}-06-30`, end]);
  });
  rows.push(['2016-01-04', 1]);
  const series = closes('SIX', rows);

  it('counts winners, losers, the even median, the recent win rate and the mean without the best year', () => {
    const s = seasonalPattern(series, { start: '06-01', end: '06-30' }).stats!;
    const r = ends.map((e) => e / 100 - 1);
    expect(s.count).toBe(6);
    expect(s.winners).toBe(4);
    expect(s.losers).toBe(1); // 100 → 100 is neither
    expect(s.winRate).toBe(4 / 6);
    // sorted: −0.05, 0, 0.05, 0.1, 0.2, 0.3 → (0.05 + 0.1)/2
    expect(s.median).toBeCloseTo((r[4]! + r[0]!) / 2, 15);
    expect(s.recent).toBe(3 / 5); // 2011 … 2015: 95 (loss), 120, 100 (neither), 105, 130
    expect(s.withoutBest).toBeCloseTo((r[0]! + r[1]! + r[2]! + r[3]! + r[4]!) / 5, 15);
    expect(s.avgGain).toBeCloseTo((r[0]! + r[2]! + r[4]! + r[5]!) / 4, 15);
    expect(s.avgLoss).toBe(r[1]);
  });

  it('takes the odd median from five years', () => {
    const s = seasonalPattern(series, { start: '06-01', end: '06-30', to: 2014 }).stats!;
    expect(s.median).toBe(105 / 100 - 1);
  });

  it('tests the win rate against the share of all 29-day windows in the same years that rose', () => {
    const p = seasonalPattern(series, { start: '06-01', end: '06-30' });
    const years = p.years.map((y) => y.year);
    // Independent count: every start of the non-leap calendar through the pattern itself.
    let rising = 0;
    let windows = 0;
    for (let k = 0; k < 365; k++) {
      const start = formatMonthDay(monthDayAt(k));
      const end = formatMonthDay(monthDayAt((k + 29) % 365));
      for (const y of seasonalPattern(series, { start, end }).years) {
        if (!years.includes(y.year)) continue;
        windows++;
        if (y.return > 0) rising++;
      }
    }
    expect(windows).toBeGreaterThan(6);
    expect(baseRate(series, 29, years, 'long')).toBe(rising / windows);
    expect(p.stats!.pValue).toBeCloseTo(binomialUpperTail(4, 6, rising / windows), 14);
  });
});

describe('seasonal pattern: properties', () => {
  it('keeps each return within [maxDrop, maxRise] with maxDrop ≤ 0 ≤ maxRise, long and short', () => {
    fc.assert(
      fc.property(
        randomWindow({ min: 0.5, max: 2 }, { minLength: 400, maxLength: 800 }, 120),
        fc.constantFrom('long' as const, 'short' as const),
        ([factors, k, days], direction) => {
          const start = formatMonthDay(monthDayAt(k));
          const end = formatMonthDay(monthDayAt((k + days) % 365));
          // Every second day from 2019-01-01.
          const p = seasonalPattern(
            moves('P', '2018-12-30', 100, factors, () => 2),
            { start, end, direction },
          );
          for (const y of p.years) {
            expect(y.maxDrop).toBeLessThanOrEqual(0);
            expect(y.maxRise).toBeGreaterThanOrEqual(0);
            expect(y.return).toBeGreaterThanOrEqual(y.maxDrop - 1e-12);
            expect(y.return).toBeLessThanOrEqual(y.maxRise + 1e-12);
            expect(y.entryDate < y.exitDate).toBe(true);
          }
          if (p.stats) {
            expect(p.stats.min).toBeLessThanOrEqual(p.stats.median);
            expect(p.stats.median).toBeLessThanOrEqual(p.stats.max);
            expect(p.stats.winners + p.stats.losers).toBeLessThanOrEqual(p.stats.count);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
