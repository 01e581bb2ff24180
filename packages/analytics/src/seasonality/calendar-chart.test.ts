import { describe, expect, it } from 'vitest';
import { dayNumber } from '../series.js';
import { seasonalCalendar } from './calendar.js';
import { seasonalChart } from './chart.js';
import { closes, everyDay } from './test-fixtures.js';

describe('calendar', () => {
  const series = closes('CAL', [
    ['2019-11-15', 80], // listed mid-November: no November return
    ['2019-11-29', 90],
    ['2019-12-31', 100],
    ['2020-01-15', 104],
    ['2020-01-31', 110],
    ['2020-02-28', 99],
    // no bar in March 2020: neither March nor April exists
    ['2020-04-30', 120],
    ['2020-05-29', 126],
    ['2020-12-31', 150],
    ['2021-01-29', 165],
  ]);

  it('returns month-end to month-end changes only where both month ends exist; the latest month and year are to date', () => {
    const c = seasonalCalendar(series);
    expect(c.months).toEqual([
      { year: 2019, month: 12, return: 100 / 90 - 1, partial: false },
      { year: 2020, month: 1, return: 110 / 100 - 1, partial: false },
      { year: 2020, month: 2, return: 99 / 110 - 1, partial: false },
      { year: 2020, month: 5, return: 126 / 120 - 1, partial: false },
      // no November 2020 month end: no December 2020 return
      // the latest bar (2021-01-29) is in January 2021: listed as "to date"
      { year: 2021, month: 1, return: 165 / 150 - 1, partial: true },
    ]);
    expect(c.years).toEqual([
      { year: 2020, return: 150 / 100 - 1, partial: false },
      { year: 2021, return: 165 / 150 - 1, partial: true },
    ]);
  });

  it('summarizes each complete month over the chosen years, with nulls for a month no year has', () => {
    const c = seasonalCalendar(series, { from: 2020 });
    expect(c.months.map((m) => `${m.year}-${m.month}`)).toEqual(['2020-1', '2020-2', '2020-5', '2021-1']);
    expect(c.years.map((y) => y.year)).toEqual([2020, 2021]);
    // January: 2020 only (+10 %); January 2021 is to date and left out.
    /** The summary of a month only one year has: every statistic is that year's return r. */
    const oneYear = (month: number, r: number, winRate: number) => ({
      month,
      count: 1,
      mean: r,
      median: r,
      winRate,
      min: r,
      max: r,
      stdDev: 0,
    });
    expect(c.summary[0]).toEqual(oneYear(1, 110 / 100 - 1, 1));
    expect(c.summary[1]).toEqual(oneYear(2, 99 / 110 - 1, 0));
    expect(c.summary[2]).toEqual({
      month: 3,
      count: 0,
      mean: null,
      median: null,
      winRate: null,
      min: null,
      max: null,
      stdDev: null,
    });
    expect(c.summary).toHaveLength(12);
  });

  it('counts a month once a later month has a bar (AAPL: 10 days of November 2017 are not a November)', () => {
    // Month ends 2015-10 … 2016-11 and 2016-10 … 2017-10, then 10 days into November 2017.
    const aapl = closes('AAPL', [
      ['2015-10-30', 100],
      ['2015-11-30', 110],
      ['2016-10-31', 100],
      ['2016-11-30', 95],
      ['2017-10-31', 100],
      ['2017-11-10', 130],
    ]);
    const november = seasonalCalendar(aapl).summary[10]!;
    // Two complete Novembers: +10 % and −5 %; the +30 % to date is shown, never counted.
    expect(november).toMatchObject({ month: 11, count: 2, winRate: 0.5, min: 95 / 100 - 1, max: 110 / 100 - 1 });
    expect(november.mean).toBeCloseTo((110 / 100 - 1 + (95 / 100 - 1)) / 2, 15);
    expect(seasonalCalendar(aapl).months.at(-1)).toEqual({
      year: 2017,
      month: 11,
      return: 130 / 100 - 1,
      partial: true,
    });
  });

  it('is empty for an empty history', () => {
    const c = seasonalCalendar(closes('E', []));
    expect(c.months).toEqual([]);
    expect(c.years).toEqual([]);
    expect(c.summary.every((m) => m.count === 0 && m.mean === null)).toBe(true);
  });
});

