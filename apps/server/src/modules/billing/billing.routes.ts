import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import {
  type CheckoutResponse,
  type CheckoutSession,
  type PayResponse,
  type SubscriptionResponse,
} from '@solstice/contracts';
import type { Settings } from '../../config/settings.js';
import { PUBLIC, SIGNED_IN, SUBSCRIBERS } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { requireUser } from '../auth/auth-user.js';
import type { Billing } from './billing.js';
import { paymentsConfigOf, type Payments } from './payment-provider.js';

export interface BillingRoutesDeps {
  settings: Pick<Settings, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'NODE_ENV'>;
  billing: Billing;
}

/** Checkout (test mode or Stripe) and the signed-in user's subscription. */
export function billingRoutes({ settings, billing }: BillingRoutesDeps): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const route = routeDeclarer(app);
    warnAboutPayments(app.log, settings, billing.payments);
    const { checkout, subscriptions, payments } = billing;

    route('paymentsConfig', PUBLIC, async () => paymentsConfigOf(payments));

    route('checkout', SIGNED_IN, async (request): Promise<CheckoutResponse> => {
      const user = requireUser(request);
      const input = request.body;
      return checkout.create(user, input.priceId);
    });

    route('checkoutSession', SIGNED_IN, async (request): Promise<CheckoutSession> => {
      const user = requireUser(request);
      const { sessionId } = request.params;
      return checkout.get(user.id, sessionId);
    });

    route('checkoutPay', SIGNED_IN, async (request): Promise<PayResponse> => {
      const user = requireUser(request);
      const { sessionId } = request.params;
      const card = request.body;
      return checkout.payTestSession(user, sessionId, card);
    });

    route('subscription', SIGNED_IN, async (request): Promise<SubscriptionResponse> => {
      return subscriptions.get(requireUser(request).id);
    });

    /** Answers only to those the premium tools answer to (subscribers and admins): the page's cheap access probe. */
    route('subscriptionPremium', SUBSCRIBERS, async () => ({
      access: true as const,
      tools: ['scanner', 'seasonality'],
    }));

    route('subscriptionCancel', SIGNED_IN, async (request): Promise<SubscriptionResponse> => {
      return subscriptions.cancel(requireUser(request).id);
    });

    route('subscriptionResume', SIGNED_IN, async (request): Promise<SubscriptionResponse> => {
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
