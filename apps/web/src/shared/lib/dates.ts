/** Date display defaults of the specification: Turkish locale, Istanbul time. */
export const DEFAULT_LOCALE = 'tr-TR';
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';

export interface DateDisplayOptions {
  locale?: string;
  timeZone?: string;
}

type DateInput = Date | number | string;

function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  // A bare YYYY-MM-DD is an exchange date: keep it on its calendar day in every zone.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  return new Date(value);
}

/** Intl formatters by locale, zone and parts: building one costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A numeric day, month and year in the user's locale and time zone, with `time`'s parts if given. */
function formatDay(value: DateInput, options: DateDisplayOptions, time: Intl.DateTimeFormatOptions = {}): string {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const key = `${locale} ${timeZone} ${JSON.stringify(time)}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', ...time });
    dayFormats.set(key, format);
  }
  return format.format(toDate(value));
}

/** A date as the user reads it (default 'tr-TR' in Europe/Istanbul), e.g. 21.11.2026. */
export function formatDate(value: DateInput, options: DateDisplayOptions = {}): string {
  return formatDay(value, options);
}

/** Date and time as the user reads it, e.g. 21.11.2026 12:30. */
export function formatDateTime(value: DateInput, options: DateDisplayOptions = {}): string {
  return formatDay(value, options, { hour: '2-digit', minute: '2-digit' });
}

/** YYYY-MM-DD of an instant in a time zone (default Istanbul). */
export function toIsoDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(toDate(value));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const SECONDS_PER_DAY = 86_400;

/** Whole days from `now` until `target` (86400 s per day), rounded up; negative when past. */
export function daysUntil(target: DateInput, now: DateInput = Date.now()): number {
  const seconds = (toDate(target).getTime() - toDate(now).getTime()) / 1000;
  return Math.ceil(seconds / SECONDS_PER_DAY);
}
