import { z } from 'zod';
import { isoDateSchema, symbolSchema } from './common.js';
import { INT32_MAX, parseId } from './validators.js';
import { yearSetFields } from './year-sets.js';
import { assetClassesSchema } from './market-data.js';

/** Limits of the seasonality API (analytics.md and docs/analytics-decisions.md). */
export const SEASONALITY_LIMITS = {
  /** A window of 365 days would end on its own start day. */
  maxDays: 364,
  minYear: 1900,
  maxYear: 2100,
  maxTop: 100,
  maxYears: 200,
  maxSymbols: 1000,
  /** The longest seasonal condition, as the technical scanner's expression. */
  maxConditionLength: 2000,
  /**
   * The most work one seasonality scan may ask for, in window-years: the sum over the
   * scanned symbols of their start years in range × start days × holding lengths. A scan
   * beyond it is a 400 naming the input to narrow (docs/performance.md, "Cost model").
   */
  maxScanWindowYears: 100_000_000,
  /** The most calendar days an upcoming scan looks ahead (analytics.md, "Upcoming windows"). */
  maxUpcomingDays: 90,
} as const;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A month-day 'MM-DD' that exists in some year (02-29 included). */
export const monthDaySchema = z
  .string({ message: 'expected a month-day as MM-DD' })
  .regex(/^\d{2}-\d{2}$/, 'expected a month-day as MM-DD')
  .refine((v) => {
    const month = Number(v.slice(0, 2));
    const day = Number(v.slice(3, 5));
    return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
  }, 'expected a real month-day (MM-DD)');

/** An integer from a query string ("12") or a JSON body (12). */
export const integer = (min: number, max: number, what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ message: `expected ${what}` })
      .int(`expected ${what}`)
      .min(min, `expected ${what} of at least ${min}`)
      .max(max, `expected ${what} of at most ${max}`),
  );

const yearSchema = integer(SEASONALITY_LIMITS.minYear, SEASONALITY_LIMITS.maxYear, 'a year');
/** The years a seasonal query reads: from … to, narrowed by a year set (analytics.md, "Year sets"). */
const yearRangeFields = { from: yearSchema.optional(), to: yearSchema.optional(), ...yearSetFields };
const daysSchema = integer(1, SEASONALITY_LIMITS.maxDays, 'a number of calendar days');
const fraction = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d*\.?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ message: 'expected a fraction from 0 to 1' })
    .min(0, 'expected a fraction from 0 to 1')
    .max(1, 'expected a fraction from 0 to 1'),
);

export const directionSchema = z.enum(['long', 'short'], { message: 'expected long or short' });
export type SeasonalDirection = z.infer<typeof directionSchema>;

/** What best trades and the seasonality scanner rank windows by (analytics.md, "Risk inside a window", "Rank"). */
export const windowRankSchema = z.enum(['winRate', 'returnToRisk'], { message: 'expected winRate or returnToRisk' });
export type WindowRank = z.infer<typeof windowRankSchema>;

/**
 * Back-adjustment of a future's roll gaps before any seasonal computation (data-providers.md
 * §15.5): `none` (absent: none, the provider's unadjusted front month), `ratio`, `difference`.
 * The server applies it to futures only.
 */
export const rollAdjustSchema = z.enum(['none', 'ratio', 'difference'], {
  message: 'expected none, ratio or difference',
});
export type RollAdjustMode = z.infer<typeof rollAdjustSchema>;

type Issue = { path: string[]; message: string };
/**
 * A seasonal condition (analytics.md, "Conditional seasonality"): a technical-scanner
 * expression evaluated at each year's entry bar; the server parses it and names the position
 * of a mistake.
 */
export const seasonalConditionSchema = z
  .string({ message: 'expected a scan expression' })
  .trim()
  .min(1, 'expected a scan expression')
  .max(SEASONALITY_LIMITS.maxConditionLength, `expected at most ${SEASONALITY_LIMITS.maxConditionLength} characters`);

