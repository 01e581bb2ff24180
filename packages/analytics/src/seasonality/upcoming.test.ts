import { describe, expect, it } from 'vitest';
import { dayNumber, isoDate, seriesFromRows, type PriceSeries } from '../series.js';
import { mergeScanParts, seasonalityScan, seasonalityScanPart, upcomingScanOptions } from './scanner.js';
import { mergeSerializedScanParts, serializeScanPart } from './scan-wire.js';
import { nextOccurrence, upcomingSession, upcomingStartRange } from './upcoming.js';

/** A bar on every calendar day from `from` to `to`, with close and volume of (date, index). */
function daily(
  symbol: string,
  from: string,
  to: string,
  bar: (date: string, i: number) => { close: number; volume: number },
): PriceSeries {
  const rows = [];
  for (let d = dayNumber(from), i = 0; d <= dayNumber(to); d++, i++) {
    const { close, volume } = bar(isoDate(d), i);
    rows.push({ date: isoDate(d), open: close, high: close, low: close, close, volume });
  }
  return seriesFromRows(symbol, rows);
}

const at = (iso: string) => dayNumber(iso);

describe('start days of an upcoming scan (start(d): 02-29 read as 03-01)', () => {
  it.each([
    // Across the year end.
    ['2021-12-25', 10, '12-26', '01-04'],
    // 2024-02-28, 02-29 (→ 03-01), 03-01: the range 02-28 … 03-01.
    ['2024-02-27', 3, '02-28', '03-01'],
    // As of Feb 28 of a leap year, one day ahead is 02-29: the range is 03-01 alone.
    ['2024-02-28', 1, '03-01', '03-01'],
    // A year that is not a leap year counts 03-01 once.
    ['2023-02-27', 3, '02-28', '03-02'],
  ] as const)('as of %s, %i days ahead: %s … %s', (asOf, days, startFrom, startTo) => {
    expect(upcomingStartRange(at(asOf), days)).toEqual({ startFrom, startTo });
  });

  it.each([
    // The next occurrence of a January start is in the next year; a window from December ends in it.
    ['01-02', '01-09', '2021-12-25', 10, { startDate: '2022-01-02', endDate: '2022-01-09' }],
    ['12-30', '01-05', '2021-12-25', 10, { startDate: '2021-12-30', endDate: '2022-01-05' }],
    // 01-05 is start(M + 11): not among the 10 days.
    ['01-05', '01-09', '2021-12-25', 10, null],
    // 03-01 first appears as start(02-29): k = 2, Y = 2024, S = 2024-03-01.
    ['03-01', '03-10', '2024-02-27', 3, { startDate: '2024-03-01', endDate: '2024-03-10' }],
    ['02-28', '03-05', '2024-02-27', 3, { startDate: '2024-02-28', endDate: '2024-03-05' }],
  ] as const)('next occurrence of %s → %s as of %s, %i days ahead', (start, end, asOf, days, expected) => {
    expect(nextOccurrence(start, end, at(asOf), days)).toEqual(expected);
  });
});

describe('the session of an upcoming scan', () => {
  it('is the ⌈n/2⌉-th latest last bar on or before the date, as the technical scanner reads asOf', () => {
    const a = daily('A', '2021-12-01', '2021-12-31', () => ({ close: 1, volume: 1 }));
    const b = daily('B', '2021-12-01', '2021-12-20', () => ({ close: 1, volume: 1 }));
    const c = daily('C', '2021-12-01', '2021-12-22', () => ({ close: 1, volume: 1 }));
    const late = daily('L', '2022-01-01', '2022-01-31', () => ({ close: 1, volume: 1 }));
    // As of 12-25: last bars 12-25, 12-20, 12-22 (L has none): the 2nd latest is 12-22.
    expect(isoDate(upcomingSession([a, b, c, late], at('2021-12-25'))!)).toBe('2021-12-22');
    expect(upcomingSession([late], at('2021-12-25'))).toBeNull();
  });
});

// A rises by 1 every calendar day from 100 (so each window of L days returns L / close(entry)),
// with data after the as-of date; its volume makes close × volume 1,000 × close.
const A = daily('A', '2010-01-01', '2022-03-31', (_, i) => ({ close: 100 + i, volume: 1000 }));
// Stale: its last bar is before the session.
const STALE = daily('ST', '2015-01-01', '2021-12-20', (_, i) => ({ close: 100 + i, volume: 1000 }));
// Its first bar is after the session: no part in the scan at all.
const LATE = daily('LT', '2022-01-01', '2022-03-31', (_, i) => ({ close: 100 + i, volume: 1000 }));
// Flat at 10 up to the session; of its last 20 bars 19 trade 1,000 shares and one 3,000:
// dollarVolume20 = (19 × 10,000 + 30,000) / 20 = 11,000.
const FLAT = daily('FL', '2010-01-01', '2021-12-25', (date) => ({
  close: 10,
  volume: date === '2021-12-20' ? 3000 : 1000,
}));
// 19 bars up to the session: dollarVolume20 null.
const YOUNG = daily('YG', '2021-12-07', '2021-12-25', () => ({ close: 10, volume: 1e9 }));

const BASE = { minDays: 3, maxDays: 5, direction: 'long' as const };

