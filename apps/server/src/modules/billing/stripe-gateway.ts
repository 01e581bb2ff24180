import Stripe from 'stripe';
import type { Settings } from '../../config/settings.js';
import type { PlanRow } from './products.js';

export interface StripeCheckoutInput {
  sessionId: string;
  userId: number;
  email: string;
  plan: PlanRow;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The slice of Stripe that Solstice uses, through the official SDK. STRIPE_API_URL points
 * the SDK at another host (tests run a local server there; nothing leaves the machine).
 */
export class StripeGateway {
  readonly client: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    apiUrl?: string,
  ) {
    const target = apiUrl ? new URL(apiUrl) : null;
    this.client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      ...(target
        ? {
            host: target.hostname,
            port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
            protocol: target.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  static fromSettings(settings: Settings): StripeGateway | null {
    if (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET) return null;
    return new StripeGateway(settings.STRIPE_SECRET_KEY, settings.STRIPE_WEBHOOK_SECRET, settings.STRIPE_API_URL);
  }

  async createCheckoutSession(input: StripeCheckoutInput): Promise<{ id: string; url: string }> {
    const { plan } = input;
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'subscription',
        customer_email: input.email,
        client_reference_id: input.sessionId,
        metadata: { sessionId: input.sessionId, userId: String(input.userId), priceId: String(plan.priceId) },
        subscription_data: { metadata: { sessionId: input.sessionId, userId: String(input.userId) } },
        line_items: [
          plan.stripePriceId
            ? { price: plan.stripePriceId, quantity: 1 }
            : {
                quantity: 1,
                price_data: {
                  currency: plan.currency,
                  unit_amount: plan.amount,
                  recurring: { interval: plan.interval },
                  product_data: { name: plan.productName },
                },
              },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: `checkout-${input.sessionId}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  /** Verifies the signature over the raw body; throws when it does not match. */
  constructEvent(rawBody: Buffer | string, signature: string): Stripe.Event {
    return this.client.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
  }
}
