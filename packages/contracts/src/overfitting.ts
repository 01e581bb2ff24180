import { z } from 'zod';
import { windowRiskStatsSchema } from './seasonality-responses.js';
import { checkWindowSearch, directionSchema, integer, monthDaySchema, windowSearchFields } from './seasonality.js';

/** Limits of `seasonality overfitting` (analytics.md, "Overfitting of a best-trades search"). */
export const OVERFITTING_LIMITS = {
  /** Resamples of the Reality Check. */
  maxBootstrap: 10_000,
  /** Blocks of CSCV: C(16, 8) = 12,870 in-sample sets. */
  maxBlocks: 16,
  /**
   * The most work one request may ask for, in member-years: the Reality Check's resamples ×
   * years × windows searched, and CSCV's sets × windows × (blocks + 2). Beyond it, a 400 that
   * names the input to narrow.
   */
  maxResampleWork: 1_500_000_000,
  maxSplitWork: 200_000_000,
} as const;

const MAX_SEED = (1n << 64n) - 1n;

/** `MM-DD:MM-DD:long|short`: a window given by the caller. */
export const windowSpecSchema = z
  .string({ message: 'expected a window as MM-DD:MM-DD:long or MM-DD:MM-DD:short' })
  .superRefine((v, ctx) => {
    const parts = v.split(':');
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (parts.length !== 3 || (parts[2] !== 'long' && parts[2] !== 'short')) {
      return fail('expected a window as MM-DD:MM-DD:long or MM-DD:MM-DD:short');
    }
    if (!monthDaySchema.safeParse(parts[0]).success || !monthDaySchema.safeParse(parts[1]).success) {
      return fail('expected a window whose start and end are real month-days (MM-DD:MM-DD:long|short)');
    }
    if (parts[0] === parts[1]) fail('expected a window whose end differs from its start');
  });

/** Parses a window that windowSpecSchema accepted. */
export function parseWindowSpec(v: string): { start: string; end: string; direction: 'long' | 'short' } {
  const [start, end, direction] = v.split(':') as [string, string, 'long' | 'short'];
  return { start, end, direction };
}

/** A decimal unsigned 64-bit integer, kept as text (a JSON number holds 53 bits exactly). */
export const seedSchema = z
  .string({ message: 'expected a seed: a decimal unsigned 64-bit integer' })
  .refine(
    (v) => /^\d{1,20}$/.test(v) && BigInt(v) <= MAX_SEED,
    `expected a seed: a decimal unsigned 64-bit integer (0 to ${MAX_SEED})`,
  );

/** S: one message for any bad value (an odd 1 is both below 2 and odd). */
const blocksSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ message: 'expected an even number of blocks of at least 2' }).superRefine((v, ctx) => {
    if (!Number.isInteger(v) || v < 2 || v % 2 !== 0) {
      ctx.addIssue({ code: 'custom', message: 'expected an even number of blocks of at least 2' });
    } else if (v > OVERFITTING_LIMITS.maxBlocks) {
      ctx.addIssue({
        code: 'custom',
        message: `expected an even number of blocks of at most ${OVERFITTING_LIMITS.maxBlocks}`,
      });
    }
  }),
);

export const overfittingQuerySchema = z
  .strictObject({
    ...windowSearchFields,
    direction: z.enum(['long', 'short', 'both'], { message: 'expected long, short or both' }).default('both'),
    blocks: blocksSchema.default(8),
    window: windowSpecSchema.optional(),
    bootstrap: integer(0, OVERFITTING_LIMITS.maxBootstrap, 'a number of resamples').default(0),
    seed: seedSchema.default('1'),
  })
  .superRefine(checkWindowSearch);
export type OverfittingQuery = z.infer<typeof overfittingQuerySchema>;

const windowRefSchema = z.object({
  direction: directionSchema,
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
});

export const overfittingResponseSchema = z.object({
  symbol: z.string(),
  /** M: the family's size, every window of the search on the side(s) asked with count ≥ minYears. */
  tested: z.number().int(),
  minYears: z.number().int(),
  /** Best trades' top window, or the window given; statistics without qValue. Null when the family is empty. */
  selected: windowRefSchema
    .extend({
      stats: windowRiskStatsSchema,
      /** A future's only: per traded year, its roll gaps after entry up to and including exit (data-providers.md §15.5). */
      rollGaps: z.array(z.object({ year: z.number().int(), dates: z.array(z.string()) })).optional(),
    })
    .nullable(),
  deflated: z
    .object({
      sharpe: z.number().nullable(),
      skewness: z.number().nullable(),
      kurtosis: z.number().nullable(),
      observations: z.number().int(),
      trials: z.number().int(),
      sharpeVariance: z.number().nullable(),
      expectedMaxSharpe: z.number().nullable(),
      psr: z.number().nullable(),
      dsr: z.number().nullable(),
    })
    .nullable(),
  /** Null when the family is empty or blocks exceed the rows. */
  pbo: z
    .object({
      blocks: z.number().int(),
      rows: z.number().int(),
      combinations: z.number().int(),
      overfit: z.number().int(),
      pbo: z.number(),
      probLoss: z.number(),
      meanLogit: z.number(),
      firstYear: z.number().int(),
      lastYear: z.number().int(),
      blockYears: z.array(z.tuple([z.number().int(), z.number().int()])),
    })
    .nullable(),
  /** Only with bootstrap ≥ 1 (and a family). */
  realityCheck: z
    .object({
      bootstrap: z.number().int(),
      /** The seed: a number up to 2^53 − 1, decimal text above (a double holds no more exactly). */
      seed: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]),
      statistic: z.number(),
      bestMean: z.number(),
      pValue: z.number(),
      naivePValue: z.number(),
      best: windowRefSchema,
    })
    .nullable(),
});
export type OverfittingResponse = z.infer<typeof overfittingResponseSchema>;
