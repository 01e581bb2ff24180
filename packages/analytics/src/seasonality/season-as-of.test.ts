import { describe, expect, it } from 'vitest';
import { seriesUpTo } from '../alerts/as-of.js';
import { dayNumber, isoDate } from '../series.js';
import { formatMonthDay, monthDayAt } from './calendar-days.js';
import { seasonalPattern } from './pattern.js';
import { seasonAsOf, seasonBaseRate, seasonPValue, seasonStartIndex } from './season-as-of.js';
import { closes, sparseSeason10, weekdays } from './test-fixtures.js';

const d = dayNumber;

/**
 * Sparse bars (a trading day is a day with a bar). As of 2023-03-10 the window of season10 is
 * 03-11 → 03-21; 2023's ends after that day, so the years are 2020, 2021 and 2022:
 *   2020: entry 03-11 (10), exit 03-20 (11; 03-21 is a Saturday without bar) → +10 %
 *   2021: entry 03-12 (20, first bar on or after 03-11), exit 03-19 (19)    → −5 %
 *   2022: entry 03-11 (30), exit 03-21 (36)                                 → +20 %
 */
const SPARSE = sparseSeason10();

describe('season<L> as of a bar (analytics.md, "Seasonal fields in the technical scanner")', () => {
  it('starts the window the calendar day after the bar, 02-29 read as 03-01', () => {
    const start = (date: string) => formatMonthDay(monthDayAt(seasonStartIndex(d(date))));
    expect(start('2023-03-10')).toBe('03-11');
    expect(start('2023-02-28')).toBe('03-01'); // not a leap year: the next day is 03-01
    expect(start('2024-02-28')).toBe('03-01'); // the next day is 02-29: replaced by 03-01
    expect(start('2024-02-29')).toBe('03-01'); // the leap day itself
    expect(start('2024-03-01')).toBe('03-02');
    expect(start('2024-12-31')).toBe('01-01');
  });

  it('counts the start years whose window ended by the bar (hand-computed)', () => {
    const s = seasonAsOf(SPARSE, d('2023-03-10'), 10)!;
    expect(s.years).toEqual([2020, 2021, 2022]);
    expect(s.count).toBe(3);
    expect(s.winners).toBe(2);
    expect(s.winRate).toBe(2 / 3);
    expect(s.mean).toBeCloseTo((0.1 - 0.05 + 0.2) / 3, 14);
    expect(s.median).toBeCloseTo(0.1, 14);
  });

  it('pValue: binomial tail against the base rate of the same years up to the bar (hand-computed)', () => {
    // Windows of 10 days that hold two bars: 2020 start 03-10 or 03-11 (both +10 %), 2021 start
    // 03-09 … 03-12 (four, −5 %), 2022 start 03-11 (+20 %); no other window of those start
    // years counts (2022's could reach 2023-03-13 only after the bar). Base rate 3/7.
    expect(seasonBaseRate(SPARSE, d('2023-03-10'), 10, [2020, 2021, 2022])).toBe(3 / 7);
    const s = seasonAsOf(SPARSE, d('2023-03-10'), 10)!;
    // P(X ≥ 2), X ~ Binomial(3, 3/7) = 3·(3/7)²·(4/7) + (3/7)³ = 135/343
    expect(seasonPValue(SPARSE, d('2023-03-10'), 10, s)).toBeCloseTo(135 / 343, 14);
  });

  it('on a leap day (2024-02-29) reads the window from 03-01, like the day before', () => {
    const leap = closes('LEAP', [
      ['2021-01-04', 1],
      ['2021-03-01', 10],
      ['2021-03-05', 12], // +20 % (03-06 is a Saturday)
      ['2022-03-01', 10],
      ['2022-03-04', 9], // −10 %
      ['2023-03-01', 10],
      ['2023-03-06', 10.5], // +5 %
      ['2024-02-28', 1],
      ['2024-02-29', 1],
      ['2024-03-01', 1],
      ['2024-03-06', 1000],
    ]);
    for (const date of ['2024-02-29', '2024-02-28']) {
      const s = seasonAsOf(leap, d(date), 5)!;
      expect(s.years).toEqual([2021, 2022, 2023]);
      expect(s.winRate).toBe(2 / 3);
      expect(s.mean).toBeCloseTo((0.2 - 0.1 + 0.05) / 3, 14);
      expect(s.median).toBeCloseTo(0.05, 14);
    }
    // 2024-03-01 looks at 03-02 → 03-07: every year holds a single bar at most, none counts.
    expect(seasonAsOf(leap, d('2024-03-01'), 5)).toBeNull();
  });

  it('is null when no year counts and for a length outside 1 … 364', () => {
    expect(seasonAsOf(SPARSE, d('2020-03-20'), 10)).toBeNull();
    expect(seasonAsOf(SPARSE, d('2023-03-10'), 0)).toBeNull();
    expect(seasonAsOf(SPARSE, d('2023-03-10'), 365)).toBeNull();
  });

  it('uses no data after the bar: the value as of a date is the same with later bars added', () => {
    const full = weekdays('W', '2010-01-04', '2016-12-30', (date) => 100 + Math.sin(d(date) / 7) * 10 + d(date) / 50);
    for (const date of ['2013-02-28', '2014-06-30', '2015-12-31']) {
      for (const days of [1, 20, 200, 364]) {
        const cut = seriesUpTo(full, d(date));
        const a = seasonAsOf(full, d(date), days)!;
        const b = seasonAsOf(cut, d(date), days)!;
        expect(a).toEqual(b);
        expect(seasonPValue(full, d(date), days, a)).toBe(seasonPValue(cut, d(date), days, b));
      }
    }
  });

  it('equals the pattern (statistics and pValue) on the series cut at the bar, for many dates and lengths', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let price = 100;
    const series = weekdays('R', '2008-01-01', '2015-06-30', () => (price *= 1 + (random() - 0.5) * 0.04));
    let compared = 0;
    for (let k = 0; k < 60; k++) {
      const at = Math.floor(random() * (series.dates.length - 300)) + 300;
      const day = series.dates[at]!;
      const days = 1 + Math.floor(random() * 364);
      const start = monthDayAt(seasonStartIndex(day));
      const end = monthDayAt((seasonStartIndex(day) + days) % 365);
      const pattern = seasonalPattern(seriesUpTo(series, day), {
        start: formatMonthDay(start),
        end: formatMonthDay(end),
      }).stats;
      const s = seasonAsOf(series, day, days);
      const label = `${isoDate(day)} season${days}`;
      if (!pattern) {
        expect(s, label).toBeNull();
        continue;
      }
      expect(s, label).not.toBeNull();
      expect([s!.count, s!.winRate, s!.mean, s!.median], label).toEqual([
        pattern.count,
        pattern.winRate,
        pattern.mean,
        pattern.median,
      ]);
      expect(seasonPValue(series, day, days, s!), label).toBe(pattern.pValue);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });
});
