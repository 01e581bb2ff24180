import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import type { Log } from '../../logging.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { addTag, ensureContactForUser, getContactForUser, removeTag } from '../contacts/contacts.repository.js';
import type { Clock } from '../jobs/clock.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { BillingMail } from './billing-mail.js';
import { addInterval, PERIOD_END_JOB, periodEndDueAt } from './billing-period.js';
import {
  claimSession,
  findSubscription,
  insertPayment,
  insertSubscription,
  linkSession,
  liveSubscription,
  loadBillingUser,
  markEnded,
  movePeriod,
  type Db,
  type SubscriptionRow,
} from './billing.repository.js';
import type { PaymentProviderName } from './billing.tables.js';
import { getPlan, type PlanRow } from './catalogue.js';
import type { ContactUpdates } from './contact-updates.js';

export type Activation =
  | { kind: 'activated'; subscriptionId: number; paymentId: number }
  /** The session was completed before (a repeated payment or event). */
  | { kind: 'completed-before' }
  /** The user has another live subscription (the database allows one). Nothing was written. */
  | { kind: 'already-subscribed' };

export interface ActivationInput {
  userId: number;
  plan: PlanRow;
  provider: PaymentProviderName;
  sessionId: string;
  cardLast4: string | null;
  renews: boolean;
  externalId: string | null;
  periodEnd: number;
  amountPaid: number;
  /** The session statuses it may complete (Stripe: an expired session paid anyway is still money taken). */
  claimable: ('open' | 'expired')[];
}

export interface LifecycleDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mail: BillingMail;
  contacts: ContactUpdates;
  log: Log;
  /** Whether test mode takes payments here (a test-card subscription renews only then). */
  testMode: boolean;
}

/**
 * A subscription from payment to end. The subscriber tag (2582) follows it: granted when one
 * becomes active, removed when it ends (period end after cancellation, failed renewal, refund,
 * admin revoke). Period ends are durable jobs (PERIOD_END_JOB).
 */
export class SubscriptionLifecycle {
  constructor(private readonly deps: LifecycleDeps) {}

