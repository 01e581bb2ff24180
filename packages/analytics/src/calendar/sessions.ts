import { civilDate, dayNumber, isoDate } from '../series.js';
import { newYorkDate, newYorkInstant, weekdayOf } from './new-york-time.js';
import { yearTable } from './nyse-holidays.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' → day number; a RangeError for anything that is not a real date. */
function toDay(date: string): number {
  if (!ISO_DATE.test(date)) throw new RangeError(`expected a date YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const day = dayNumber(date);
  if (isoDate(day) !== date) throw new RangeError(`not a calendar date: ${date}`);
  return day;
}

function isSession(day: number): boolean {
  const w = weekdayOf(day);
  if (w === 0 || w === 6) return false;
  return !yearTable(civilDate(day).year).closures.has(day);
}

/** Whether the NYSE holds a session on a date (not a weekend, holiday or one-off closure). */
export function isTradingDay(date: string): boolean {
  return isSession(toDay(date));
}

/** The last session strictly before a date. */
export function previousTradingDay(date: string): string {
  let day = toDay(date) - 1;
  while (!isSession(day)) day -= 1;
  return isoDate(day);
}

/** The first session strictly after a date. */
export function nextTradingDay(date: string): string {
  let day = toDay(date) + 1;
  while (!isSession(day)) day += 1;
  return isoDate(day);
}

/** The sessions from one date to another, both included, in order ([] when from is after to). */
export function tradingDaysBetween(from: string, to: string): string[] {
  const last = toDay(to);
  const sessions: string[] = [];
  for (let day = toDay(from); day <= last; day++) if (isSession(day)) sessions.push(isoDate(day));
  return sessions;
}

export interface SessionClose {
  date: string;
  /** New York wall-clock time of the close. */
  time: '16:00' | '13:00';
  early: boolean;
  /** The close as an instant (epoch milliseconds). */
  instant: number;
}

/** When a date's session closes (16:00, or 13:00 on an early close), or null when there is none. */
export function sessionClose(date: string): SessionClose | null {
  const day = toDay(date);
  if (!isSession(day)) return null;
  const early = yearTable(civilDate(day).year).earlyCloses.has(day);
  return {
    date,
    time: early ? '13:00' : '16:00',
    early,
    instant: newYorkInstant(day, early ? 13 * 60 : 16 * 60),
  };
}

/**
 * How long after the close a day's bar counts as final: Tiingo publishes US prices around
 * 17:30 New York time and takes corrections until about 20:00 (data-providers.md §2.3, §12).
 */
export const FINAL_BAR_DELAY_MINUTES = 120;

/**
 * The latest session whose bar is final at an instant (epoch ms): its close plus
 * `settleMinutes` has passed. At 16:30 New York time on a session day that is the session
 * before; at 18:00 it is the day itself (15:00 after an early close); on a weekend or
 * holiday it is the last session before.
 */
export function lastCompletedSession(instant: number, settleMinutes = FINAL_BAR_DELAY_MINUTES): string {
  if (!Number.isFinite(instant)) throw new RangeError('expected an instant in epoch milliseconds');
  let date = newYorkDate(instant);
  if (!isTradingDay(date)) date = previousTradingDay(date);
  for (;;) {
    const close = sessionClose(date)!;
    if (close.instant + settleMinutes * 60_000 <= instant) return date;
    date = previousTradingDay(date);
  }
}
