import { z } from 'zod';
import { symbolSchema } from './common.js';
import { historyMismatchSchema } from './history-mismatches.js';
import { visibleText } from './validators.js';

/** How far the market data is behind the last completed NYSE session. */
export const freshnessSchema = z.object({
  asOf: z.string().nullable(),
  lastSession: z.string(),
  /** Trading days the data lacks up to lastSession (0 = current), null without data. */
  tradingDaysBehind: z.number().int().nullable(),
});
export type FreshnessInfo = z.infer<typeof freshnessSchema>;

export const dataUpdateRunSchema = z.object({
  id: z.number().int(),
  trigger: z.string(),
  session: z.string().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  status: z.enum(['running', 'ok', 'partial', 'failed', 'abandoned']),
  providers: z.array(z.string()),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  inserted: z.number().int(),
  error: z.string().nullable(),
  /** Per provider: symbols it updated or confirmed in this run. */
  byProvider: z.record(z.string(), z.number().int()),
});

export const adminDataResponseSchema = z.object({
  freshness: freshnessSchema,
  schedule: z.object({ enabled: z.boolean(), time: z.string(), nextRunAt: z.number().nullable() }),
  providers: z.array(z.object({ id: z.string(), on: z.boolean(), reason: z.string().nullable() })),
  runs: z.array(dataUpdateRunSchema),
  /** Symbols that failed in the latest finished run, with why. */
  failing: z.array(z.object({ symbol: z.string(), reason: z.string().nullable() })),
  /** Symbols whose provider history does not join the stored one: nothing written until an admin replaces it. */
  historyMismatches: z.array(historyMismatchSchema),
  instruments: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      synthetic: z.boolean(),
      tracked: z.boolean(),
      firstBar: z.string().nullable(),
      lastBar: z.string().nullable(),
      bars: z.number().int(),
      /**
       * Sessions of its own calendar after its last bar up to its last completed session that
       * it lacks (0 = current; data-providers.md §15.4): an NYSE instrument's as `freshness`
       * counts them for the market, a crypto one's every day; null without bars.
       */
      tradingDaysBehind: z.number().int().nullable(),
    }),
  ),
});
export type AdminDataResponse = z.infer<typeof adminDataResponseSchema>;

export const dataUpdateRequestSchema = z.strictObject({
  symbols: z.array(symbolSchema).min(1).max(500).optional(),
});

export const instrumentCreateSchema = z.strictObject({
  symbol: symbolSchema,
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine(...visibleText('An instrument name'))
    .optional(),
  /** Optional: when given it must be what the provider says the symbol is (422 naming both otherwise). */
  type: z.enum(['stock', 'etf', 'index', 'future', 'fx', 'crypto']).optional(),
});

export const instrumentRemoveQuerySchema = z.strictObject({
  purge: z.enum(['true', 'false']).default('false'),
});
