import type { AppContext } from '../../context.js';
import { BillingService } from './billing.service.js';
import { registerPasswordResetJob } from '../auth/password-resets.js';

/**
 * Completes a context with the billing service, which reads mail, logger and settings from it,
 * and registers the password-reset mail job on its queue (server and CLI run the same jobs).
 */
export function attachBilling(base: Omit<AppContext, 'billing'>): AppContext {
  const ctx = base as AppContext;
  ctx.billing = new BillingService(ctx);
  registerPasswordResetJob(ctx);
  return ctx;
}
