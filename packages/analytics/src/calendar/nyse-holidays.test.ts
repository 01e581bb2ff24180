import { describe, expect, it } from 'vitest';
import { isoDate } from '../series.js';
import { easterSunday } from './easter.js';
import { nyseClosures, nyseEarlyCloses } from './nyse-holidays.js';
import { isTradingDay, tradingDaysBetween } from './sessions.js';

const dates = (year: number) => nyseClosures(year).map((c) => c.date.slice(5));

describe('NYSE full-day closures', () => {
  it('match the reference table for 2025, 2026 and 2027 (data-providers.md §11)', () => {
    expect(dates(2025)).toEqual([
      '01-01',
      '01-09',
      '01-20',
      '02-17',
      '04-18',
      '05-26',
      '06-19',
      '07-04',
      '09-01',
      '11-27',
      '12-25',
    ]);
    expect(dates(2026)).toEqual([
      '01-01',
      '01-19',
      '02-16',
      '04-03',
      '05-25',
      '06-19',
      '07-03',
      '09-07',
      '11-26',
      '12-25',
    ]);
    expect(dates(2027)).toEqual([
      '01-01',
      '01-18',
      '02-15',
      '03-26',
      '05-31',
      '06-18',
      '07-05',
      '09-06',
      '11-25',
      '12-24',
    ]);
    expect(nyseClosures(2025)[1]).toEqual({ date: '2025-01-09', name: 'Day of mourning for President Carter' });
  });

  it('closed 2001-09-11 to 14 after the attacks, open on the 10th and the 17th', () => {
    expect(
      ['2001-09-10', '2001-09-11', '2001-09-12', '2001-09-13', '2001-09-14', '2001-09-17'].map(isTradingDay),
    ).toEqual([true, false, false, false, false, true]);
  });

  it('keeps the other one-off closures: Reagan, Ford, Hurricane Sandy, G. H. W. Bush, Carter', () => {
    for (const d of ['2004-06-11', '2007-01-02', '2012-10-29', '2012-10-30', '2018-12-05', '2025-01-09'])
      expect(isTradingDay(d), d).toBe(false);
    for (const d of ['2004-06-10', '2012-10-26', '2012-10-31', '2018-12-04', '2018-12-06', '2025-01-08', '2025-01-10'])
      expect(isTradingDay(d), d).toBe(true);
  });

  it('computes Good Friday from Easter (2001-04-13 closed; 2026-04-03, 2027-03-26)', () => {
    expect(isoDate(easterSunday(2001))).toBe('2001-04-15');
    expect(isTradingDay('2001-04-13')).toBe(false);
    expect(isTradingDay('2001-04-12')).toBe(true);
    expect(isTradingDay('2001-04-16')).toBe(true);
    // Known Easter dates, earliest (March 22) and latest (April 25) possible included.
    const known: Array<[number, string]> = [
      [1818, '1818-03-22'],
      [1943, '1943-04-25'],
      [2000, '2000-04-23'],
      [2008, '2008-03-23'],
      [2011, '2011-04-24'],
      [2019, '2019-04-21'],
      [2024, '2024-03-31'],
      [2038, '2038-04-25'],
      [2285, '2285-03-22'],
    ];
    for (const [year, easter] of known) expect(isoDate(easterSunday(year))).toBe(easter);
  });

  it('observes Juneteenth from 2022 only, moved off weekends', () => {
    expect(isTradingDay('2021-06-18')).toBe(true); // Friday before the first observance
    expect(isTradingDay('2022-06-20')).toBe(false); // June 19 2022 was a Sunday
    expect(isTradingDay('2023-06-19')).toBe(false);
    expect(isTradingDay('2027-06-18')).toBe(false); // June 19 2027 is a Saturday
  });

  it('moves Christmas off a weekend and does not move New Year from a Saturday', () => {
    expect(isTradingDay('2021-12-24')).toBe(false); // December 25 2021 was a Saturday
    expect(isTradingDay('2022-12-26')).toBe(false); // December 25 2022 was a Sunday
    expect(isTradingDay('2021-12-31')).toBe(true); // January 1 2022 was a Saturday: no closure
    expect(isTradingDay('2023-01-02')).toBe(false); // January 1 2023 was a Sunday
    expect(isTradingDay('2027-12-24')).toBe(false);
  });

  it('counts the sessions of every year 2000–2027 (checked against the shared bars 1995–2017)', () => {
    // 1995-01-03 … 2017-11-10: the union of the 469 daily files of shared/market-data has a
    // bar on every session of this calendar (1999-11-16 thin: 2 files) and none on a day it closes.
    const expected: Record<number, number> = {
      2000: 252,
      2001: 248,
      2002: 252,
      2003: 252,
      2004: 252,
      2005: 252,
      2006: 251,
      2007: 251,
      2008: 253,
      2009: 252,
      2010: 252,
      2011: 252,
      2012: 250,
      2013: 252,
      2014: 252,
      2015: 252,
      2016: 252,
      2017: 251,
      2018: 251,
      2019: 252,
      2020: 253,
      2021: 252,
      2022: 251,
      2023: 250,
      2024: 252,
      2025: 250,
      2026: 251,
      2027: 251,
    };
    for (const [year, count] of Object.entries(expected))
      expect(tradingDaysBetween(`${year}-01-01`, `${year}-12-31`), year).toHaveLength(count);
  });
});

describe('NYSE early closes (13:00)', () => {
  it('2026: the day after Thanksgiving and Christmas Eve only (July 3 is the holiday)', () => {
    expect(nyseEarlyCloses(2026)).toEqual([
      { date: '2026-11-27', name: 'Day after Thanksgiving' },
      { date: '2026-12-24', name: 'Christmas Eve' },
    ]);
  });

  it('July 3 on a Monday, Tuesday or Thursday; on a Wednesday since 2013; the Friday after before that', () => {
    expect(nyseEarlyCloses(2025).map((d) => d.date)).toEqual(['2025-07-03', '2025-11-28', '2025-12-24']);
    expect(nyseEarlyCloses(2024).map((d) => d.date)).toEqual(['2024-07-03', '2024-11-29', '2024-12-24']);
    expect(nyseEarlyCloses(2019).map((d) => d.date)).toEqual(['2019-07-03', '2019-11-29', '2019-12-24']);
    expect(nyseEarlyCloses(2002).map((d) => d.date)).toEqual(['2002-07-05', '2002-11-29', '2002-12-24']);
    expect(nyseEarlyCloses(2003).map((d) => d.date)).toEqual(['2003-07-03', '2003-11-28', '2003-12-24', '2003-12-26']);
    // Christmas Eve on a Friday is the observed holiday, not an early close.
    expect(nyseEarlyCloses(2021).map((d) => d.date)).toEqual(['2021-11-26']);
  });
});
