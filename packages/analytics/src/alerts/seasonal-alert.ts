import { nextTradingDay, previousTradingDay } from '../calendar/sessions.js';
import { civilDate, dayNumber, type PriceSeries } from '../series.js';
import { indexOfDate } from '../seasonality/calendar-days.js';
import { type Direction } from '../seasonality/statistics.js';
import { WindowGrid, windowDetails, type SeasonalWindow } from '../seasonality/window-grid.js';
import { yearSetTable } from '../seasonality/year-set-table.js';
import type { YearSet } from '../seasonality/year-sets.js';
import { seriesUpTo } from './as-of.js';

export interface SeasonalAlertCriteria {
  /** Trading days between the evaluation session and the window's entry session. */
  leadDays: number;
  minDays: number;
  maxDays: number;
  minWinRate: number;
  minYears: number;
  maxPValue: number | null;
  direction: Direction | 'both';
  /** The start years used (analytics.md, "Year sets"); default: every year the data holds. */
  years?: YearSet;
}

export interface SeasonalOpening extends SeasonalWindow {
  direction: Direction;
  /** The session the window will be entered on (leadDays NYSE sessions after asOf). */
  entryDate: string;
}

/** The NYSE session `lead` sessions after `date`. */
export function sessionsAfter(date: string, lead: number): string {
  let d = date;
  for (let i = 0; i < lead; i++) d = nextTradingDay(d);
  return d;
}

/**
 * The calendar positions (0 … 364) of the window starts whose entry is the session `entry`:
 * the days after the session before it, up to and including it (Feb 29 has no position).
 */
export function startsEnteredOn(entry: string): Int32Array {
  const first = dayNumber(previousTradingDay(entry)) + 1;
  const last = dayNumber(entry);
  const out: number[] = [];
  for (let day = first; day <= last; day++) {
    const { month, day: d } = civilDate(day);
    if (month === 2 && d === 29) continue;
    out.push(indexOfDate(month, d));
  }
  return Int32Array.from(out);
}

/**
 * A seasonal alert as of the session `asOf` (docs/alerts.md): among the windows entered
 * `leadDays` sessions later, those that meet every criterion over the years the data up to
 * `asOf` holds, the best one ranked as in best trades; null when none does.
 */
export function seasonalOpening(
  series: PriceSeries,
  asOf: string,
  criteria: SeasonalAlertCriteria,
): SeasonalOpening | null {
  if (criteria.minDays > criteria.maxDays) return null;
  const known = seriesUpTo(series, dayNumber(asOf));
  if (known.dates.length === 0) return null;
  const entryDate = sessionsAfter(asOf, criteria.leadDays);
  const starts = startsEnteredOn(entryDate);
  if (starts.length === 0) return null;
  const { table, lo, hi } = yearSetTable(known, criteria.years ?? {});
  if (lo > hi) return null;
  const grid = new WindowGrid(starts, criteria.minDays, criteria.maxDays);
  grid.fill(known, table, lo, hi);
  const directions: Direction[] = criteria.direction === 'both' ? ['long', 'short'] : [criteria.direction];
  const candidates: { cell: number; direction: Direction }[] = [];
  for (const direction of directions) {
    for (let cell = 0; cell < grid.count.length; cell++) {
      if (grid.count[cell]! < Math.max(1, criteria.minYears)) continue;
      if (grid.winRateOf(cell, direction) < criteria.minWinRate) continue;
      candidates.push({ cell, direction });
    }
  }
  // Ranking of best trades; a tie across directions keeps long first (sort is stable).
  candidates.sort((a, b) => grid.compare(a.cell, a.direction, b.cell, b.direction));
  for (const { cell, direction } of candidates) {
    const window = windowDetails(known, table, grid.startOf(cell), grid.daysOf(cell), lo, hi, direction);
    if (criteria.maxPValue !== null && (window.stats.pValue === null || window.stats.pValue > criteria.maxPValue))
      continue;
    return { ...window, direction, entryDate };
  }
  return null;
}
