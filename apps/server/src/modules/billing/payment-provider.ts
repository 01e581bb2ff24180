import type { PaymentsConfig } from '@solstice/contracts';
import { billingTestModeOn, type Settings } from '../../config/settings.js';
import type { PaymentProviderName } from './billing.tables.js';
import type { PlanRow } from './catalogue.js';
import { StripeGateway } from './stripe-gateway.js';

/** What a user sees when this server takes no payments (production without a provider). */
export const PAYMENTS_OFF_MESSAGE =
  'Payments are not configured on this server, so subscriptions cannot be bought right now. Please try again later.';

export interface CheckoutStart {
  /** Our checkout session id. */
  sessionId: string;
  userId: number;
  email: string;
  plan: PlanRow;
  /** The app's public origin, for the provider's return links. */
  appUrl: string;
}

/**
 * Where a user pays. Test mode pays on our own /subscribe page (POST …/pay); Stripe on its
 * hosted Checkout page, confirmed later by webhook.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Shown on the subscribe page. */
  readonly label: string;
  startCheckout(input: CheckoutStart): Promise<{ url: string; externalId: string | null }>;
}

export const testModePayments: PaymentProvider = {
  name: 'test',
  label: 'Test mode',
  startCheckout: async ({ sessionId }) => ({ url: `/subscribe?session=${sessionId}`, externalId: null }),
};

export function stripePayments(gateway: StripeGateway): PaymentProvider {
  return {
    name: 'stripe',
    label: 'Stripe',
    startCheckout: async ({ sessionId, userId, email, plan, appUrl }) => {
      const created = await gateway.createCheckoutSession({
        sessionId,
        userId,
        email,
        plan,
        successUrl: `${appUrl}/subscribe?session=${sessionId}&result=success`,
        cancelUrl: `${appUrl}/subscribe?session=${sessionId}&result=cancelled`,
      });
      return { url: created.url, externalId: created.id };
    },
  };
}

export interface Payments {
  readonly stripe: StripeGateway | null;
  /**
   * Stripe when its keys are set, else the built-in test mode when it is on
   * (`billingTestModeOn`: by default outside production), else null: checkout is refused.
   */
  readonly provider: PaymentProvider | null;
  /** Whether the built-in test checkout (and its test clock) is what takes payments here. */
  readonly testMode: boolean;
}

export function paymentsFromSettings(settings: Settings): Payments {
  const stripe = StripeGateway.fromSettings(settings);
  const provider = stripe ? stripePayments(stripe) : billingTestModeOn(settings) ? testModePayments : null;
  return { stripe, provider, testMode: provider?.name === 'test' };
}

/** Which provider checkout uses, as GET /api/v1/payments/config answers it (and a subscribe page's data). */
export function paymentsConfigOf(payments: Payments): PaymentsConfig {
  return {
    provider: payments.provider?.name ?? 'none',
    label: payments.provider?.label ?? 'Payments are not configured',
  };
}
