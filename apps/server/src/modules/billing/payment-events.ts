import type { Log } from '../../logging.js';
import type { Clock } from '../jobs/clock.js';
import { addInterval } from './billing-period.js';
import {
  claimSession,
  findSession,
  insertPayment,
  insertSubscription,
  linkSession,
  liveSubscription,
  recordStripeEvent,
  setCancelAtPeriodEnd,
  stripeEventSeen,
  subscriptionByExternalId,
  type Db,
} from './billing.repository.js';
import { getPlan, type PlanRow } from './catalogue.js';
import {
  invoiceSubscriptionId,
  referenceId,
  type StripeCheckoutSessionData,
  type StripeInvoiceData,
  type StripeSubscriptionData,
  type StripeWebhookEvent,
} from './stripe-events.js';
import type { StripeGateway } from './stripe-gateway.js';
import type { Activation, SubscriptionLifecycle } from './subscription-lifecycle.js';

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/** What the payment provider tells us happened (Stripe's webhook events), applied once each. */
export class PaymentEvents {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      stripe: StripeGateway | null;
      lifecycle: SubscriptionLifecycle;
      log: Log;
    },
  ) {}

  /** Applies a verified, well-formed Stripe event once (processed ids are remembered). */
  async handleStripeEvent(event: StripeWebhookEvent): Promise<EventOutcome> {
    const { db, clock } = this.deps;
    if (await stripeEventSeen(db, event.id)) return 'duplicate';
    let outcome: 'processed' | 'ignored';
    switch (event.kind) {
      case 'checkout_completed':
        outcome = await this.onCheckoutCompleted(event.object);
        break;
      case 'invoice_paid':
        outcome = await this.onInvoicePaid(event.object);
        break;
      case 'subscription_updated':
        outcome = await this.onSubscriptionUpdated(event.object);
        break;
      case 'subscription_deleted':
        outcome = await this.onSubscriptionDeleted(event.object);
        break;
      case 'other':
        outcome = 'ignored';
    }
    // Recorded after the work: a crash in between makes Stripe retry, and every handler is idempotent.
    await recordStripeEvent(db, event.id, event.type, clock.now());
    return outcome;
  }

  private async onCheckoutCompleted(session: StripeCheckoutSessionData): Promise<'processed' | 'ignored'> {
    const { db, clock, lifecycle, log } = this.deps;
    const ourId = session.client_reference_id ?? session.metadata?.sessionId ?? null;
    if (!ourId) return 'ignored';
    const ours = await findSession(db, ourId);
    if (!ours || ours.provider !== 'stripe') {
      log.warn({ sessionId: ourId }, 'stripe: checkout.session.completed for an unknown session');
      return 'ignored';
    }
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return 'ignored';
    if (ours.status === 'paid') return 'ignored';
    const plan = await getPlan(db, Number(ours.price_id));
    if (!plan) return 'ignored';
    const userId = Number(ours.user_id);
    const stripeSubscriptionId = referenceId(session.subscription);
    const live = await liveSubscription(db, userId);
    const activation: Activation = live
      ? { kind: 'already-subscribed' }
      : await lifecycle.activate({
          userId,
          plan,
          provider: 'stripe',
          sessionId: ours.id,
          cardLast4: null,
          renews: true,
          externalId: stripeSubscriptionId,
          periodEnd: addInterval(clock.now(), plan.interval),
          amountPaid: session.amount_total ?? plan.amount,
          // An expired session paid anyway is still money taken: it counts.
          claimable: ['open', 'expired'],
        });
    if (activation.kind === 'already-subscribed') {
      const current = live ?? (await liveSubscription(db, userId));
      // The live one came from this very Stripe subscription (a concurrent delivery): nothing to undo.
      if (current && stripeSubscriptionId !== null && current.external_id === stripeSubscriptionId) return 'processed';
      await this.undoDuplicateSubscription(ours.id, userId, plan, session, stripeSubscriptionId);
    }
    return 'processed';
  }

  /**
   * Stripe charged a user who already has a live subscription (two checkouts paid): the
   * second Stripe subscription is cancelled and its payment refunded there, then recorded
   * here as an ended subscription with a refunded payment, so the admin's list of the user's
   * subscriptions shows it. A Stripe failure throws (500): Stripe delivers the event again
   * later, and both calls are safe to repeat.
   */
  private async undoDuplicateSubscription(
    sessionId: string,
    userId: number,
    plan: PlanRow,
    session: StripeCheckoutSessionData,
    stripeSubscriptionId: string | null,
  ): Promise<void> {
    const { db, clock, stripe, log } = this.deps;
    let reason = 'duplicate subscription: refund it on Stripe by hand (no Stripe subscription id)';
    let refunded = false;
    if (stripeSubscriptionId && stripe) {
      ({ refunded } = await stripe.cancelAndRefund(stripeSubscriptionId, referenceId(session.invoice), sessionId));
      reason = refunded
        ? 'duplicate subscription: cancelled and refunded on Stripe'
        : 'duplicate subscription: cancelled on Stripe (nothing was paid)';
    }
    const now = clock.now();
    const recorded = await db.transaction().execute(async (trx) => {
      if (!(await claimSession(trx, sessionId, ['open', 'expired'], now))) return false;
      const subscriptionId = await insertSubscription(
        trx,
        {
          user_id: userId,
          price_id: plan.priceId,
          provider: 'stripe',
          status: 'ended',
          current_period_start: now,
          current_period_end: now,
          cancel_at_period_end: 0,
          card_last4: null,
          card_renews: 0,
          external_id: stripeSubscriptionId,
          end_reason: reason,
          ended_at: now,
        },
        now,
      );
      await linkSession(trx, sessionId, subscriptionId);
      const amount = session.amount_total ?? plan.amount;
      if (amount > 0) {
        await insertPayment(trx, {
          user_id: userId,
          subscription_id: subscriptionId,
          checkout_session_id: sessionId,
          amount,
          currency: plan.currency,
          status: refunded ? 'refunded' : 'paid',
          card_last4: null,
          message: refunded ? 'Duplicate subscription: refunded' : `Duplicate subscription: ${reason}`,
          created_at: now,
        });
      }
      return true;
    });
    if (recorded) {
      const fields = { userId, sessionId, stripeSubscriptionId, refunded };
      const message = `billing: a second subscription was paid for; ${reason}`;
      if (stripeSubscriptionId) log.warn(fields, message);
      else log.error(fields, message);
    }
  }

  private async onInvoicePaid(invoice: StripeInvoiceData): Promise<'processed' | 'ignored'> {
    const { db, lifecycle } = this.deps;
    const sub = await subscriptionByExternalId(db, invoiceSubscriptionId(invoice));
    if (!sub || sub.status === 'ended') return 'ignored';
    const line = invoice.lines?.data?.[0];
    const periodEnd = line?.period?.end ? line.period.end * 1000 : null;
    const periodStart = line?.period?.start ? line.period.start * 1000 : sub.current_period_end;
    if (!periodEnd || periodEnd <= sub.current_period_end) return 'ignored';
    const plan = await getPlan(db, sub.price_id);
    if (!plan) return 'ignored';
    await lifecycle.renew(sub, plan, periodStart, periodEnd, invoice.amount_paid ?? plan.amount);
    return 'processed';
  }

  private async onSubscriptionUpdated(subscription: StripeSubscriptionData): Promise<'processed' | 'ignored'> {
    const { db, clock, lifecycle } = this.deps;
    const sub = await subscriptionByExternalId(db, subscription.id);
    if (!sub || sub.status === 'ended') return 'ignored';
    if (
      subscription.status === 'canceled' ||
      subscription.status === 'unpaid' ||
      subscription.status === 'incomplete_expired'
    ) {
      await lifecycle.end(sub.id, `Stripe status ${subscription.status}`);
      return 'processed';
    }
    const cancel = subscription.cancel_at_period_end ? 1 : 0;
    if (cancel !== sub.cancel_at_period_end) await setCancelAtPeriodEnd(db, sub.id, cancel === 1, clock.now());
    return 'processed';
  }

  private async onSubscriptionDeleted(subscription: StripeSubscriptionData): Promise<'processed' | 'ignored'> {
    const sub = await subscriptionByExternalId(this.deps.db, subscription.id);
    if (!sub) return 'ignored';
    await this.deps.lifecycle.end(sub.id, 'cancelled');
    return 'processed';
  }
}
