import { z } from 'zod';

/**
 * The statistics of a sample of returns, in the order the answers list them: its size, how many
 * rose and fell, and where the returns lie.
 */
export const sampleStatsShape = {
  count: z.number().int(),
  winners: z.number().int(),
  losers: z.number().int(),
  winRate: z.number(),
  mean: z.number(),
  median: z.number(),
  stdDev: z.number(),
  min: z.number(),
  max: z.number(),
};

/** The named fields of a shape, in the order named, each nullable (an empty sample's). */
export function nullableFields<T extends Record<string, z.ZodType>, const K extends keyof T & string>(
  shape: T,
  keys: readonly K[],
): { [P in K]: z.ZodNullable<T[P]> } {
  return Object.fromEntries(keys.map((key) => [key, shape[key]!.nullable()])) as { [P in K]: z.ZodNullable<T[P]> };
}
