import { dayNumberOf, isLeapYear } from '../series.js';

/** Days in the non-leap calendar the seasonal tools use as their axis (Feb 29 is not on it). */
export const DAYS_IN_CALENDAR = 365;

const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Day index (0 … 364) of Mar 1 in the non-leap calendar: from here on a leap year is one day later. */
const MARCH_FIRST = 59;

export interface MonthDay {
  month: number;
  day: number;
}

/** 'MM-DD' → { month, day }; throws RangeError unless it is a real month-day (02-29 included). */
export function parseMonthDay(text: string): MonthDay {
  const m = /^(\d{2})-(\d{2})$/.exec(text);
  const month = m ? Number(m[1]) : NaN;
  const day = m ? Number(m[2]) : NaN;
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!)) {
    throw new RangeError(`not a month-day MM-DD: ${text}`);
  }
  return { month, day };
}

export function formatMonthDay({ month, day }: MonthDay): string {
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'MM-DD' of a calendar position (monthDayAt), made once: a scan labels hundreds of windows. */
export function monthDayLabel(index: number): string {
  return (MONTH_DAY_LABELS[index] ??= formatMonthDay(monthDayAt(index)));
}
const MONTH_DAY_LABELS: (string | undefined)[] = [];

/** Position on the non-leap calendar (0 = Jan 1 … 364 = Dec 31); Feb 29 counts as Feb 28. */
export function calendarIndex({ month, day }: MonthDay): number {
  return DAYS_BEFORE_MONTH[month - 1]! + (month === 2 && day === 29 ? 28 : day) - 1;
}

/** The month-day at a position of the non-leap calendar (0 … 364). */
export function monthDayAt(index: number): MonthDay {
  let month = 1;
  while (DAYS_BEFORE_MONTH[month]! <= index) month++;
  return { month, day: index - DAYS_BEFORE_MONTH[month - 1]! + 1 };
}

/** The day number of a month-day in a year; 02-29 becomes 02-28 in a year that is not leap. */
export function dateInYear(year: number, { month, day }: MonthDay): number {
  return dayNumberOf(year, month, month === 2 && day === 29 && !isLeapYear(year) ? 28 : day);
}

/** The day number of calendar position `index` (0 … 364) in `year` (Mar 1 onward shifts in leap years). */
export function dateAtIndex(jan1: number, leap: boolean, index: number): number {
  return jan1 + index + (leap && index >= MARCH_FIRST ? 1 : 0);
}

/** Position of a real date on the 365-day axis; Feb 29 maps to Feb 28. */
export function indexOfDate(month: number, day: number): number {
  return calendarIndex({ month, day });
}
