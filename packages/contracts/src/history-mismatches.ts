import { z } from 'zod';

/**
 * A symbol whose provider history did not join the stored one (ticker continuity,
 * data-providers.md §15.6): nothing of it was written; only an admin replaces its history.
 */
export const historyMismatchSchema = z.object({
  symbol: z.string(),
  provider: z.string(),
  /** The first date where q = provider close / stored close breaks. */
  date: z.string(),
  storedClose: z.number().nullable(),
  providerClose: z.number(),
  reason: z.string(),
  detectedAt: z.number(),
});
export type HistoryMismatchInfo = z.infer<typeof historyMismatchSchema>;

export const historyReplacedSchema = z.object({
  symbol: z.string(),
  provider: z.string(),
  first: z.string(),
  last: z.string(),
  inserted: z.number().int(),
  /** Stored bars removed; kept in a backup row set until the next backup. */
  removed: z.number().int(),
});
export type HistoryReplaced = z.infer<typeof historyReplacedSchema>;
