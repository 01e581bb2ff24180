import { dayNumberOf, isoDate } from '../series.js';

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/** Day of week of a day number: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The n-th (1-based) given weekday of a month, or the last one with n = -1, as a day number. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = dayNumberOf(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayNumberOf(year, month + 1, 1) - 1;
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

const SUNDAY = 0;

/**
 * US Eastern daylight-saving time of a year as [start, end) UTC instants: the switch is at
 * 02:00 local time (07:00Z in spring, 06:00Z in autumn). Rules of the Energy Policy Act
 * (2007 on), the Uniform Time Act as amended in 1986 (1987–2006), and before that the
 * last Sunday of April (with the 1974 and 1975 energy-crisis starts).
 */
function daylightSaving(year: number): [number, number] {
  let start: number;
  let end: number;
  if (year >= 2007) {
    start = nthWeekday(year, 3, SUNDAY, 2);
    end = nthWeekday(year, 11, SUNDAY, 1);
  } else if (year >= 1987) {
    start = nthWeekday(year, 4, SUNDAY, 1);
    end = nthWeekday(year, 10, SUNDAY, -1);
  } else {
    start =
      year === 1974
        ? dayNumberOf(1974, 1, 6)
        : year === 1975
          ? dayNumberOf(1975, 2, 23)
          : nthWeekday(year, 4, SUNDAY, -1);
    end = nthWeekday(year, 10, SUNDAY, -1);
  }
  return [start * MS_PER_DAY + 7 * 3_600_000, end * MS_PER_DAY + 6 * 3_600_000];
}

/** New York's offset from UTC at an instant (epoch ms): -240 (EDT) or -300 (EST) minutes. */
export function newYorkOffsetMinutes(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  const [start, end] = daylightSaving(year);
  return instant >= start && instant < end ? -240 : -300;
}

/** The calendar date in New York at an instant (epoch ms), 'YYYY-MM-DD'. */
export function newYorkDate(instant: number): string {
  return isoDate(Math.floor((instant + newYorkOffsetMinutes(instant) * MS_PER_MINUTE) / MS_PER_DAY));
}

/** The instant (epoch ms) of a New York wall-clock time on a day number; minutes after midnight. */
export function newYorkInstant(day: number, minutes: number): number {
  const local = day * MS_PER_DAY + minutes * MS_PER_MINUTE;
  // The offset of the instant five hours after local-as-UTC decides; exact for every time
  // outside the hour skipped or repeated at 02:00 on the switch Sundays (never a session).
  const offset = newYorkOffsetMinutes(local + 5 * 3_600_000);
  return local - offset * MS_PER_MINUTE;
}
