import { z } from 'zod';
import { ROLES } from './permissions.js';

/** One page of a long admin list: at most `limit` rows from `offset` on. */
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
};

export const adminUserSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  ...pageQuery,
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  subscriber: z.boolean(),
  createdAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminSetRolesSchema = z.strictObject({
  roles: z
    .array(z.enum(ROLES, { message: `expected roles among ${ROLES.join(', ')}` }))
    .min(1, 'give at least one role'),
});

export const adminTagChangeSchema = z.strictObject({
  /** Why; kept with the subscription's end when a revoke ends one. */
  reason: z.string().trim().max(200).optional(),
});

export const adminSubscriptionSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  provider: z.string(),
  productName: z.string(),
  priceId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  endReason: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const adminOutboxQuerySchema = z.strictObject({
  to: z.string().trim().max(320).optional(),
  template: z.string().trim().max(60).optional(),
  ...pageQuery,
});

export const outboxMessageSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  transport: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export const outboxMessageSchema = outboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const adminTestClockSchema = z.strictObject({
  /** Up to two years at a time. */
  advanceSeconds: z
    .number()
    .int('expected whole seconds')
    .min(1)
    .max(2 * 366 * 24 * 3600),
});

export const adminJobsQuerySchema = z.strictObject({
  /** At most this many jobs in each list. */
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A row of the job queue as admins see it (payloads stay out: they hold e-mail addresses). */
export const adminJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  uniqueKey: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  runAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobsResponseSchema = z.object({
  /** Pending jobs whose time has come, oldest first. */
  due: z.array(adminJobSchema),
  /** Jobs that gave up after their last attempt, latest first. */
  failed: z.array(adminJobSchema),
  /** Jobs that finished or changed most recently, latest first. */
  recent: z.array(adminJobSchema),
  counts: z.object({
    pending: z.number().int(),
    due: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
  }),
});
export type AdminJobsResponse = z.infer<typeof adminJobsResponseSchema>;

export const adminJobsRunResponseSchema = z.object({ ran: z.number().int() });
