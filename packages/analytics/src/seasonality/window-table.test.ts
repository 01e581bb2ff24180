import { describe, expect, it } from 'vitest';
import { dayNumberOf, isLeapYear, type PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR, dateAtIndex } from './calendar-days.js';
import { everyDay, weekdays } from './test-fixtures.js';
import { entryAt, exitAt, NONE, windowTable } from './window-table.js';

/** The number of dates before `d`, by bisection. */
function lowerBound(dates: Int32Array, d: number): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! < d) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The table's definition, by search: the first bar on or after each date and the last on or before it, or −1. */
function expected(series: PriceSeries, firstYear: number, years: number) {
  const { dates } = series;
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const entry: number[] = [];
  const exit: number[] = [];
  for (let row = 0; row < years; row++) {
    const jan1 = dayNumberOf(firstYear + row, 1, 1);
    for (let k = 0; k < DAYS_IN_CALENDAR; k++) {
      const d = dateAtIndex(jan1, isLeapYear(firstYear + row), k);
      const on = lowerBound(dates, d);
      const before = lowerBound(dates, d + 1) - 1;
      entry.push(d >= first && on < dates.length ? on : -1);
      exit.push(d <= last && before >= 0 ? before : -1);
    }
  }
  return { entry, exit };
}

function decoded(series: PriceSeries) {
  const table = windowTable(series);
  const entry: number[] = [];
  const exit: number[] = [];
  for (let cell = 0; cell < table.years * DAYS_IN_CALENDAR; cell++) {
    const base = table.base[Math.floor(cell / DAYS_IN_CALENDAR)]!;
    entry.push(entryAt(base, table.entry[cell]!));
    exit.push(exitAt(base, table.exit[cell]!));
  }
  return { table, entry, exit };
}

describe('windowTable', () => {
  it('holds, for every year and calendar day, the entry and exit bars of the definition', () => {
    // Weekdays from a Wednesday in mid-March to a Tuesday in November three years later:
    // cells before the first bar and after the last hold none; weekends take the next
    // (entry) or the previous (exit) bar; Feb 29 of 2024 is skipped by the 365-day axis.
    const series = weekdays('W', '2021-03-17', '2024-11-12', () => 1);
    const { table, entry, exit } = decoded(series);
    expect(table.firstYear).toBe(2021);
    expect(table.years).toBe(4);
    expect(table.entry).toBeInstanceOf(Int16Array);
    // One array of 2 bytes a cell serves both.
    expect(table.exit).toBe(table.entry);
    const want = expected(series, 2021, 4);
    expect(entry).toEqual(want.entry);
    expect(exit).toEqual(want.exit);
    expect(entry[0]).toBe(-1);
    expect(exit.at(-1)).toBe(-1);
  });

  it('decodes every cell of a series longer than 32,768 bars (offsets from a base past 16 bits)', () => {
    const series = everyDay('D', '1900-01-01', '1999-12-31', () => 1);
    expect(series.dates.length).toBeGreaterThan(32_768);
    const { table, entry, exit } = decoded(series);
    expect(table.base[99]).toBeGreaterThan(32_768);
    const want = expected(series, 1900, 100);
    expect(entry).toEqual(want.entry);
    expect(exit).toEqual(want.exit);
  });

  it('reads NONE as −1 whatever the base; a cell as its entry and, by its lowest bit, its exit', () => {
    for (const base of [-1, 0, 40_000, 2_000_000_000]) {
      expect(entryAt(base, NONE)).toBe(-1);
      expect(exitAt(base, NONE)).toBe(-1);
    }
    // Offset 1 from base −1 (the series' first bar), on the day: entry and exit bar 0.
    expect([entryAt(-1, (1 << 1) | 1), exitAt(-1, (1 << 1) | 1)]).toEqual([0, 0]);
    // Offset 366 from 40,000, not on the day (a weekend): entry the next bar, exit the one before.
    expect([entryAt(40_000, 366 << 1), exitAt(40_000, 366 << 1)]).toEqual([40_366, 40_365]);
  });
});
