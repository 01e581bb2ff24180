/**
 * The seasonal definitions on any set of trading days (analytics.md, "Asset classes and
 * calendars"): a crypto symbol has a bar every calendar day, an fx symbol every weekday (NYSE
 * holidays included). Dates, trading days and returns below are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { fieldTableFromSeries } from '../scanner/field-table.js';
import { compileScan, runScan } from '../scanner/scan.js';
import { dayNumber } from '../series.js';
import { bestTrades } from './best-trades.js';
import { indexOfDate } from './calendar-days.js';
import { parseEntryCondition } from './entry-condition.js';
import { seasonalChart } from './chart.js';
import { seasonalPattern } from './pattern.js';
import { seasonAsOf } from './season-as-of.js';
import { seasonalityScan, upcomingScanOptions, type SeasonalityScanResult } from './scanner.js';
import { everyDay, weekdays } from './test-fixtures.js';

/** A price for every date, distinct enough that a wrong bar gives a wrong return. */
const price = (date: string) => 100 + (dayNumber(date) % 23) + (dayNumber(date) % 7) / 10;
const r = (entry: string, exit: string) => price(exit) / price(entry) - 1;

describe('pattern on a crypto series (a bar every calendar day)', () => {
  const btc = everyDay('BTC-USD', '2018-12-01', '2022-12-31', price);

  it('enters on S and exits on E every year; tradingDays = calendarDays, one more with a Feb 29 inside', () => {
    const p = seasonalPattern(btc, { start: '02-20', end: '03-05' });
    expect(p.years.map((y) => [y.year, y.entryDate, y.exitDate, y.tradingDays])).toEqual([
      [2019, '2019-02-20', '2019-03-05', 13],
      [2020, '2020-02-20', '2020-03-05', 14],
      [2021, '2021-02-20', '2021-03-05', 13],
      [2022, '2022-02-20', '2022-03-05', 13],
    ]);
    expect(p.years.map((y) => y.return)).toEqual([
      r('2019-02-20', '2019-03-05'),
      r('2020-02-20', '2020-03-05'),
      r('2021-02-20', '2021-03-05'),
      r('2022-02-20', '2022-03-05'),
    ]);
    // calendarDays stays the non-leap length (13), in annualized and sharpe alike.
    const { mean, stdDev } = p.stats!;
    expect(p.stats!.calendarDays).toBe(13);
    expect(p.stats!.annualized).toBeCloseTo(Math.pow(1 + mean, 365 / 13) - 1, 12);
    expect(p.stats!.sharpe).toBeCloseTo((mean / stdDev) * Math.sqrt(365 / 13), 12);
  });

  it('enters on a Saturday and exits on a Sunday (2020-03-07 → 03-15: 8 days, not the 5 of NYSE sessions)', () => {
    const p = seasonalPattern(btc, { start: '03-07', end: '03-15', from: 2020, to: 2020 });
    expect(p.years).toHaveLength(1);
    expect(p.years[0]).toMatchObject({
      entryDate: '2020-03-07',
      exitDate: '2020-03-15',
      tradingDays: 8,
      entryClose: price('2020-03-07'),
      exitClose: price('2020-03-15'),
      return: r('2020-03-07', '2020-03-15'),
    });
  });

  it('a window of one day is one trading day, on a weekend as on a weekday', () => {
    const p = seasonalPattern(btc, { start: '06-11', end: '06-12', from: 2022, to: 2022 });
    // 2022-06-11 is a Saturday.
    expect(p.years.map((y) => [y.entryDate, y.exitDate, y.tradingDays])).toEqual([['2022-06-11', '2022-06-12', 1]]);
  });
});

