/**
 * Calendar arithmetic on 'YYYY-MM-DD' text without Date objects: the cache and the importer
 * convert millions of dates, and Date.UTC per row dominates their time otherwise.
 */

/** Days since 1970-01-01 of a proleptic Gregorian civil date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** 'YYYY-MM-DD' (already validated) → day number. */
export function dayNumberFast(iso: string): number {
  const year =
    (iso.charCodeAt(0) - 48) * 1000 +
    (iso.charCodeAt(1) - 48) * 100 +
    (iso.charCodeAt(2) - 48) * 10 +
    iso.charCodeAt(3) -
    48;
  const month = (iso.charCodeAt(5) - 48) * 10 + iso.charCodeAt(6) - 48;
  const day = (iso.charCodeAt(8) - 48) * 10 + iso.charCodeAt(9) - 48;
  return daysFromCivil(year, month, day);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when year/month/day name a real calendar date. */
export function isValidCivil(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** Day number → 'YYYY-MM-DD'. */
export function isoFromDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Day of week of a day number: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
