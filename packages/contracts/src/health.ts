import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** Date (YYYY-MM-DD) of the latest daily bar in the store; null when there is none. */
  asOf: z.string().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