describe('pattern on an fx series (weekdays, NYSE holidays included)', () => {
  // First bar Monday 2021-03-08, last Friday 2024-06-14.
  const eur = weekdays('EURUSD=X', '2021-03-08', '2024-06-14', price);

  it('a window from a Saturday to a Sunday enters on the next and exits on the previous weekday', () => {
    const p = seasonalPattern(eur, { start: '03-04', end: '03-12' });
    // 2021: the first bar (03-08) is after S = 03-04: the year does not count.
    expect(p.years.map((y) => [y.year, y.entryDate, y.exitDate, y.tradingDays])).toEqual([
      [2022, '2022-03-04', '2022-03-11', 5], // Fri → Sat: exit the Friday before
      [2023, '2023-03-06', '2023-03-10', 4], // Sat → Sun: Monday to Friday
      [2024, '2024-03-04', '2024-03-12', 6], // Mon → Tue
    ]);
    expect(p.years[1]!.return).toBe(r('2023-03-06', '2023-03-10'));
    expect(p.stats!.calendarDays).toBe(8);
    expect(p.stats!.annualized).toBeCloseTo(Math.pow(1 + p.stats!.mean, 365 / 8) - 1, 12);
  });

  it('a window inside one weekend does not count that year, nor one whose entry is its exit', () => {
    const p = seasonalPattern(eur, { start: '06-10', end: '06-11' });
    // 2021: Thu → Fri (counts); 2022: Fri → Sat (entry = exit = Fri: no); 2023: Sat → Sun (entry
    // Mon 06-12 after exit Fri 06-09: no); 2024: Mon → Tue (counts).
    expect(p.years.map((y) => [y.year, y.entryDate, y.exitDate, y.tradingDays])).toEqual([
      [2021, '2021-06-10', '2021-06-11', 1],
      [2024, '2024-06-10', '2024-06-11', 1],
    ]);
  });

  it('needs the last bar on or after E: a window ending on the Sunday after the last Friday does not count', () => {
    const p = seasonalPattern(eur, { start: '06-03', end: '06-16', from: 2024 });
    expect(p.years).toEqual([]);
    expect(p.stats).toBeNull();
  });

  it('trades through the NYSE holidays: July 4th and Thanksgiving are fx days', () => {
    const july = seasonalPattern(eur, { start: '07-03', end: '07-05', from: 2023, to: 2023 });
    expect(july.years.map((y) => [y.entryDate, y.exitDate, y.tradingDays])).toEqual([['2023-07-03', '2023-07-05', 2]]);
    const thanksgiving = seasonalPattern(eur, { start: '11-22', end: '11-23', from: 2023, to: 2023 });
    expect(thanksgiving.years[0]!.exitDate).toBe('2023-11-23');
  });
});

describe('a condition on volume, for a symbol without volume', () => {
  const eur = weekdays('EURUSD=X', '2021-03-08', '2024-06-14', price);
  const condition = parseEntryCondition('volume >= 0');
  const fx = { calendar: 'fx', hasVolume: false } as const;

  it('is unknown at every entry: the pattern keeps no year', () => {
    const window = { start: '03-04', end: '03-12' };
    expect(seasonalPattern(eur, { ...window, condition }).years).toHaveLength(3);
    const none = seasonalPattern(eur, { ...window, condition, conditionContext: { traits: fx } });
    expect(none.years).toEqual([]);
    expect(none.condition!.removedYears).toEqual([2022, 2023, 2024]);
  });

  it('nor does best trades', () => {
    const search = { minDays: 3, maxDays: 4, minYears: 1, condition };
    expect(bestTrades(eur, search).long.length).toBeGreaterThan(0);
    const none = bestTrades(eur, { ...search, conditionTraits: { 'EURUSD=X': fx } });
    expect([none.long, none.short, none.tested]).toEqual([[], [], 0]);
  });
});

describe('the seasonality scanner over a mixed universe', () => {
  const btc = everyDay('BTC-USD', '2008-01-01', '2020-12-31', price);
  const eur = weekdays('EURUSD=X', '2011-03-01', '2020-12-31', price);
  const options = { startFrom: '03-01', startTo: '03-10', minDays: 5, maxDays: 8 };
  const withoutQ = ({ stats: { qValue: _q, ...stats }, ...rest }: SeasonalityScanResult) => ({ ...rest, stats });

  it('evaluates each symbol on its own trading days with its own minYears; tested counts both', () => {
    const mixed = seasonalityScan([btc, eur], options);
    const alone = [seasonalityScan([btc], options), seasonalityScan([eur], options)];
    expect(mixed.tested).toBe(alone[0]!.tested + alone[1]!.tested);
    const bySymbol = (answer: typeof mixed, symbol: string) => answer.results.find((r) => r.symbol === symbol)!;
    expect(withoutQ(bySymbol(mixed, 'BTC-USD'))).toEqual(withoutQ(bySymbol(alone[0]!, 'BTC-USD')));
    expect(withoutQ(bySymbol(mixed, 'EURUSD=X'))).toEqual(withoutQ(bySymbol(alone[1]!, 'EURUSD=X')));
    // Each window as the pattern counts it on the symbol's own days: BTC 2008 … 2020 (13 years), EUR 2011 … 2020 (10).
    for (const [series, years] of [
      [btc, 13],
      [eur, 10],
    ] as const) {
      const result = bySymbol(mixed, series.symbol);
      const pattern = seasonalPattern(series, { start: result.start, end: result.end });
      expect([result.stats.count, result.stats.mean]).toEqual([pattern.stats!.count, pattern.stats!.mean]);
      expect(result.stats.count).toBe(years);
    }
  });

  it('upcoming: a symbol without volume has no dollarVolume20, so a minimum leaves it out as illiquid', () => {
    const traits = { 'EURUSD=X': { calendar: 'fx', hasVolume: false } } as const;
    const upcoming = (extra: { minDollarVolume?: number }) =>
      seasonalityScan(
        [btc, eur],
        upcomingScanOptions(
          [btc, eur],
          { minDays: 5, maxDays: 8, minYears: 5 },
          { days: 5, asOf: '2020-12-31', traits, ...extra },
        )!,
      );
    const listed = upcoming({}).results as (SeasonalityScanResult & { dollarVolume20: number | null })[];
    expect(listed.find((r) => r.symbol === 'EURUSD=X')!.dollarVolume20).toBeNull();
    expect(listed.find((r) => r.symbol === 'BTC-USD')!.dollarVolume20).not.toBeNull();
    const liquid = upcoming({ minDollarVolume: 1 });
    expect(liquid.illiquid).toBe(1);
    expect(liquid.results.map((r) => r.symbol)).toEqual(['BTC-USD']);
  });
});

