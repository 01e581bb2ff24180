import { z } from 'zod';
import { parseInput } from '../../http/validation.js';

/**
 * The Stripe webhook events Solstice acts on, checked field by field before any handler runs.
 * A correctly signed event can still be malformed (an API version we do not know, a hand-made
 * test event); it must be a 400 naming the field, never a crash (a 500 makes Stripe retry the
 * same bytes for days). Only the fields the handlers read are checked; others pass through.
 */

const stripeId = z.string().min(1).max(255);
/** An expandable reference: an id, or the object with its id. */
const reference = z.union([stripeId, z.looseObject({ id: stripeId })]).nullish();
const seconds = z.number().int().nonnegative();

const checkoutSessionSchema = z.looseObject({
  id: stripeId,
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string(),
  amount_total: z.number().int().nonnegative().nullish(),
  subscription: reference,
  invoice: reference,
});

const invoiceSchema = z.looseObject({
  id: stripeId,
  amount_paid: z.number().int().nonnegative().nullish(),
  /** Before API version 2025-03 the subscription was top-level; since then it is under parent. */
  subscription: reference,
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: reference }).nullish() }).nullish(),
  lines: z
    .looseObject({
      data: z.array(z.looseObject({ period: z.looseObject({ start: seconds, end: seconds }).nullish() })),
    })
    .nullish(),
});

const subscriptionSchema = z.looseObject({
  id: stripeId,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
});

const envelopeSchema = z.looseObject({
  id: stripeId,
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const eventOf = <S extends z.ZodType>(object: S) => envelopeSchema.extend({ data: z.looseObject({ object }) });

export type StripeCheckoutSessionData = z.infer<typeof checkoutSessionSchema>;
export type StripeInvoiceData = z.infer<typeof invoiceSchema>;
export type StripeSubscriptionData = z.infer<typeof subscriptionSchema>;

interface EventBase {
  id: string;
  type: string;
}

export type StripeWebhookEvent = EventBase &
  (
    | { kind: 'checkout_completed'; object: StripeCheckoutSessionData }
    | { kind: 'invoice_paid'; object: StripeInvoiceData }
    | { kind: 'subscription_updated' | 'subscription_deleted'; object: StripeSubscriptionData }
    /** A type we do not act on: answered "ignored", remembered like the others. */
    | { kind: 'other' }
  );

/** Checks a verified event; throws a 400 (validation_failed, paths under `body`) when it is malformed. */
export function parseStripeEvent(raw: unknown): StripeWebhookEvent {
  const { id, type } = parseInput(envelopeSchema, raw, 'body');
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return {
        id,
        type,
        kind: 'checkout_completed',
        object: parseInput(eventOf(checkoutSessionSchema), raw, 'body').data.object,
      };
    case 'invoice.paid':
      return { id, type, kind: 'invoice_paid', object: parseInput(eventOf(invoiceSchema), raw, 'body').data.object };
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return {
        id,
        type,
        kind: type === 'customer.subscription.updated' ? 'subscription_updated' : 'subscription_deleted',
        object: parseInput(eventOf(subscriptionSchema), raw, 'body').data.object,
      };
    default:
      return { id, type, kind: 'other' };
  }
}

/** The id of an expandable reference. */
export function referenceId(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The invoice's subscription id across Stripe API versions (top-level before 2025-03, under parent after). */
export function invoiceSubscriptionId(invoice: StripeInvoiceData): string | null {
  return referenceId(invoice.subscription) ?? referenceId(invoice.parent?.subscription_details?.subscription);
}
