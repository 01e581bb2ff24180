import { z } from 'zod';
import { nullableFields, sampleStatsShape } from './sample-stats.js';
import { testedWindowSchema } from './seasonality-responses.js';

/** One out-of-sample year of walk-forward: the window chosen on the years before it, traded in it. */
export const walkForwardTrialSchema = z.object({
  year: z.number().int(),
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  return: z.number(),
  /** A future's only: its roll gaps after entry up to and including exit in that year (data-providers.md §15.5). */
  rollGaps: z.array(z.string()).optional(),
});

/** Statistics of the out-of-sample returns: count 0 and the rest null when no year was traded. */
export const outOfSampleStatsSchema = z.object({
  count: z.number().int(),
  ...nullableFields(sampleStatsShape, ['winners', 'losers', 'winRate', 'mean', 'median', 'stdDev', 'min', 'max']),
});

const sideSchema = z.object({ trials: z.array(walkForwardTrialSchema), stats: outOfSampleStatsSchema });
const inSampleStatsSchema = testedWindowSchema.shape.stats.nullable();

export const walkForwardResponseSchema = z.object({
  symbol: z.string(),
  trainYears: z.number().int(),
  long: sideSchema,
  short: sideSchema,
  /** Best trades' first window over all used years, per direction, qValue included (null when none). */
  inSample: z.object({ long: inSampleStatsSchema, short: inSampleStatsSchema }),
});
export type WalkForwardResponse = z.infer<typeof walkForwardResponseSchema>;
