import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS, adminTestClockSchema } from '@solstice/contracts';
import { needs } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { isAdjustable, type Clock } from '../jobs/clock.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Billing } from './billing.js';

export interface BillingAdminDeps {
  billing: Billing;
  clock: Clock;
  jobs: JobQueue;
}

/** Refunds, and in test mode the test clock. */
export function billingAdminRoutes({ billing, clock, jobs }: BillingAdminDeps): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const route = routeDeclarer(app);
    const USERS = needs(PERMISSIONS.adminUsers);

    route('adminSubscriptionRefund', USERS, async (request) => {
      const { id } = request.params;
      await billing.subscriberTag.refund(id);
      return { refunded: true };
    });

    /**
     * Test mode only (the route does not exist otherwise: moving billing time in production
     * would end or renew real subscriptions early): moves the clock of billing and the jobs
     * forward (Stripe calls this a test clock) and runs the jobs that became due, so a tester
     * sees a renewal or a period end now. The offset lives in memory and resets at restart.
     */
    if (billing.payments.testMode && isAdjustable(clock)) {
      const TEST_CLOCK = {
        summary: 'Test mode only: moves billing time forward and runs the jobs that became due',
        body: adminTestClockSchema,
      };
      // Not for the web app (its reason in contracts' ROUTES_NOT_FOR_THE_WEB), so registered outside ENDPOINTS.
      app.post('/api/v1/admin/billing/test-clock', { config: USERS, schema: TEST_CLOCK }, async (request) => {
        const input = request.body;
        clock.advance(input.advanceSeconds * 1000);
        const ran = await jobs.runDue();
        return { now: new Date(clock.now()).toISOString(), ran };
      });
    }
  };
}
