import type { YearSetCycle } from '@solstice/contracts';
import { i18n } from '../i18n/i18n';

/**
 * The contracts' YEAR_SET_CYCLES (the presidential cycle by Y mod 4; year-sets.test.ts checks
 * they are equal), not imported: the contracts' module builds its zod schemas when it loads,
 * which put zod (24 KB br) into the signed-in frame's first load (Lighthouse on /dashboard, issue 18).
 */
export const YEAR_SET_CYCLES = [
  'election',
  'post-election',
  'midterm',
  'pre-election',
] as const satisfies readonly YearSetCycle[];

/**
 * A year set (analytics.md, "Year sets") in a screen's URL and form: `cycle` as the phases
 * joined by commas, `parity` odd or even, `exclude` the years joined by commas; empty means
 * no filter. The API takes the same names.
 */
export const YEAR_SET_KEYS = ['cycle', 'parity', 'exclude'] as const;
export type YearSetKey = (typeof YEAR_SET_KEYS)[number];
export type YearSetValues = Record<YearSetKey, string>;
export const YEAR_SET_DEFAULTS: YearSetValues = { cycle: '', parity: '', exclude: '' };

const EXCLUDE = /^\s*\d{4}\s*(,\s*\d{4}\s*)*,?\s*$/;

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The cycle phases of a URL value, in the cycle's order, unknown ones left out. */
export function cyclesOf(value: string | undefined): YearSetCycle[] {
  const picked = listOf(value);
  return YEAR_SET_CYCLES.filter((c) => picked.includes(c));
}

/** Ticks or unticks one phase: the new URL value. */
export function toggleCycle(value: string | undefined, cycle: YearSetCycle, on: boolean): string {
  const now = cyclesOf(value);
  return YEAR_SET_CYCLES.filter((c) => (c === cycle ? on : now.includes(c))).join(',');
}

/** The form's values as they go to the URL: the years without spaces. */
export function normalizeYearSet<T extends Partial<YearSetValues>>(values: T): T {
  return { ...values, exclude: listOf(values.exclude).join(','), cycle: cyclesOf(values.cycle).join(',') };
}

/** Problems of a year set, keyed by field (only `exclude` can be wrong). */
export function checkYearSet(values: Partial<YearSetValues>): Record<string, string> {
  const exclude = values.exclude ?? '';
  return exclude.trim() && !EXCLUDE.test(exclude) ? { exclude: i18n.t('evidence:yearSet.excludeError') } : {};
}

/** The year set of a URL as GET query fields (comma-separated lists, as the API reads them). */
export function yearSetQuery(url: Partial<YearSetValues>): Partial<YearSetValues> {
  const out: Partial<YearSetValues> = {};
  const cycle = cyclesOf(url.cycle).join(',');
  const exclude = listOf(url.exclude).join(',');
  if (cycle) out.cycle = cycle;
  if (url.parity === 'odd' || url.parity === 'even') out.parity = url.parity;
  if (exclude) out.exclude = exclude;
  return out;
}

/** The year set of a URL as fields of a JSON body (lists as arrays, years as numbers). */
export function yearSetBody(url: Partial<YearSetValues>): {
  cycle?: YearSetCycle[];
  parity?: 'odd' | 'even';
  exclude?: number[];
} {
  const query = yearSetQuery(url);
  return {
    ...(query.cycle ? { cycle: cyclesOf(query.cycle) } : {}),
    ...(query.parity ? { parity: query.parity as 'odd' | 'even' } : {}),
    ...(query.exclude ? { exclude: listOf(query.exclude).map(Number) } : {}),
  };
}
