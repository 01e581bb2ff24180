import type { PaymentProviderName } from './billing.tables.js';
import type { PlanRow } from './products.js';
import type { StripeGateway } from './stripe-gateway.js';

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