describe('an upcoming scan', () => {
  const universe = [A, STALE, LATE, FLAT, YOUNG];
  const options = upcomingScanOptions(universe, BASE, { days: 10, asOf: '2021-12-25' })!;

  it('searches the windows starting in the next N days, reading no bar after the session', () => {
    expect(options.startFrom).toBe('12-26');
    expect(options.startTo).toBe('01-04');
    const answer = seasonalityScan(universe, options);
    expect(answer).toMatchObject({ asOf: '2021-12-25', startFrom: '12-26', startTo: '01-04', stale: 1, illiquid: 0 });
    const a = answer.results.find((r) => r.symbol === 'A')!;
    // Every window of A wins; the mean is largest for the earliest entries (the lowest closes)
    // and the longest hold: 01-01 → 01-06, years 2010 … 2021 (12): close(Y-01-01) = 100 + its index.
    const years = Array.from({ length: 12 }, (_, k) => 2010 + k);
    const mean = years.reduce((s, y) => s + 5 / (100 + at(`${y}-01-01`) - at('2010-01-01')), 0) / 12;
    expect(a).toMatchObject({ start: '01-01', end: '01-06', days: 5, startDate: '2022-01-01', endDate: '2022-01-06' });
    expect(a.stats.count).toBe(12);
    expect(a.stats.winRate).toBe(1);
    expect(a.stats.mean).toBeCloseTo(mean, 12);
    // dollarVolume20 = 1,000 × mean close of the 20 bars ending 2021-12-25 = 1,000 × (close(M) − 9.5).
    const closeAtSession = 100 + at('2021-12-25') - at('2010-01-01');
    expect((a as unknown as { dollarVolume20: number }).dollarVolume20).toBe(1000 * (closeAtSession - 9.5));
    // YOUNG has fewer than 20 bars: no minimum given, so it is searched, with dollarVolume20 null
    // (and no window: too few years).
    expect(answer.results.map((r) => r.symbol).sort()).toEqual(['A', 'FL']);
  });

  it('counts a year only when its end date is on or before the session', () => {
    // A's December starts (12-26 … 12-31) end in 2022 for Y = 2021, after the session: 11 years
    // (2010 … 2020); its January starts have 12. With minYears 12 only A's 4 January starts × 3
    // lengths are tests (FL has 12 years for January starts too: 12 more).
    const strict = { ...options, minYears: 12 };
    expect(seasonalityScan([A], strict).tested).toBe(12);
    expect(seasonalityScan([A, FLAT], strict).tested).toBe(24);
    // The same scan without the cut would count 2021 for December starts: 30 tests.
    expect(seasonalityScan([A], { ...strict, upcoming: undefined }).tested).toBe(30);
  });

  it('is the scan of the series cut at the session', () => {
    const cut = (s: PriceSeries) => {
      const n = s.dates.findLastIndex((d) => d <= at('2021-12-25')) + 1;
      return seriesFromRows(
        s.symbol,
        Array.from({ length: n }, (_, i) => ({
          date: isoDate(s.dates[i]!),
          open: s.open[i]!,
          high: s.high[i]!,
          low: s.low[i]!,
          close: s.close[i]!,
          volume: s.volume[i]!,
        })),
      );
    };
    const plain = seasonalityScan([cut(A), cut(FLAT)], { ...options, upcoming: undefined });
    const upcoming = seasonalityScan([A, FLAT], options);
    expect(upcoming.tested).toBe(plain.tested);
    const withoutUpcoming = upcoming.results.map((r) => {
      const { dollarVolume20, startDate, endDate, ...rest } = r as typeof r & Record<string, unknown>;
      expect([typeof startDate, typeof endDate, typeof dollarVolume20]).toEqual(['string', 'string', 'number']);
      return rest;
    });
    expect(withoutUpcoming).toEqual(plain.results);
  });

  it('leaves out the illiquid before the search: dollarVolume20 equal to the minimum passes', () => {
    const equal = seasonalityScan(
      [A, FLAT, YOUNG],
      upcomingScanOptions([A, FLAT, YOUNG], BASE, { days: 10, asOf: '2021-12-25', minDollarVolume: 11_000 })!,
    );
    expect(equal.illiquid).toBe(1); // YOUNG: dollarVolume20 null
    const flat = equal.results.find((r) => r.symbol === 'FL') as unknown as { dollarVolume20: number };
    expect(flat.dollarVolume20).toBe(11_000);
    const above = seasonalityScan(
      [A, FLAT, YOUNG],
      upcomingScanOptions([A, FLAT, YOUNG], BASE, { days: 10, asOf: '2021-12-25', minDollarVolume: 11_000.5 })!,
    );
    expect(above.illiquid).toBe(2);
    expect(above.results.map((r) => r.symbol)).toEqual(['A']);
    // FL's windows are not tested: 10 starts × 3 lengths fewer.
    expect(equal.tested - above.tested).toBe(30);
  });

  it('answers the same in parts, as objects and as JSON', () => {
    const whole = JSON.stringify(seasonalityScan(universe, options));
    const parts = [
      [A, LATE],
      [STALE, FLAT, YOUNG],
    ];
    expect(
      JSON.stringify(
        mergeScanParts(
          parts.map((p) => seasonalityScanPart(p, options)),
          options,
        ),
      ),
    ).toBe(whole);
    const serialized = parts.map((p) => serializeScanPart(seasonalityScanPart(p, options), options));
    expect(new TextDecoder().decode(mergeSerializedScanParts(serialized, options).body)).toBe(whole);
  });

  it('has no session before every bar', () => {
    expect(upcomingScanOptions(universe, BASE, { days: 10, asOf: '2009-12-31' })).toBeNull();
  });
});
