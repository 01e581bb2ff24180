import { describe, expect, it } from 'vitest';
import { dayNumber, isoDate, type PriceSeries } from '../series.js';
import { testSeries } from '../indicators/test-series.js';
import { seriesUpTo } from '../alerts/as-of.js';
import { testInstrument as inst } from './test-table.js';
import { fieldTableFromSeries, sessionDate } from './field-table.js';
import { scanDate } from './scan-date.js';

const d = dayNumber;
const iso = (day: number | null) => (day === null ? null : isoDate(day));
/** Bars on the given dates, closes 100, 101, … */
const bars = (symbol: string, dates: string[]) =>
  testSeries(
    symbol,
    dates.map((_, i) => 100 + i),
    { dates },
  );

// May 2024: Monday 6 … Friday 10, Saturday 11, Sunday 12, Monday 13, Tuesday 14.
const WEEK = ['2024-05-06', '2024-05-07', '2024-05-08', '2024-05-09', '2024-05-10'];
const A = bars('A', [...WEEK, '2024-05-13', '2024-05-14']);
const B = bars('B', [...WEEK, '2024-05-13', '2024-05-14']);
const C = bars('C', WEEK.slice(0, 4)); // stops on Thursday 9
const E = bars('E', ['2024-05-13', '2024-05-14']); // listed on Monday 13
const ALL = [A, B, C, E];
const datesOf = (series: PriceSeries[]) => series.map((s) => s.dates);

describe('scanDate: the scan date M of a scan as of D', () => {
  it('a weekend D gives the session before it', () => {
    // Bars on or before Saturday 11: A and B end Friday 10, C Thursday 9, E has none (n = 3).
    // The 2nd latest of [10, 10, 9] is Friday 10.
    expect(iso(scanDate(datesOf(ALL), d('2024-05-11')))).toBe('2024-05-10');
    expect(iso(scanDate(datesOf(ALL), d('2024-05-12')))).toBe('2024-05-10');
  });

  it('a holiday gives the session before it, even when a minority traded that day', () => {
    // A and B have no bar on Wednesday 8 (a holiday); C has one.
    const skip = (s: PriceSeries) =>
      bars(
        s.symbol,
        WEEK.filter((x) => x !== '2024-05-08'),
      );
    const universe = [skip(A), skip(B), C];
    // Last bars on or before 8: 7, 7, 8 → the 2nd latest (⌈3/2⌉) is Tuesday 7.
    expect(iso(scanDate(datesOf(universe), d('2024-05-08')))).toBe('2024-05-07');
    // Two of three traded on Thursday 9: the scan of Thursday runs on Thursday.
    expect(iso(scanDate(datesOf(universe), d('2024-05-09')))).toBe('2024-05-09');
  });

  it('a D on a session is that session', () => {
    expect(iso(scanDate(datesOf(ALL), d('2024-05-08')))).toBe('2024-05-08');
    // Monday 13: A, B, E have it, C ends on 9 → [13, 13, 13, 9], the 2nd latest is 13.
    expect(iso(scanDate(datesOf(ALL), d('2024-05-13')))).toBe('2024-05-13');
  });

  it('a D before every bar gives null', () => {
    expect(scanDate(datesOf(ALL), d('2024-05-05'))).toBeNull();
    expect(scanDate([], d('2024-05-05'))).toBeNull();
    expect(scanDate([new Int32Array(0)], null)).toBeNull();
  });

  it('a D after the last bar, or none, is the market session (sessionDate of the last bars)', () => {
    const latest = sessionDate(ALL.map((s) => s.dates[s.dates.length - 1]!));
    expect(iso(latest)).toBe('2024-05-14');
    expect(scanDate(datesOf(ALL), d('2024-05-15'))).toBe(latest);
    expect(scanDate(datesOf(ALL), d('2031-01-01'))).toBe(latest);
    expect(scanDate(datesOf(ALL))).toBe(latest);
    expect(scanDate(datesOf(ALL), null)).toBe(latest);
  });
});

describe('a field table as of D (at M)', () => {
  const universe = ALL.map((series) => ({ instrument: inst(series.symbol, 'Tech'), series }));
  const tableAsOf = (D: string, u = universe) => {
    const M = scanDate(
      u.map((x) => x.series.dates),
      d(D),
    );
    return fieldTableFromSeries(u, { asOf: M! });
  };

  it('scans the symbols with a bar on M; counts as stale those whose first bar is ≤ M; ignores later listings', () => {
    const t = tableAsOf('2024-05-11');
    expect(t.asOf).toBe('2024-05-10');
    expect(t.text.symbol).toEqual(['A', 'B']);
    // C (first bar 6 ≤ M, no bar on 10) is stale; E (first bar 13 > M) takes no part.
    expect(t.stale).toBe(1);
    // A is read at its bar of Friday 10 (close 104, the day before 103), not its latest (106).
    expect(t.current.price[0]).toBe(104);
    expect(t.previous.price[0]).toBe(103);
  });

  it('as of Monday 13, E takes part and C is still stale', () => {
    const t = tableAsOf('2024-05-13');
    expect(t.asOf).toBe('2024-05-13');
    expect(t.text.symbol).toEqual(['A', 'B', 'E']);
    expect(t.stale).toBe(1);
    expect(t.current.price[2]).toBe(100);
    expect(Number.isNaN(t.previous.price[2]!)).toBe(true);
  });

  it('reads nothing dated after M: the same table as with every later bar removed', () => {
    // 400 weekdays of a zig-zag, long enough for every indicator (sma200, rsi14, 52-week range).
    const days: string[] = [];
    for (let day = d('2022-01-03'); days.length < 400; day++) {
      const wd = new Date(day * 86_400_000).getUTCDay();
      if (wd !== 0 && wd !== 6) days.push(isoDate(day));
    }
    const series = (symbol: string, k: number) =>
      testSeries(
        symbol,
        days.map((_, i) => 50 + k + 10 * Math.sin(i / (5 + k)) + i * 0.05),
        {
          dates: days,
          high: days.map((_, i) => 51 + k + 10 * Math.sin(i / (5 + k)) + i * 0.05),
          low: days.map((_, i) => 49 + k + 10 * Math.sin(i / (5 + k)) + i * 0.05),
        },
      );
    const full = [series('P', 1), series('Q', 2), series('R', 3)].map((s) => ({
      instrument: inst(s.symbol, 'X'),
      series: s,
    }));
    const D = days[300]!; // a Monday or so, well before the end
    const M = scanDate(
      full.map((u) => u.series.dates),
      d(D),
    )!;
    const cut = full.map((u) => ({ ...u, series: seriesUpTo(u.series, M) }));
    const a = tableAsOf(D, full);
    const b = fieldTableFromSeries(cut);
    expect(a.asOf).toBe(D);
    expect(b.asOf).toBe(D);
    expect(a.current).toEqual(b.current);
    expect(a.previous).toEqual(b.previous);
    expect(a.current.sma200[0]).not.toBeNaN();
    expect(a.current.rsi14[0]).not.toBeNaN();
    // And the latest table differs (the later bars do matter without a date).
    expect(fieldTableFromSeries(full).current.price).not.toEqual(a.current.price);
  });
});