  /**
   * Turns a paid checkout session into an active subscription, grants the tag, schedules the
   * period end and sends the mails, all or nothing.
   */
  async activate(input: ActivationInput): Promise<Activation> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    let result: { subscriptionId: number; paymentId: number } | null;
    try {
      result = await this.insertActivation(input, now);
    } catch (error) {
      // subscriptions_one_live_per_user: another live subscription won (the transaction rolled back).
      if (isUniqueViolation(error) && (await liveSubscription(db, input.userId))) {
        return { kind: 'already-subscribed' };
      }
      throw error;
    }
    if (!result) return { kind: 'completed-before' };
    log.info({ userId: input.userId, subscriptionId: result.subscriptionId }, 'billing: subscription active');
    this.deps.contacts.changed(input.userId);
    const user = await loadBillingUser(db, input.userId);
    if (user) {
      await this.deps.mail.started(user, input.plan, input.periodEnd);
      await this.deps.mail.receipt(user, input.plan, {
        id: result.paymentId,
        paidAt: now,
        cardLast4: input.cardLast4,
        periodEnd: input.periodEnd,
      });
    }
    return { kind: 'activated', ...result };
  }

  private async insertActivation(
    input: ActivationInput,
    now: number,
  ): Promise<{ subscriptionId: number; paymentId: number } | null> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await claimSession(trx, input.sessionId, input.claimable, now))) return null;
      const subscriptionId = await insertSubscription(
        trx,
        {
          user_id: input.userId,
          price_id: input.plan.priceId,
          provider: input.provider,
          status: 'active',
          current_period_start: now,
          current_period_end: input.periodEnd,
          cancel_at_period_end: 0,
          card_last4: input.cardLast4,
          card_renews: input.renews ? 1 : 0,
          external_id: input.externalId,
          end_reason: null,
          ended_at: null,
        },
        now,
      );
      await linkSession(trx, input.sessionId, subscriptionId);
      const paymentId = await insertPayment(trx, {
        user_id: input.userId,
        subscription_id: subscriptionId,
        checkout_session_id: input.sessionId,
        amount: input.amountPaid,
        currency: input.plan.currency,
        status: 'paid',
        card_last4: input.cardLast4,
        message: 'Paid',
        created_at: now,
      });
      const contact = await ensureContactForUser(trx, input.userId, now);
      await addTag(trx, contact.id, SUBSCRIBER_TAG_ID);
      await this.schedulePeriodEnd(trx, subscriptionId, input.provider, input.periodEnd);
      return { subscriptionId, paymentId };
    });
  }

  private async schedulePeriodEnd(db: Db, subscriptionId: number, provider: PaymentProviderName, periodEnd: number) {
    await this.deps.jobs.schedule(
      PERIOD_END_JOB,
      `period_end:${subscriptionId}:${periodEnd}`,
      periodEndDueAt(provider, periodEnd),
      { subscriptionId },
      db,
    );
  }

  /** The scheduled job. Idempotent: a stale or repeated run changes nothing. */
  async handlePeriodEnd(subscriptionId: number): Promise<void> {
    const { db, clock } = this.deps;
    const sub = await findSubscription(db, subscriptionId);
    if (!sub) return;
    const now = clock.now();
    if (sub.status === 'ended') return;
    if (periodEndDueAt(sub.provider, sub.current_period_end) > now) return; // renewed since this job was scheduled
    if (sub.cancel_at_period_end === 1) {
      await this.end(sub.id, 'cancelled');
      return;
    }
    if (sub.provider === 'stripe') {
      await this.end(sub.id, 'not renewed');
      return;
    }
    // A test-mode card is no money: its subscription renews only while test mode takes payments.
    if (!this.deps.testMode) {
      await this.end(sub.id, 'test mode is off');
      return;
    }
    const plan = await getPlan(db, sub.price_id);
    if (!plan) {
      await this.end(sub.id, 'plan withdrawn');
      return;
    }
    if (sub.card_renews !== 1) {
      await insertPayment(db, {
        user_id: sub.user_id,
        subscription_id: sub.id,
        checkout_session_id: null,
        amount: plan.amount,
        currency: plan.currency,
        status: 'declined',
        card_last4: sub.card_last4,
        message: 'Renewal declined by the card on file (test mode).',
        created_at: now,
      });
      await this.end(sub.id, 'renewal payment failed');
      return;
    }
    await this.renew(
      sub,
      plan,
      sub.current_period_end,
      addInterval(sub.current_period_end, plan.interval),
      plan.amount,
    );
  }

  /** Extends the period after a successful renewal payment; idempotent per period. */
  async renew(sub: SubscriptionRow, plan: PlanRow, start: number, end: number, amount: number): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const paymentId = await db.transaction().execute(async (trx) => {
      if (!(await movePeriod(trx, sub.id, start, end, now))) return null;
      const id = await insertPayment(trx, {
        user_id: sub.user_id,
        subscription_id: sub.id,
        checkout_session_id: null,
        amount,
        currency: plan.currency,
        status: 'paid',
        card_last4: sub.card_last4,
        message: 'Renewal',
        created_at: now,
      });
      await this.schedulePeriodEnd(trx, sub.id, sub.provider, end);
      return id;
    });
    if (paymentId === null) return;
    const user = await loadBillingUser(db, sub.user_id);
    if (user)
      await this.deps.mail.receipt(user, plan, {
        id: paymentId,
        paidAt: now,
        cardLast4: sub.card_last4,
        periodEnd: end,
      });
  }

  /** Ends a subscription and removes the tag (unless another subscription is still live). Idempotent. */
  async end(subscriptionId: number, reason: string): Promise<boolean> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const row = await findSubscription(db, subscriptionId);
    if (!row || row.status === 'ended') return false;
    const userId = row.user_id;
    const ended = await db.transaction().execute(async (trx) => {
      if (!(await markEnded(trx, subscriptionId, reason, now))) return false;
      if (!(await liveSubscription(trx, userId))) {
        const contact = await getContactForUser(trx, userId);
        if (contact) await removeTag(trx, contact.id, SUBSCRIBER_TAG_ID);
      }
      return true;
    });
    if (!ended) return false;
    log.info({ userId, subscriptionId, reason }, 'billing: subscription ended');
    this.deps.contacts.changed(userId);
    const user = await loadBillingUser(db, userId);
    const plan = await getPlan(db, row.price_id);
    if (user && plan) await this.deps.mail.ended(user, plan, reason);
    return true;
  }
}
