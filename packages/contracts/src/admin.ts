import { z } from 'zod';
import { ROLES } from './permissions.js';

export const adminUserSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
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
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
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
