import type { TFunction } from 'i18next';
import { MMDD, YEAR } from './fields';
import { YEAR_SET_DEFAULTS, YEAR_SET_KEYS, checkYearSet, yearSetBody } from './year-sets';
import { checkMaxQValue } from '../stats/evidence';

// The seasonality scanner's form: its fields (the API's names, kept in the URL and the saved
// form), their checks and the request body.

export const KEYS = [
  'startFrom',
  'startTo',
  'minDays',
  'maxDays',
  'from',
  'to',
  'minWinRate',
  'minYears',
  'direction',
  'universe',
  'assetClass',
  'maxQValue',
  'rank',
  'condition',
  ...YEAR_SET_KEYS,
] as const;
export type Key = (typeof KEYS)[number];
export const DEFAULTS: Record<Key, string> = {
  startFrom: '',
  startTo: '',
  minDays: '10',
  maxDays: '30',
  from: '',
  to: '',
  minWinRate: '0.7',
  // empty: the API's default, each symbol's most years less 2 and at least 10 (analytics.md)
  minYears: '',
  direction: 'long',
  universe: 'all',
  // empty: every asset class
  assetClass: '',
  maxQValue: '',
  // empty: the API's default, winRate (the rank switch sets it)
  rank: '',
  // empty: no condition
  condition: '',
  ...YEAR_SET_DEFAULTS,
};

export function mmdd(date: Date): string {
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** How many days ahead the upcoming windows look (the dashboard's and the scanner's default). */
export const UPCOMING_DAYS = 14;

/**
 * The start dates of the windows about to open: the day after the data's last bar to
 * UPCOMING_DAYS after it, as MM-DD. The data's date, never the wall clock (a stale data set
 * would otherwise look at windows that opened long after its last bar); `today` only when
 * there is no data at all.
 */
export function upcomingStarts(
  asOf: string | null | undefined,
  today: Date = new Date(),
): {
  startFrom: string;
  startTo: string;
} {
  const base = asOf ? new Date(`${asOf}T00:00:00Z`) : today;
  const day = (n: number) => mmdd(new Date(base.getTime() + n * 86_400_000));
  return { startFrom: day(1), startTo: day(UPCOMING_DAYS) };
}

/** A number of the URL as a request body takes it: none when the field is empty. */
export const optionalNumber = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/** The universe as a scan's body takes it: `all` or a list (`kind:id`) as it is, else the symbols typed. */
export function universeBody(universe = 'all'): string | string[] {
  if (universe === 'all' || universe.includes(':')) return universe;
  return universe
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The asset classes as a scan's body takes them: none (every class), or one or more comma-separated. */
export function assetClassBody(assetClass: string | undefined): string | undefined {
  return assetClass?.trim() || undefined;
}

/** `body` without its fields left undefined (the API's defaults apply to them). */
export function withoutUndefined(body: Record<string, unknown>): Record<string, unknown> {
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

/** The checks of a window's shortest and longest length in days. */
export function checkDays(
  minDays: string,
  maxDays: string,
  t: TFunction<'seascan'>,
): { minDays?: string; maxDays?: string } {
  const errors: { minDays?: string; maxDays?: string } = {};
  const min = Number(minDays);
  const max = Number(maxDays);
  if (!Number.isInteger(min) || min < 1) errors.minDays = t('errors.days');
  if (!Number.isInteger(max) || max < 1) errors.maxDays = t('errors.days');
  else if (max < min) errors.maxDays = t('errors.maxBelowMin');
  return errors;
}

/** The request body of a scan from the URL's parameters (the API's names). */
export function scanBody(url: Partial<Record<Key, string>>): Record<string, unknown> {
  const num = optionalNumber;
  return withoutUndefined({
    startFrom: url.startFrom,
    startTo: url.startTo,
    minDays: num(url.minDays),
    maxDays: num(url.maxDays),
    from: num(url.from),
    to: num(url.to),
    minWinRate: num(url.minWinRate),
    minYears: num(url.minYears),
    maxQValue: num(url.maxQValue),
    ...yearSetBody(url),
    direction: url.direction || undefined,
    rank: url.rank || undefined,
    condition: url.condition?.trim() || undefined,
    universe: universeBody(url.universe),
    assetClass: assetClassBody(url.assetClass),
  });
}

export function check(v: Record<Key, string>, t: TFunction<'seascan'>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!MMDD.test(v.startFrom)) errors.startFrom = t('errors.startFrom');
  if (!MMDD.test(v.startTo)) errors.startTo = t('errors.startTo');
  Object.assign(errors, checkDays(v.minDays, v.maxDays, t));
  for (const k of ['from', 'to'] as const) if (v[k] && !YEAR.test(v[k])) errors[k] = t('errors.year');
  const rate = Number(v.minWinRate);
  if (v.minWinRate && (Number.isNaN(rate) || rate < 0 || rate > 1)) errors.minWinRate = t('errors.winRate');
  if (v.minYears && !/^\d+$/.test(v.minYears)) errors.minYears = t('errors.wholeNumber');
  return { ...errors, ...checkMaxQValue(v.maxQValue), ...checkYearSet(v) };
}
