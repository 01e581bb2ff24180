import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import { NONE, rowRange, windowTable, type WindowTable } from './window-table.js';
import { hasYearFilters, yearUsed, type YearSet } from './year-sets.js';

/**
 * The series' window table as a year set sees it (analytics.md, "Year sets"), with the rows
 * [lo, hi] of its from/to. A start year the set leaves out has no entry on any day, so the
 * grid, the window details and the pValues of best trades, the scanner and walk-forward skip
 * it as a year that does not count; exits are kept, since a window crossing the year end
 * exits in the next year's row. Without cycle, parity or exclude it is the shared table.
 */
export function yearSetTable(series: PriceSeries, set: YearSet): { table: WindowTable; lo: number; hi: number } {
  const shared = windowTable(series);
  const { lo, hi } = rowRange(shared, set.from, set.to);
  if (!hasYearFilters(set)) return { table: shared, lo, hi };
  const entry = Int16Array.from(shared.entry);
  for (let row = Math.max(0, lo); row <= hi; row++) {
    if (!yearUsed(shared.firstYear + row, set)) entry.fill(NONE, row * DAYS_IN_CALENDAR, (row + 1) * DAYS_IN_CALENDAR);
  }
  return { table: { ...shared, entry }, lo, hi };
}
