import { dayNumber, isoDate } from '../series.js';
import { weekdayOf } from './new-york-time.js';
import { CALENDAR_EXACT_FROM } from './nyse-holidays.js';
import { isTradingDay, lastCompletedSession, tradingDaysBetween } from './sessions.js';
import type { TradingCalendar } from './trading-calendar.js';

/** How long after the end of its day a crypto, fx or exchange bar is taken as final. */
export const SETTLE_HOURS = 3;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIRST_EXACT_SESSION = `${CALENDAR_EXACT_FROM}-01-01`;

const isWeekend = (day: number) => {
  const w = weekdayOf(day);
  return w === 0 || w === 6;
};

/**
 * The session rules of each calendar (data-providers.md §15.4): NYSE sessions, the dates its
 * exchange serves bars on (exchange), Monday–Friday in its own zone (fx), every UTC date (crypto).
 *
 * Why a provider's bar dated `date` is not a bar of an instrument on this calendar, or null
 * when it is accepted. NYSE: weekends always, the holiday table from the year it is exact;
 * fx: weekends (NYSE holidays, Dec 25 and Jan 1 are fx days when the provider has a bar);
 * exchange and crypto: every date the provider serves. A malformed date is accepted here:
 * the importer's row rules name it.
 */
export function barDateRefusal(calendar: TradingCalendar, date: string): string | null {
  if (!ISO_DATE.test(date)) return null;
  if (calendar === 'crypto' || calendar === 'exchange') return null;
  const day = dayNumber(date);
  if (calendar === 'fx') return isWeekend(day) ? 'not an fx session (weekend)' : null;
  if (date < FIRST_EXACT_SESSION) return isWeekend(day) ? 'not an NYSE session' : null;
  try {
    return isTradingDay(date) ? null : 'not an NYSE session';
  } catch {
    return null;
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant (epoch ms) in an IANA time zone; RangeError for an unknown zone. */
export function dateInZone(instant: number, timeZone: string): string {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    zoneFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** The latest Monday–Friday on or before a day. */
function weekdayOnOrBefore(day: number): number {
  let d = day;
  while (isWeekend(d)) d -= 1;
  return d;
}

/**
 * The last completed session S of an instrument at `now` (§15.4): NYSE as
 * lastCompletedSession; crypto the UTC date of (now − 3 h) less one day; fx and exchange
 * (where it is the expected session E) the latest Monday–Friday on or before the date in
 * `timeZone` of (now − 3 h), less one day.
 */
export function lastSessionOf(calendar: TradingCalendar, timeZone: string, now: number): string {
  if (calendar === 'nyse') return lastCompletedSession(now);
  const settled = now - SETTLE_HOURS * 3_600_000;
  const day = dayNumber(dateInZone(settled, calendar === 'crypto' ? 'UTC' : timeZone)) - 1;
  return isoDate(calendar === 'crypto' ? day : weekdayOnOrBefore(day));
}

/** Monday–Friday dates after `last` up to and including `session`. */
function weekdaysAfter(last: string, session: string): number {
  let n = 0;
  for (let d = dayNumber(last) + 1, end = dayNumber(session); d <= end; d++) if (!isWeekend(d)) n += 1;
  return n;
}

/**
 * Sessions s with from < s ≤ to on a calendar (0 when from is not before to): NYSE sessions;
 * every date (crypto); Monday–Friday dates (fx, whose NYSE holidays are fx days; exchange,
 * whose own holidays no table holds). The ticker-continuity gap (data-providers.md §15.6) and
 * how far an instrument's data is behind count in them.
 */
export function calendarSessionsAfter(calendar: TradingCalendar, from: string, to: string): number {
  if (from >= to) return 0;
  if (calendar === 'nyse') return tradingDaysBetween(from, to).filter((d) => d > from).length;
  if (calendar === 'crypto') return dayNumber(to) - dayNumber(from);
  return weekdaysAfter(from, to);
}

/**
 * Whether an instrument whose last bar is `lastBar` is stale at its session S (§15.4):
 * without bars always; nyse, crypto, fx when the last bar is before S; exchange when more
 * than 2 Monday–Friday dates lie after the last bar up to E (an exchange holiday or two do
 * not make it stale).
 */
export function isStale(calendar: TradingCalendar, lastBar: string | null, session: string): boolean {
  if (lastBar === null) return true;
  if (calendar === 'exchange') return weekdaysAfter(lastBar, session) > 2;
  return lastBar < session;
}

/**
 * The sessions an instrument whose last bar is `lastBar` lacks up to its session S (§15.4),
 * counted on its own calendar (calendarSessionsAfter); 0 when it is not stale (an exchange's
 * one or two holidays), null without bars.
 */
export function sessionsBehind(calendar: TradingCalendar, lastBar: string | null, session: string): number | null {
  if (lastBar === null) return null;
  return isStale(calendar, lastBar, session) ? calendarSessionsAfter(calendar, lastBar, session) : 0;
}
