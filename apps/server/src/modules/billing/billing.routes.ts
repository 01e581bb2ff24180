import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  checkoutRequestSchema,
  checkoutSessionParamsSchema,
  payRequestSchema,
  type CheckoutResponse,
  type CheckoutSession,
  type PayResponse,
  type Product,
  type SubscriptionResponse,
} from '@solstice/contracts';
import type { AppContext } from '../../context.js';
import { PUBLIC, SIGNED_IN, SUBSCRIBERS } from '../../http/access.js';
import { unauthorized } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import type { AuthUser } from '../auth/auth-user.js';
import { listProducts } from './products.js';

export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Products, checkout (test mode or Stripe) and the signed-in user's subscription. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const billing = ctx.billing;

    // The period-end job survives restarts in the jobs table; this poller picks due ones up.
    const pollMs = ctx.settings.JOBS_POLL_INTERVAL_MS ?? (ctx.settings.NODE_ENV === 'test' ? 0 : 30_000);
    if (pollMs > 0) {
      app.addHook('onReady', async () => {
        billing.jobs.start(pollMs);
        billing.jobs.runDue().catch((error: unknown) => app.log.error({ err: error }, 'jobs: first run failed'));
      });
    }
    app.addHook('onClose', async () => billing.jobs.stop());

    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, NODE_ENV } = ctx.settings;
    if (Boolean(STRIPE_SECRET_KEY) !== Boolean(STRIPE_WEBHOOK_SECRET)) {
      app.log.warn('payments: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; only one is set');
    }
    if (billing.provider === 'none') {
      app.log.warn(
        'payments: no payment provider, checkout is refused (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or BILLING_TEST_MODE=true for the built-in test checkout)',
      );
    } else if (billing.testMode && NODE_ENV === 'production') {
      app.log.warn('payments: BILLING_TEST_MODE is on in production: anyone can subscribe with the test card 4242…');
    }

    app.get('/api/v1/products', { config: PUBLIC }, async (): Promise<Product[]> => listProducts(ctx.database.db));

    app.get('/api/v1/payments/config', { config: PUBLIC }, async () => ({
      provider: billing.provider,
      label: billing.providerLabel,
    }));

    app.post('/api/v1/checkout', { config: SIGNED_IN }, async (request): Promise<CheckoutResponse> => {
      const user = signedInUser(request);
      const input = parseInput(checkoutRequestSchema, request.body, 'body');
      return billing.createCheckout(user, input.priceId);
    });

    app.get('/api/v1/checkout/:sessionId', { config: SIGNED_IN }, async (request): Promise<CheckoutSession> => {
      const user = signedInUser(request);
      const { sessionId } = parseInput(checkoutSessionParamsSchema, request.params, 'params');
      return billing.getCheckout(user.id, sessionId);
    });

    app.post('/api/v1/checkout/:sessionId/pay', { config: SIGNED_IN }, async (request): Promise<PayResponse> => {
      const user = signedInUser(request);
      const { sessionId } = parseInput(checkoutSessionParamsSchema, request.params, 'params');
      const card = parseInput(payRequestSchema, request.body, 'body');
      return billing.payTestSession(user, sessionId, card);
    });

    app.get('/api/v1/subscription', { config: SIGNED_IN }, async (request): Promise<SubscriptionResponse> => {
      return billing.getSubscription(signedInUser(request).id);
    });

    /** Answers only to those the premium tools answer to (subscribers and admins): the page's cheap access probe. */
    app.get('/api/v1/subscription/premium', { config: SUBSCRIBERS }, async () => ({
      access: true,
      tools: ['scanner', 'seasonality'],
    }));

    app.post('/api/v1/subscription/cancel', { config: SIGNED_IN }, async (request): Promise<SubscriptionResponse> => {
      return billing.cancel(signedInUser(request).id);
    });

    app.post('/api/v1/subscription/resume', { config: SIGNED_IN }, async (request): Promise<SubscriptionResponse> => {
      return billing.resume(signedInUser(request).id);
    });
  };
}
