import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  ENDPOINTS,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSessionParamsSchema,
  checkoutSessionSchema,
  paymentsConfigSchema,
  payRequestSchema,
  payResponseSchema,
  subscriptionResponseSchema,
  type CheckoutResponse,
  type CheckoutSession,
  type PayResponse,
  type SubscriptionResponse,
} from '@solstice/contracts';
import type { Settings } from '../../config/settings.js';
import { PUBLIC, SIGNED_IN, SUBSCRIBERS } from '../../http/access.js';
import { routeDeclarer, routeSchema } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { requireUser } from '../auth/auth-user.js';
import type { Billing } from './billing.js';
import type { Payments } from './payment-provider.js';

export interface BillingRoutesDeps {
  settings: Pick<Settings, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'NODE_ENV'>;
  billing: Billing;
}

/** Checkout (test mode or Stripe) and the signed-in user's subscription. */
export function billingRoutes({ settings, billing }: BillingRoutesDeps): FastifyPluginAsync {
  const SUBSCRIPTION = { 200: subscriptionResponseSchema };
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const route = routeDeclarer(app);
    warnAboutPayments(app.log, settings, billing.payments);
    const { checkout, subscriptions, payments } = billing;

    const CONFIG = { summary: 'Which payment provider checkout uses', response: { 200: paymentsConfigSchema } };
    route(ENDPOINTS.paymentsConfig, PUBLIC, CONFIG, async () => ({
      provider: payments.provider?.name ?? ('none' as const),
      label: payments.provider?.label ?? 'Payments are not configured',
    }));

    const CHECKOUT = routeSchema(
      'Starts a checkout for a price',
      { body: checkoutRequestSchema },
      checkoutResponseSchema,
    );
    route(ENDPOINTS.checkout, SIGNED_IN, CHECKOUT, async (request): Promise<CheckoutResponse> => {
      const user = requireUser(request);
      const input = request.body;
      return checkout.create(user, input.priceId);
    });

    const SESSION = routeSchema(
      "One of the user's checkout sessions",
      { params: checkoutSessionParamsSchema },
      checkoutSessionSchema,
    );
    route(ENDPOINTS.checkoutSession, SIGNED_IN, SESSION, async (request): Promise<CheckoutSession> => {
      const user = requireUser(request);
      const { sessionId } = request.params;
      return checkout.get(user.id, sessionId);
    });

    const PAY = routeSchema(
      'Pays a test-mode checkout session with a test card',
      { params: checkoutSessionParamsSchema, body: payRequestSchema },
      payResponseSchema,
    );
    route(ENDPOINTS.checkoutPay, SIGNED_IN, PAY, async (request): Promise<PayResponse> => {
      const user = requireUser(request);
      const { sessionId } = request.params;
      const card = request.body;
      return checkout.payTestSession(user, sessionId, card);
    });

    const MINE = { summary: "The user's subscription", response: SUBSCRIPTION };
    route(ENDPOINTS.subscription, SIGNED_IN, MINE, async (request): Promise<SubscriptionResponse> => {
      return subscriptions.get(requireUser(request).id);
    });

    /** Answers only to those the premium tools answer to (subscribers and admins): the page's cheap access probe. */
    const PREMIUM = {
      summary: 'Answers only to subscribers and admins: the cheap probe of premium access',
      response: { 200: z.object({ access: z.literal(true), tools: z.array(z.string()) }) },
    };
    route(ENDPOINTS.subscriptionPremium, SUBSCRIBERS, PREMIUM, async () => ({
      access: true as const,
      tools: ['scanner', 'seasonality'],
    }));

    const CANCEL = { summary: 'Cancels the subscription at the end of its period', response: SUBSCRIPTION };
    route(ENDPOINTS.subscriptionCancel, SIGNED_IN, CANCEL, async (request): Promise<SubscriptionResponse> => {
      return subscriptions.cancel(requireUser(request).id);
    });

    const RESUME = { summary: 'Resumes a subscription cancelled before its period ended', response: SUBSCRIPTION };
    route(ENDPOINTS.subscriptionResume, SIGNED_IN, RESUME, async (request): Promise<SubscriptionResponse> => {
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