const checkYears = (v: { from?: number; to?: number }, issues: Issue[]) => {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to)
    issues.push({ path: ['to'], message: 'expected to ≥ from' });
};
const checkDays = (v: { minDays: number; maxDays: number }, issues: Issue[]) => {
  if (v.minDays > v.maxDays) issues.push({ path: ['maxDays'], message: 'expected maxDays ≥ minDays' });
};
function refineWith<T>(...checks: ((v: T, issues: Issue[]) => void)[]) {
  return (v: T, ctx: z.RefinementCtx) => {
    const issues: Issue[] = [];
    for (const check of checks) check(v, issues);
    for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
  };
}

export const patternQuerySchema = z
  .strictObject({
    symbol: symbolSchema,
    start: monthDaySchema,
    end: monthDaySchema,
    ...yearRangeFields,
    direction: directionSchema.default('long'),
    condition: seasonalConditionSchema.optional(),
    rollAdjust: rollAdjustSchema.optional(),
  })
  .superRefine(
    refineWith<{ start: string; end: string; from?: number; to?: number }>(checkYears, (v, issues) => {
      if (v.start === v.end) issues.push({ path: ['end'], message: 'expected an end different from the start' });
    }),
  );
export type PatternQuery = z.infer<typeof patternQuerySchema>;

export const yearsQuerySchema = z
  .strictObject({
    symbol: symbolSchema,
    ...yearRangeFields,
    rollAdjust: rollAdjustSchema.optional(),
  })
  .superRefine(refineWith(checkYears));
export type SeasonalYearsQuery = z.infer<typeof yearsQuerySchema>;

/** The seasonal chart: `benchmark` any instrument (default SPY, else ^GSPC); `paths=1` adds each year and the median. */
export const chartQuerySchema = z
  .strictObject({
    symbol: symbolSchema,
    ...yearRangeFields,
    benchmark: symbolSchema.optional(),
    paths: z.enum(['0', '1'], { message: 'expected 0 or 1' }).optional(),
    rollAdjust: rollAdjustSchema.optional(),
  })
  .superRefine(refineWith(checkYears));
export type ChartQuery = z.infer<typeof chartQuerySchema>;

/** What best trades and walk-forward search over: a symbol's windows of minDays to maxDays, in the chosen years. */
export const windowSearchFields = {
  symbol: symbolSchema,
  minDays: daysSchema,
  maxDays: daysSchema,
  ...yearRangeFields,
  minYears: integer(1, SEASONALITY_LIMITS.maxYears, 'a number of years').optional(),
  rollAdjust: rollAdjustSchema.optional(),
};
export const checkWindowSearch = refineWith<{ from?: number; to?: number; minDays: number; maxDays: number }>(
  checkYears,
  checkDays,
);

export const bestTradesQuerySchema = z
  .strictObject({
    ...windowSearchFields,
    top: integer(1, SEASONALITY_LIMITS.maxTop, 'a number of windows').default(10),
    /** Selects only windows whose qValue is at most this (analytics.md, "Multiple testing"). */
    maxQValue: fraction.optional(),
    /** Default winRate. */
    rank: windowRankSchema.optional(),
    condition: seasonalConditionSchema.optional(),
  })
  .superRefine(checkWindowSearch);
export type BestTradesQuery = z.infer<typeof bestTradesQuerySchema>;

/** Walk-forward (analytics.md): best trades' parameters, top excepted, and trainYears (default 10). */
export const walkForwardQuerySchema = z
  .strictObject({
    ...windowSearchFields,
    trainYears: integer(1, SEASONALITY_LIMITS.maxYears, 'a number of years').default(10),
  })
  .superRefine(checkWindowSearch);
export type WalkForwardQuery = z.infer<typeof walkForwardQuerySchema>;

/** all, sector:NAME, watchlist:ID, or a list of symbols. */
export const seasonalUniverseSchema = z.union(
  [
    z.literal('all'),
    z.string().regex(/^sector:.+$/, 'expected all, sector:NAME, watchlist:ID or a list of symbols'),
    z
      .string()
      .regex(/^watchlist:[1-9][0-9]{0,9}$/, 'expected all, sector:NAME, watchlist:ID or a list of symbols')
      .refine((v) => parseId(v.slice('watchlist:'.length)) !== null, `expected watchlist:ID, an id up to ${INT32_MAX}`),
    z
      .array(symbolSchema, { message: 'expected a list of symbols' })
      .min(1, 'expected at least one symbol')
      .max(SEASONALITY_LIMITS.maxSymbols, `expected at most ${SEASONALITY_LIMITS.maxSymbols} symbols`),
  ],
  { message: 'expected all, sector:NAME, watchlist:ID or a list of symbols' },
);
export type SeasonalUniverse = z.infer<typeof seasonalUniverseSchema>;

