import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** Date (YYYY-MM-DD) of the latest daily bar in the store; null when there is none. */
  asOf: z.string().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The newest market data the process serves. */
export const latestBarSchema = z.object({
  /** Date (YYYY-MM-DD) of the latest daily bar in memory; null when none is loaded. */
  asOf: z.string().nullable(),
  /**
   * Calendar days (not trading days: weekends and holidays count) from `asOf` to today's
   * UTC date; 0 on the day itself, 3 on a Monday after Friday's close. Null without bars.
   */
  ageCalendarDays: z.number().int().nullable(),
});
export type LatestBar = z.infer<typeof latestBarSchema>;

export const readinessCheckSchema = z.object({
  name: z.enum(['database', 'migrations', 'market']),
  ok: z.boolean(),
  /** What was found, in words (the reason when not ok). */
  detail: z.string(),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/** GET /api/ready: 200 with this body when the process can serve traffic. */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  checks: z.array(readinessCheckSchema),
  latestBar: latestBarSchema,
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/** GET /api/ready: `error.details` of the 503 (code service_unavailable) when it cannot. */
export const notReadyDetailsSchema = z.object({
  checks: z.array(readinessCheckSchema),
  latestBar: latestBarSchema,
});
export type NotReadyDetails = z.infer<typeof notReadyDetailsSchema>;
