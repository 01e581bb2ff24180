import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import {
  checkoutRequestSchema,
  checkoutSessionParamsSchema,
  payRequestSchema,
  type CheckoutResponse,
  type CheckoutSession,
  type PayResponse,
  type SubscriptionResponse,
} from '@solstice/contracts';
import type { Settings } from '../../config/settings.js';
import { PUBLIC, SIGNED_IN, SUBSCRIBERS } from '../../http/access.js';
import { parseInput } from '../../http/validation.js';
import { requireUser } from '../auth/auth-user.js';
import type { Billing } from './billing.js';
import type { Payments } from './payment-provider.js';

export interface BillingRoutesDeps {
  settings: Pick<Settings, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'NODE_ENV'>;
  billing: Billing;
}

/** Checkout (test mode or Stripe) and the signed-in user's subscription. */
export function billingRoutes({ settings, billing }: BillingRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    warnAboutPayments(app.log, settings, billing.payments);
    const { checkout, subscriptions, payments } = billing;

    app.get('/api/v1/payments/config', { config: PUBLIC }, async () => ({
      provider: payments.provider?.name ?? 'none',
      label: payments.provider?.label ?? 'Payments are not configured',
    }));

    app.post('/api/v1/checkout', { config: SIGNED_IN }, async (request): Promise<CheckoutResponse> => {
      const user = requireUser(request);
      const input = parseInput(checkoutRequestSchema, request.body, 'body');
      return checkout.create(user, input.priceId);
    });

    app.get('/api/v1/checkout/:sessionId', { config: SIGNED_IN }, async (request): Promise<CheckoutSession> => {
      const user = requireUser(request);
      const { sessionId } = parseInput(checkoutSessionParamsSchema, request.params, 'params');
      return checkout.get(user.id, sessionId);
    });

    app.post('/api/v1/checkout/:sessionId/pay', { config: SIGNED_IN }, async (request): Promise<PayResponse> => {
      const user = requireUser(request);
      const { sessionId } = parseInput(checkoutSessionParamsSchema, request.params, 'params');
      const card = parseInput(payRequestSchema, request.body, 'body');
      return checkout.payTestSession(user, sessionId, card);
    });

    app.get('/api/v1/subscription', { config: SIGNED_IN }, async (request): Promise<SubscriptionResponse> => {
      return subscriptions.get(requireUser(request).id);
    });

    /** Answers only to those the premium tools answer to (subscribers and admins): the page's cheap access probe. */
    app.get('/api/v1/subscription/premium', { config: SUBSCRIBERS }, async () => ({
      access: true,
      tools: ['scanner', 'seasonality'],
    }));

    app.post('/api/v1/subscription/cancel', { config: SIGNED_IN }, async (request): Promise<SubscriptionResponse> => {
      return subscriptions.cancel(requireUser(request).id);
    });

    app.post('/api/v1/subscription/resume', { config: SIGNED_IN }, async (request): Promise<SubscriptionResponse> => {
      return subscriptions.resume(requireUser(request).id);
    });
  };
}

function warnAboutPayments(log: FastifyBaseLogger, settings: BillingRoutesDeps['settings'], payments: Payments): void {
  if (Boolean(settings.STRIPE_SECRET_KEY) !== Boolean(settings.STRIPE_WEBHOOK_SECRET)) {
    log.warn('payments: Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; only one is set');
  }
  if (!payments.provider) {
    log.warn(
      'payments: no payment provider, checkout is refused (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or BILLING_TEST_MODE=true for the built-in test checkout)',
    );
  } else if (payments.testMode && settings.NODE_ENV === 'production') {
    log.warn('payments: BILLING_TEST_MODE is on in production: anyone can subscribe with the test card 4242…');
  }
}
