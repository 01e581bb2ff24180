import { isStale } from './asset-calendars.js';
import type { TradingCalendar } from './trading-calendar.js';

/** An instrument of a class: its calendar, its last bar and its last completed session S at now (lastSessionOf). */
export interface ClassMember {
  calendar: TradingCalendar;
  lastBar: string | null;
  session: string;
}

export interface ClassAsOf {
  /** The earliest last bar among the members that are not stale; null when every one is. */
  asOf: string | null;
  /** How many members are stale: left out of the class's "today" views, counted. */
  stale: number;
  /** Each member's freshness, in the order given. */
  current: boolean[];
}

/**
 * The as-of of an asset class other than the NYSE universe (data-providers.md §15.4): each
 * member is stale or not at its own session by its calendar's rule (isStale), and the class
 * is as of the earliest last bar of the others, the one date every figure shown reaches.
 */
export function classAsOf(members: readonly ClassMember[]): ClassAsOf {
  let asOf: string | null = null;
  let stale = 0;
  const current = members.map((m) => {
    if (isStale(m.calendar, m.lastBar, m.session)) {
      stale++;
      return false;
    }
    if (asOf === null || m.lastBar! < asOf) asOf = m.lastBar;
    return true;
  });
  return { asOf, stale, current };
}