describe('seasonal chart', () => {
  it('averages complete years on a 365-day axis that skips Feb 29, zero before the first trading day', () => {
    // 2019: flat 100 all year, then 2020 (leap) rises 1 per calendar day from 100 on Jan 1.
    // 2021: up to the last bar on 2021-03-10.
    const series = everyDay('CH', '2018-12-31', '2021-03-10', (d) =>
      d < '2020-01-01' ? 100 : 100 + dayNumber(d) - dayNumber('2019-12-31'),
    );
    const chart = seasonalChart(series);
    expect(chart.years).toEqual([2019, 2020]);
    const curve = chart.curve!;
    expect(curve).toHaveLength(365);
    // Jan 1: 2019 → 0, 2020 → 101/100 − 1.
    expect(curve[0]).toBeCloseTo((0 + (101 / 100 - 1)) / 2, 15);
    // Index 59 is Mar 1, which is day 61 of 2020 (after Feb 29): close 161.
    expect(curve[59]).toBeCloseTo((161 / 100 - 1) / 2, 15);
    // Dec 31, 2020 is day 366: close 466.
    expect(curve[364]).toBeCloseTo((466 / 100 - 1) / 2, 15);
    const detrended = chart.detrended!;
    expect(detrended[0]).toBe(curve[0]);
    expect(detrended[364]).toBeCloseTo(0, 15);
    expect(detrended[100]).toBeCloseTo(curve[100]! - (curve[364]! * 100) / 364, 15);
    // The partial year: Jan 1 … Mar 10, 2021, against the 2020 close of 466.
    expect(chart.current!.year).toBe(2021);
    expect(chart.current!.values).toHaveLength(31 + 28 + 10);
    expect(chart.current!.values[0]).toBeCloseTo(467 / 466 - 1, 15);
  });

  it('holds the last close through weekends and puts 0 before the first trading day of the year', () => {
    const series = closes('WK', [
      ['2019-12-30', 50],
      ['2020-01-03', 55],
      ['2020-01-06', 60],
      ['2020-12-31', 40],
      ['2021-01-04', 41],
    ]);
    const chart = seasonalChart(series);
    expect(chart.years).toEqual([2020]);
    const curve = chart.curve!;
    expect(curve.slice(0, 7)).toEqual([0, 0, 55 / 50 - 1, 55 / 50 - 1, 55 / 50 - 1, 60 / 50 - 1, 60 / 50 - 1]);
    expect(curve[364]).toBe(40 / 50 - 1);
    expect(chart.current).toEqual({ year: 2021, values: [0, 0, 0, 41 / 40 - 1] });
  });

  it('uses a year only with the last trading day of the year before and data through Dec 31', () => {
    const series = closes('SHORT', [
      ['2020-01-02', 10],
      ['2020-06-01', 11],
      ['2020-12-30', 12],
    ]);
    const chart = seasonalChart(series);
    expect(chart).toEqual({ symbol: 'SHORT', years: [], curve: null, detrended: null, current: null });
    expect(seasonalChart(closes('E', []))).toEqual({
      symbol: 'E',
      years: [],
      curve: null,
      detrended: null,
      current: null,
    });
  });

  it('keeps only the years between from and to', () => {
    const series = everyDay('R', '2015-12-31', '2019-12-31', (d) => dayNumber(d));
    expect(seasonalChart(series, { from: 2017, to: 2018 }).years).toEqual([2017, 2018]);
    expect(seasonalChart(series).current).toBeNull();
  });
});