/** A minimum of the 20-day average dollar volume (close × volume): a number ≥ 0. */
const dollarVolume = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d*\.?\d+(e\d+)?\s*$/i.test(v) ? Number(v) : v),
  z
    .number({ message: 'expected an amount of dollars (a number ≥ 0)' })
    .min(0, 'expected an amount of dollars (a number ≥ 0)')
    .max(Number.MAX_SAFE_INTEGER, 'expected an amount of dollars below 2^53'),
);

/**
 * The start days of a scan: startFrom … startTo, or (upcoming mode, analytics.md "Upcoming
 * windows") the `upcoming` calendar days after the session on or before `asOf`; never both.
 */
const checkStartDays = (
  v: { startFrom?: string; startTo?: string; upcoming?: number; asOf?: string; minDollarVolume?: number },
  issues: Issue[],
) => {
  if (v.upcoming !== undefined) {
    for (const key of ['startFrom', 'startTo'] as const)
      if (v[key] !== undefined)
        issues.push({ path: [key], message: 'cannot be given with upcoming (upcoming sets the start days)' });
    return;
  }
  for (const key of ['startFrom', 'startTo'] as const)
    if (v[key] === undefined) issues.push({ path: [key], message: 'expected a month-day as MM-DD (or upcoming)' });
  for (const key of ['asOf', 'minDollarVolume'] as const)
    if (v[key] !== undefined) issues.push({ path: [key], message: 'is taken only with upcoming' });
};

export const seasonalScanBodySchema = z
  .strictObject({
    /** Required unless `upcoming` is given, and not taken with it. */
    startFrom: monthDaySchema.optional(),
    startTo: monthDaySchema.optional(),
    minDays: daysSchema,
    maxDays: daysSchema,
    ...yearRangeFields,
    minWinRate: fraction.default(0),
    /** Leaves out the results whose qValue is above it (analytics.md, "Multiple testing"). */
    maxQValue: fraction.optional(),
    minYears: integer(1, SEASONALITY_LIMITS.maxYears, 'a number of years').optional(),
    direction: z.enum(['long', 'short', 'both'], { message: 'expected long, short or both' }).default('long'),
    universe: seasonalUniverseSchema.default('all'),
    /** Only the universe's instruments of these asset classes (absent: every class). */
    assetClass: assetClassesSchema.optional(),
    /** Default winRate. */
    rank: windowRankSchema.optional(),
    condition: seasonalConditionSchema.optional(),
    /** Back-adjustment of each future of the universe at its roll gaps (data-providers.md §15.5); other classes ignore it. */
    rollAdjust: rollAdjustSchema.optional(),
    /** Upcoming mode: the windows starting in the next N calendar days after the session. */
    upcoming: integer(1, SEASONALITY_LIMITS.maxUpcomingDays, 'a number of calendar days').optional(),
    /** Upcoming mode: the scan's date (its session is the market's on or before it); default the latest. */
    asOf: isoDateSchema.optional(),
    /** Upcoming mode: leaves out (as `illiquid`) the symbols whose dollarVolume20 is null or below it. */
    minDollarVolume: dollarVolume.optional(),
  })
  .superRefine(
    refineWith<{
      from?: number;
      to?: number;
      minDays: number;
      maxDays: number;
      startFrom?: string;
      startTo?: string;
      upcoming?: number;
      asOf?: string;
      minDollarVolume?: number;
    }>(checkYears, checkDays, checkStartDays),
  );
export type SeasonalScanBody = z.input<typeof seasonalScanBodySchema>;
export type SeasonalScanOptions = z.infer<typeof seasonalScanBodySchema>;
