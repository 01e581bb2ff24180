import { z } from 'zod';

/** analytics.md "Year sets": the US presidential cycle, by Y mod 4 = 0, 1, 2, 3. */
export const YEAR_SET_CYCLES = ['election', 'post-election', 'midterm', 'pre-election'] as const;
export type YearSetCycle = (typeof YEAR_SET_CYCLES)[number];
export const YEAR_SET_PARITIES = ['odd', 'even'] as const;

/** The years an `exclude` may name (SEASONALITY_LIMITS' minYear and maxYear), and how many. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const MAX_EXCLUDED = 200;

/** A list from a query string ("a,b", or the key repeated) or a JSON body (["a", "b"] or "a,b"). */
function listOf(value: unknown): unknown {
  const split = (s: string) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
  if (typeof value === 'string') return split(value);
  if (Array.isArray(value)) return value.flatMap((x) => (typeof x === 'string' ? split(x) : [x]));
  return value;
}

const quoted = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** `cycle`: one or more of election, post-election, midterm, pre-election. */
export const cycleListSchema = z.preprocess(
  listOf,
  z
    .array(z.union([z.string(), z.number()]), {
      message: 'expected a list of cycle phases (election, post-election, midterm, pre-election)',
    })
    .superRefine((v, ctx) => {
      const bad = v.filter((x) => !(YEAR_SET_CYCLES as readonly unknown[]).includes(x));
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `unknown cycle phase ${quoted(bad)}: expected election, post-election, midterm or pre-election`,
        });
      else if (v.length === 0) ctx.addIssue({ code: 'custom', message: 'expected at least one cycle phase' });
    })
    .pipe(z.array(z.enum(YEAR_SET_CYCLES))),
);

/** `parity`: odd or even years. */
export const paritySchema = z.enum(YEAR_SET_PARITIES, { message: 'expected odd or even' });

/** `exclude`: a list of years ("2008,2009" or [2008, 2009]). */
export const excludeListSchema = z.preprocess(
  (value) => {
    const list = listOf(value);
    return Array.isArray(list) ? list.map((x) => (typeof x === 'string' && /^-?\d+$/.test(x) ? Number(x) : x)) : list;
  },
  z
    .array(z.union([z.number(), z.string()]), { message: 'expected a list of years, e.g. 2008,2009' })
    .superRefine((v, ctx) => {
      const bad = v.filter((x) => typeof x !== 'number' || !Number.isInteger(x) || x < MIN_YEAR || x > MAX_YEAR);
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `expected years from ${MIN_YEAR} to ${MAX_YEAR}, not ${quoted(bad)}`,
        });
      else if (v.length > MAX_EXCLUDED)
        ctx.addIssue({ code: 'custom', message: `expected at most ${MAX_EXCLUDED} years` });
    })
    .pipe(z.array(z.number().int())),
);

/**
 * The filters of a year set besides from and to (analytics.md, "Year sets"), as fields of
 * every seasonality query and body: a year is used when it passes every filter given.
 */
export const yearSetFields = {
  cycle: cycleListSchema.optional(),
  parity: paritySchema.optional(),
  exclude: excludeListSchema.optional(),
};

export interface YearSetFilters {
  cycle?: YearSetCycle[];
  parity?: 'odd' | 'even';
  exclude?: number[];
}
