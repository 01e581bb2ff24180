import type Stripe from 'stripe';
import type { Settings } from '../../config/settings.js';
import type { PlanRow } from './catalogue.js';

export interface StripeCheckoutInput {
  sessionId: string;
  userId: number;
  email: string;
  plan: PlanRow;
  successUrl: string;
  cancelUrl: string;
}

/** A webhook body checked against its signature (StripeGateway.verifyEvent). */
export type VerifiedEvent =
  { refused: null; event: Stripe.Event } | { refused: 'signature' } | { refused: 'not-json'; error: unknown };

/**
 * The slice of Stripe that Solstice uses, through the official SDK. STRIPE_API_URL points
 * the SDK at another host (tests run a local server there; nothing leaves the machine).
 */
export class StripeGateway {
  /** The SDK is loaded with the gateway (when Stripe is configured), not with the server's modules. */
  private readonly sdk: Promise<Stripe>;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    apiUrl?: string,
  ) {
    const target = apiUrl ? new URL(apiUrl) : null;
    this.sdk = loadStripe().then(
      (StripeSdk) =>
        new StripeSdk(secretKey, {
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
        }),
    );
    // Until first used: a failed load is reported by the first call, not as an unhandled rejection.
    this.sdk.catch(() => {});
  }

  static fromSettings(settings: Settings): StripeGateway | null {
    if (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET) return null;
    return new StripeGateway(settings.STRIPE_SECRET_KEY, settings.STRIPE_WEBHOOK_SECRET, settings.STRIPE_API_URL);
  }

  async createCheckoutSession(input: StripeCheckoutInput): Promise<{ id: string; url: string }> {
    const { plan } = input;
    const client = await this.sdk;
    const session = await client.checkout.sessions.create(
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

  /**
   * `requestKey` names this one intent (the same key again is a retry of it, which Stripe
   * answers from its record instead of applying twice).
   */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, requestKey: string): Promise<void> {
    await (
      await this.sdk
    ).subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: cancel },
      { idempotencyKey: `cancel-flag-${requestKey}` },
    );
  }

  /**
   * Undoes a subscription that should not exist (a second one for a user who already has
   * one): cancels it now and refunds its first payment. Safe to repeat: an already
   * cancelled subscription is left alone and the refund carries an idempotency key.
   * Answers whether money was refunded (false when nothing was paid).
   */
  async cancelAndRefund(
    subscriptionId: string,
    invoiceId: string | null,
    requestKey: string,
  ): Promise<{ refunded: boolean }> {
    const client = await this.sdk;
    const subscription = await client.subscriptions.retrieve(subscriptionId);
    if (subscription.status !== 'canceled') await client.subscriptions.cancel(subscriptionId);
    const latest = subscription.latest_invoice;
    const invoiceRef = invoiceId ?? (typeof latest === 'string' ? latest : (latest?.id ?? null));
    if (!invoiceRef) return { refunded: false };
    const invoice = await client.invoices.retrieve(invoiceRef, { expand: ['payments'] });
    const paid = invoice.payments?.data.find((p) => p.status === 'paid')?.payment;
    const paymentIntent = typeof paid?.payment_intent === 'string' ? paid.payment_intent : paid?.payment_intent?.id;
    const charge = typeof paid?.charge === 'string' ? paid.charge : paid?.charge?.id;
    if (!paymentIntent && !charge) return { refunded: false };
    await client.refunds.create(
      {
        ...(paymentIntent ? { payment_intent: paymentIntent } : { charge }),
        reason: 'duplicate',
        metadata: { subscriptionId },
      },
      { idempotencyKey: `refund-${requestKey}` },
    );
    return { refunded: true };
  }

  /**
   * Verifies the signature over the raw body: the event, or why not (the signature does not
   * match, or the signed body is not a JSON event). Throws only when the SDK itself failed.
   */
  async verifyEvent(rawBody: Buffer | string, signature: string): Promise<VerifiedEvent> {
    const StripeSdk = await loadStripe();
    const client = await this.sdk;
    try {
      return { refused: null, event: client.webhooks.constructEvent(rawBody, signature, this.webhookSecret) };
    } catch (error) {
      if (error instanceof StripeSdk.errors.StripeSignatureVerificationError) return { refused: 'signature' };
      return { refused: 'not-json', error };
    }
  }
}

let loaded: Promise<typeof Stripe> | undefined;

function loadStripe(): Promise<typeof Stripe> {
  loaded ??= import('stripe').then(({ default: StripeSdk }) => StripeSdk);
  return loaded;
}