describe('seasonal chart on other calendars', () => {
  it("fx: the last trading day ≤ d carries Friday's close over the weekend; an NYSE holiday is a trading day", () => {
    const eur = weekdays('EURUSD=X', '2022-06-01', '2024-01-31', price);
    const chart = seasonalChart(eur, { from: 2023, to: 2023 });
    expect(chart.years).toEqual([2023]);
    const at = (month: number, day: number) => chart.curve![indexOfDate(month, day)]!;
    // The last trading day of 2022 is Friday 12-30; 2023-01-01 is a Sunday (before the first
    // trading day: 0); Monday 01-02 (an NYSE holiday) is an fx day.
    const base = price('2022-12-30');
    expect(at(1, 1)).toBe(0);
    expect(at(1, 2)).toBe(price('2023-01-02') / base - 1);
    expect(at(1, 6)).toBe(price('2023-01-06') / base - 1);
    expect(at(1, 7)).toBe(price('2023-01-06') / base - 1); // Saturday: Friday's close
    expect(at(1, 8)).toBe(price('2023-01-06') / base - 1); // Sunday: Friday's close
    expect(at(1, 9)).toBe(price('2023-01-09') / base - 1);
    expect(at(12, 31)).toBe(price('2023-12-29') / base - 1); // Sunday 12-31
  });

  it('crypto: every day is its own close; Feb 29 is skipped on the 365-day axis', () => {
    const btc = everyDay('BTC-USD', '2023-06-01', '2025-01-31', price);
    const chart = seasonalChart(btc, { from: 2024, to: 2024 });
    expect(chart.years).toEqual([2024]);
    const base = price('2023-12-31');
    const at = (month: number, day: number) => chart.curve![indexOfDate(month, day)]!;
    expect(at(1, 1)).toBe(price('2024-01-01') / base - 1);
    expect(at(1, 6)).toBe(price('2024-01-06') / base - 1); // a Saturday
    expect(at(2, 28)).toBe(price('2024-02-28') / base - 1);
    expect(at(3, 1)).toBe(price('2024-03-01') / base - 1);
    expect(chart.curve).toHaveLength(365);
  });
});

describe('season<L> of a crypto symbol', () => {
  // Every day to Saturday 2023-03-11: as of it, season7 is 03-12 → 03-19 of 2020, 2021, 2022.
  const btc = everyDay('BTC-USD', '2019-06-01', '2023-03-11', price);
  const returns = [r('2020-03-12', '2020-03-19'), r('2021-03-12', '2021-03-19'), r('2022-03-12', '2022-03-19')];

  it('is evaluated at a Saturday bar, its window from the Sunday after', () => {
    const s = seasonAsOf(btc, dayNumber('2023-03-11'), 7)!;
    expect(s.years).toEqual([2020, 2021, 2022]);
    expect(s.mean).toBeCloseTo(returns.reduce((a, b) => a + b) / 3, 14);
    expect(s.winners).toBe(returns.filter((x) => x > 0).length);
  });

  it('and the scanner reads it there: a crypto universe is scanned on the Saturday', () => {
    const table = fieldTableFromSeries([
      {
        instrument: {
          symbol: 'BTC-USD',
          name: 'Bitcoin',
          type: 'crypto',
          sector: null,
          industry: null,
          marketCap: null,
          calendar: 'crypto',
        },
        series: btc,
      },
    ]);
    expect(table.asOf).toBe('2023-03-11');
    const row = runScan(table, compileScan('season7.count >= 1'), { columns: ['season7.mean'] }).results[0]!;
    expect(row['season7.count']).toBe(3);
    expect(row['season7.mean']).toBeCloseTo(returns.reduce((a, b) => a + b) / 3, 14);
  });
});
