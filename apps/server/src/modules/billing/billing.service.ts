import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SUBSCRIBER_TAG_ID,
  type CheckoutResponse,
  type CheckoutSession,
  type PayResponse,
  type SubscriptionResponse,
} from '@solstice/contracts';
import { billingTestModeOn, publicOrigin } from '../../config/settings.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound, serviceUnavailable, validationFailed } from '../../http/errors.js';
import { isUniqueViolation } from '../auth/users.repository.js';
import { addTag, ensureContactForUser, getContactForUser, removeTag } from '../contacts/contacts.repository.js';
import { mailTemplates, type MailUser, type PlanFacts, type RenderedMail } from '../mail/mail-templates.js';
import type { PaymentProviderName, SubscriptionsTable } from './billing.tables.js';
import { addInterval, DAY_MS, systemClock, type Clock } from './clock.js';
import { JobQueue } from './job-queue.js';
import { getPlan, planPrice, planProduct, type PlanRow } from './products.js';
import { StripeGateway } from './stripe-gateway.js';
import {
  invoiceSubscriptionId,
  referenceId,
  type StripeCheckoutSessionData,
  type StripeInvoiceData,
  type StripeSubscriptionData,
  type StripeWebhookEvent,
} from './stripe-events.js';
import { stripePayments, testModePayments, type PaymentProvider } from './payment-provider.js';
import { expiryInPast, testCardOutcome } from './test-cards.js';
import { ContactSyncClient } from '../integrations/contact-sync.js';

type Db = Kysely<Database>;
export type BillingContext = Omit<AppContext, 'billing'>;

export const PERIOD_END_JOB = 'subscription.period_end';
/** Stripe renews on its own and tells us by webhook; we only end a subscription it left unpaid this long. */
const STRIPE_GRACE_MS = 3 * DAY_MS;
/** A test-mode checkout session can be paid for this long (the price shown must not go stale). */
export const CHECKOUT_TTL_MS = DAY_MS;
/**
 * Asking to check out the same plan again within this time gives the same open session (a
 * double click, a retried request, several tabs). Shorter than CHECKOUT_TTL_MS and than the
 * 24 hours Stripe keeps an idempotency key, so a reused Stripe session is replayed by its key.
 */
export const CHECKOUT_REUSE_MS = 60 * 60 * 1000;
/** What a user sees when this server takes no payments (production without a provider). */
export const PAYMENTS_OFF_MESSAGE =
  'Payments are not configured on this server, so subscriptions cannot be bought right now. Please try again later.';
const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription. Manage it from your profile.';

type Activation =
  | { kind: 'activated'; subscriptionId: number; paymentId: number }
  /** The session was completed before (a repeated payment or event). */
  | { kind: 'completed-before' }
  /** The user has another live subscription (the database allows one). Nothing was written. */
  | { kind: 'already-subscribed' };

interface SubscriptionRow {
  id: number;
  user_id: number;
  price_id: number;
  provider: PaymentProviderName;
  status: SubscriptionsTable['status'];
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: number;
  card_renews: number;
  card_last4: string | null;
  external_id: string | null;
  updated_at: number;
}

export interface BillingUser {
  id: number;
  email: string;
  username: string;
}

/**
 * Checkout (built-in test mode or Stripe), subscriptions and the subscriber tag.
 * The tag 2582 follows the subscription: granted when one becomes active, removed when it
 * ends (period end after cancellation, failed renewal, refund, admin revoke).
 */
export class BillingService {
  clock: Clock = systemClock;
  readonly jobs: JobQueue;
  readonly stripe: StripeGateway | null;
  /**
   * Stripe when its keys are set, else the built-in test mode when it is on
   * (`billingTestModeOn`: by default outside production), else null: checkout is refused.
   */
  readonly payments: PaymentProvider | null;
  readonly contactSync: ContactSyncClient | null;

  constructor(private readonly ctx: BillingContext) {
    this.stripe = StripeGateway.fromSettings(ctx.settings);
    this.payments = this.stripe
      ? stripePayments(this.stripe)
      : billingTestModeOn(ctx.settings)
        ? testModePayments
        : null;
    this.contactSync = ContactSyncClient.fromSettings(ctx.settings, () => ctx.logger);
    this.jobs = new JobQueue(
      ctx.database.db,
      () => this.clock,
      () => ctx.logger,
    );
    this.jobs.register(PERIOD_END_JOB, async (payload) => {
      await this.handlePeriodEnd(Number(payload.subscriptionId));
    });
  }

  private get db(): Db {
    return this.ctx.database.db;
  }

  get provider(): PaymentProviderName | 'none' {
    return this.payments?.name ?? 'none';
  }

  get providerLabel(): string {
    return this.payments?.label ?? 'Payments are not configured';
  }

  /** Whether the built-in test checkout (and its test clock) is what takes payments here. */
  get testMode(): boolean {
    return this.payments?.name === 'test';
  }

  private requirePayments(): PaymentProvider {
    if (this.payments) return this.payments;
    this.ctx.logger?.warn(
      'payments: checkout refused: no payment provider (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or BILLING_TEST_MODE=true for the test checkout)',
    );
    throw serviceUnavailable(PAYMENTS_OFF_MESSAGE);
  }

  private appUrl(): string {
    return publicOrigin(this.ctx.settings);
  }

  // ---------------------------------------------------------------- checkout

  /**
   * Opens a checkout session, or gives the user's open one for the same plan again (see
   * CHECKOUT_REUSE_MS): repeated and concurrent requests get one session, held by a unique
   * index on open sessions per user and price.
   */
  async createCheckout(user: BillingUser, priceId: number): Promise<CheckoutResponse> {
    const payments = this.requirePayments();
    const plan = await getPlan(this.db, priceId);
    if (!plan || !plan.active) throw notFound(`There is no plan with price id ${priceId}.`);
    if (await this.currentSubscription(user.id)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
    const session = await this.openSession(user.id, plan.priceId, payments.name);
    let started: { url: string; externalId: string | null };
    try {
      // A reused Stripe session is asked for again with the same idempotency key: Stripe answers the same one.
      started = await payments.startCheckout({
        sessionId: session.id,
        userId: user.id,
        email: user.email,
        plan,
        appUrl: this.appUrl(),
      });
    } catch (error) {
      this.ctx.logger?.error({ err: error, provider: payments.name }, 'payments: starting a checkout failed');
      // Expired, not deleted: a concurrent request may have reached Stripe with this session's key,
      // and a payment on that page must still find its session.
      if (session.created) {
        await this.db
          .updateTable('checkout_sessions')
          .set({ status: 'expired' })
          .where('id', '=', session.id)
          .where('status', '=', 'open')
          .execute();
      }
      throw serviceUnavailable('The payment service is unavailable right now. Try again in a minute.');
    }
    if (started.externalId && started.externalId !== session.externalId) {
      await this.db
        .updateTable('checkout_sessions')
        .set({ external_id: started.externalId })
        .where('id', '=', session.id)
        .execute();
    }
    return { sessionId: session.id, url: started.url, provider: payments.name };
  }

  /** The user's open session for this price if it is recent, else a new one (an older one expires). */
  private async openSession(
    userId: number,
    priceId: number,
    provider: PaymentProviderName,
  ): Promise<{ id: string; externalId: string | null; created: boolean }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = this.clock.now();
      const open = await this.db
        .selectFrom('checkout_sessions')
        .select(['id', 'provider', 'external_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('price_id', '=', priceId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) {
        if (open.provider === provider && Number(open.created_at) + CHECKOUT_REUSE_MS > now) {
          return { id: open.id, externalId: open.external_id, created: false };
        }
        await this.db
          .updateTable('checkout_sessions')
          .set({ status: 'expired' })
          .where('id', '=', open.id)
          .where('status', '=', 'open')
          .execute();
      }
      const id = `cs_${provider}_${randomBytes(16).toString('base64url')}`;
      try {
        await this.db
          .insertInto('checkout_sessions')
          .values({
            id,
            user_id: userId,
            price_id: priceId,
            provider,
            status: 'open',
            external_id: null,
            subscription_id: null,
            created_at: now,
            completed_at: null,
          })
          .execute();
        return { id, externalId: null, created: true };
      } catch (error) {
        // A concurrent request opened one first: the next round takes it.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`billing: could not open a checkout session for user ${userId} and price ${priceId}`);
  }

  private async sessionOf(userId: number, sessionId: string) {
    const session = await this.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // Another user's session is indistinguishable from a missing one.
    if (!session) throw notFound('There is no such checkout session.');
    return session;
  }

  async getCheckout(userId: number, sessionId: string): Promise<CheckoutSession> {
    const session = await this.sessionOf(userId, sessionId);
    const plan = await getPlan(this.db, Number(session.price_id));
    if (!plan) throw notFound('The plan of this checkout session no longer exists.');
    return {
      sessionId: session.id,
      status: session.status,
      provider: session.provider,
      providerLabel: session.provider === 'stripe' ? 'Stripe' : 'Test mode',
      product: planProduct(plan),
      price: planPrice(plan),
    };
  }

  /** Test mode only. Paying a paid session again answers "paid" and charges nothing. */
  async payTestSession(
    user: BillingUser,
    sessionId: string,
    card: { cardNumber: string; expiry: string; cvc: string },
  ): Promise<PayResponse> {
    const session = await this.sessionOf(user.id, sessionId);
    if (session.provider !== 'test') throw badRequest('This checkout session is paid on Stripe, not in test mode.');
    // A session opened while test mode was on cannot be paid after it was switched off.
    if (!this.testMode) throw serviceUnavailable(PAYMENTS_OFF_MESSAGE);
    if (session.status === 'paid') return { status: 'paid', message: 'This checkout session is already paid.' };
    const now = this.clock.now();
    if (session.status === 'open' && Number(session.created_at) + CHECKOUT_TTL_MS < now) {
      await this.db.updateTable('checkout_sessions').set({ status: 'expired' }).where('id', '=', session.id).execute();
      session.status = 'expired';
    }
    if (session.status !== 'open') throw conflict('This checkout session has expired. Start a new checkout.');
    if (expiryInPast(card.expiry, now)) {
      throw validationFailed('Invalid body.expiry: the card has expired', [
        { path: 'body.expiry', message: 'the card has expired' },
      ]);
    }
    const plan = await getPlan(this.db, Number(session.price_id));
    if (!plan || !plan.active) throw conflict('This plan is no longer offered. Choose another one.');
    // Refused before the card is charged; concurrent payments are caught by the unique index in activate().
    if (await this.currentSubscription(user.id)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
    const outcome = testCardOutcome(card.cardNumber);
    const last4 = card.cardNumber.slice(-4);
    if (!outcome.pays) {
      await this.db
        .insertInto('payments')
        .values({
          user_id: user.id,
          subscription_id: null,
          checkout_session_id: session.id,
          amount: plan.amount,
          currency: plan.currency,
          status: 'declined',
          card_last4: last4,
          message: outcome.message,
          created_at: now,
        })
        .execute();
      return { status: 'declined', message: outcome.message };
    }
    const activated = await this.activate({
      userId: user.id,
      plan,
      provider: 'test',
      sessionId: session.id,
      cardLast4: last4,
      renews: outcome.renews,
      externalId: null,
      periodEnd: addInterval(now, plan.interval),
      amountPaid: plan.amount,
      claimable: ['open'],
    });
    if (activated.kind === 'completed-before') {
      return { status: 'paid', message: 'This checkout session is already paid.' };
    }
    // Test mode charges nothing until activate() commits, so a refusal costs the user nothing.
    if (activated.kind === 'already-subscribed') throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
    return { status: 'paid', message: outcome.message };
  }

  /**
   * Turns a paid checkout session into an active subscription, grants the tag, schedules the
   * period end and sends the mails, all or nothing. `claimable`: the session statuses it may
   * complete (Stripe: an expired session paid anyway is still money taken).
   */
  private async activate(input: {
    userId: number;
    plan: PlanRow;
    provider: PaymentProviderName;
    sessionId: string;
    cardLast4: string | null;
    renews: boolean;
    externalId: string | null;
    periodEnd: number;
    amountPaid: number;
    claimable: ('open' | 'expired')[];
  }): Promise<Activation> {
    const now = this.clock.now();
    let result: { subscriptionId: number; paymentId: number } | null;
    try {
      result = await this.insertActivation(input, now);
    } catch (error) {
      // subscriptions_one_live_per_user: another live subscription won (the transaction rolled back).
      if (isUniqueViolation(error) && (await this.currentSubscription(input.userId))) {
        return { kind: 'already-subscribed' };
      }
      throw error;
    }
    if (!result) return { kind: 'completed-before' };
    this.ctx.logger?.info(
      { userId: input.userId, subscriptionId: result.subscriptionId },
      'billing: subscription active',
    );
    this.syncContact(input.userId);
    const user = await this.loadUser(input.userId);
    if (user) {
      const facts = planFacts(input.plan);
      await this.mail(user, mailTemplates.subscriptionStarted(user, facts, input.periodEnd, this.appUrl()));
      await this.mail(
        user,
        mailTemplates.receipt(user, facts, {
          id: result.paymentId,
          paidAt: now,
          cardLast4: input.cardLast4,
          periodEnd: input.periodEnd,
        }),
      );
    }
    return { kind: 'activated', ...result };
  }

  private async insertActivation(
    input: Parameters<BillingService['activate']>[0],
    now: number,
  ): Promise<{ subscriptionId: number; paymentId: number } | null> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('checkout_sessions')
        .set({ status: 'paid', completed_at: now })
        .where('id', '=', input.sessionId)
        .where('status', 'in', input.claimable)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      const sub = await trx
        .insertInto('subscriptions')
        .values({
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
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const subscriptionId = Number(sub.id);
      await trx
        .updateTable('checkout_sessions')
        .set({ subscription_id: subscriptionId })
        .where('id', '=', input.sessionId)
        .execute();
      const payment = await trx
        .insertInto('payments')
        .values({
          user_id: input.userId,
          subscription_id: subscriptionId,
          checkout_session_id: input.sessionId,
          amount: input.amountPaid,
          currency: input.plan.currency,
          status: 'paid',
          card_last4: input.cardLast4,
          message: 'Paid',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const contact = await ensureContactForUser(trx, input.userId, now);
      await addTag(trx, contact.id, SUBSCRIBER_TAG_ID);
      await this.schedulePeriodEnd(trx, subscriptionId, input.provider, input.periodEnd);
      return { subscriptionId, paymentId: Number(payment.id) };
    });
  }

  private async schedulePeriodEnd(db: Db, subscriptionId: number, provider: PaymentProviderName, periodEnd: number) {
    const runAt = provider === 'stripe' ? periodEnd + STRIPE_GRACE_MS : periodEnd;
    await this.jobs.schedule(
      PERIOD_END_JOB,
      `period_end:${subscriptionId}:${periodEnd}`,
      runAt,
      { subscriptionId },
      db,
    );
  }

  // ---------------------------------------------------------------- subscriptions

  /** The user's live subscription (active, possibly cancelled at period end), if any. */
  async currentSubscription(userId: number): Promise<SubscriptionRow | null> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'past_due'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? normalizeSubscription(row) : null;
  }

  async getSubscription(userId: number): Promise<SubscriptionResponse> {
    const contact = await getContactForUser(this.db, userId);
    const subscriber = Boolean(contact?.tag_ids.includes(SUBSCRIBER_TAG_ID));
    const current =
      (await this.currentSubscription(userId)) ??
      (await this.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst()
        .then((r) => (r ? normalizeSubscription(r) : null)));
    if (!current) {
      return {
        status: 'none',
        product: null,
        price: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        subscriber,
      };
    }
    const plan = await getPlan(this.db, current.price_id);
    return {
      status: current.status,
      product: plan ? planProduct(plan) : null,
      price: plan ? planPrice(plan) : null,
      currentPeriodEnd: new Date(current.current_period_end).toISOString(),
      cancelAtPeriodEnd: current.cancel_at_period_end === 1,
      subscriber,
    };
  }

  async cancel(userId: number): Promise<SubscriptionResponse> {
    const current = await this.currentSubscription(userId);
    if (!current) throw notFound('You have no active subscription to cancel.');
    if (current.cancel_at_period_end === 1) return this.getSubscription(userId);
    await this.setCancelFlag(current, true);
    const user = await this.loadUser(userId);
    const plan = await getPlan(this.db, current.price_id);
    if (user && plan) {
      await this.mail(
        user,
        mailTemplates.subscriptionEnding(user, planFacts(plan), current.current_period_end, this.appUrl()),
      );
    }
    return this.getSubscription(userId);
  }

  async resume(userId: number): Promise<SubscriptionResponse> {
    const current = await this.currentSubscription(userId);
    if (!current) throw notFound('You have no active subscription to resume. Subscribe at /subscribe.');
    if (current.cancel_at_period_end === 1) await this.setCancelFlag(current, false);
    return this.getSubscription(userId);
  }

  private async setCancelFlag(sub: SubscriptionRow, cancel: boolean): Promise<void> {
    if (sub.provider === 'stripe' && sub.external_id) {
      if (!this.stripe) throw serviceUnavailable('Stripe is not configured; this subscription cannot be changed now.');
      try {
        // The row's updated_at changes with every change we make, so one intent (and its retries) has one key.
        await this.stripe.setCancelAtPeriodEnd(
          sub.external_id,
          cancel,
          `${sub.external_id}-${cancel}-${sub.updated_at}`,
        );
      } catch (error) {
        this.ctx.logger?.error({ err: error }, 'stripe: updating a subscription failed');
        throw serviceUnavailable('The payment service is unavailable right now. Try again in a minute.');
      }
    }
    await this.db
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: cancel ? 1 : 0, updated_at: this.clock.now() })
      .where('id', '=', sub.id)
      .execute();
  }

  /** The scheduled job. Idempotent: a stale or repeated run changes nothing. */
  async handlePeriodEnd(subscriptionId: number): Promise<void> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    if (!row) return;
    const sub = normalizeSubscription(row);
    const now = this.clock.now();
    if (sub.status === 'ended') return;
    const dueAt = sub.provider === 'stripe' ? sub.current_period_end + STRIPE_GRACE_MS : sub.current_period_end;
    if (dueAt > now) return; // renewed since this job was scheduled
    if (sub.cancel_at_period_end === 1) {
      await this.endSubscription(sub.id, 'cancelled');
      return;
    }
    if (sub.provider === 'stripe') {
      await this.endSubscription(sub.id, 'not renewed');
      return;
    }
    // A test-mode card is no money: its subscription renews only while test mode takes payments.
    if (!this.testMode) {
      await this.endSubscription(sub.id, 'test mode is off');
      return;
    }
    const plan = await getPlan(this.db, sub.price_id);
    if (!plan) {
      await this.endSubscription(sub.id, 'plan withdrawn');
      return;
    }
    if (sub.card_renews !== 1) {
      await this.db
        .insertInto('payments')
        .values({
          user_id: sub.user_id,
          subscription_id: sub.id,
          checkout_session_id: null,
          amount: plan.amount,
          currency: plan.currency,
          status: 'declined',
          card_last4: sub.card_last4,
          message: 'Renewal declined by the card on file (test mode).',
          created_at: now,
        })
        .execute();
      await this.endSubscription(sub.id, 'renewal payment failed');
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
  private async renew(sub: SubscriptionRow, plan: PlanRow, start: number, end: number, amount: number): Promise<void> {
    const now = this.clock.now();
    const paymentId = await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('subscriptions')
        .set({ current_period_start: start, current_period_end: end, status: 'active', updated_at: now })
        .where('id', '=', sub.id)
        .where('current_period_end', '<', end)
        .where('status', '!=', 'ended')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return null;
      const payment = await trx
        .insertInto('payments')
        .values({
          user_id: sub.user_id,
          subscription_id: sub.id,
          checkout_session_id: null,
          amount,
          currency: plan.currency,
          status: 'paid',
          card_last4: sub.card_last4,
          message: 'Renewal',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.schedulePeriodEnd(trx, sub.id, sub.provider, end);
      return Number(payment.id);
    });
    if (paymentId === null) return;
    const user = await this.loadUser(sub.user_id);
    if (user) {
      await this.mail(
        user,
        mailTemplates.receipt(user, planFacts(plan), {
          id: paymentId,
          paidAt: now,
          cardLast4: sub.card_last4,
          periodEnd: end,
        }),
      );
    }
  }

  /** Ends a subscription and removes the tag (unless another subscription is still live). Idempotent. */
  async endSubscription(subscriptionId: number, reason: string): Promise<boolean> {
    const now = this.clock.now();
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    if (!row || row.status === 'ended') return false;
    const userId = Number(row.user_id);
    const ended = await this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('subscriptions')
        .set({ status: 'ended', end_reason: reason, ended_at: now, cancel_at_period_end: 0, updated_at: now })
        .where('id', '=', subscriptionId)
        .where('status', '!=', 'ended')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      const others = await trx
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', ['active', 'past_due'])
        .executeTakeFirst();
      if (!others) {
        const contact = await getContactForUser(trx, userId);
        if (contact) await removeTag(trx, contact.id, SUBSCRIBER_TAG_ID);
      }
      return true;
    });
    if (!ended) return false;
    this.ctx.logger?.info({ userId, subscriptionId, reason }, 'billing: subscription ended');
    this.syncContact(userId);
    const user = await this.loadUser(userId);
    const plan = await getPlan(this.db, Number(row.price_id));
    if (user && plan)
      await this.mail(user, mailTemplates.subscriptionEnded(user, planFacts(plan), reason, this.appUrl()));
    return true;
  }

  // ---------------------------------------------------------------- admin

  /** Grants the subscriber tag by hand (no payment); it stays until revoked. */
  async grantTag(userId: number): Promise<{ id: number; tag_ids: number[] }> {
    const contact = await ensureContactForUser(this.db, userId, this.clock.now());
    await addTag(this.db, contact.id, SUBSCRIBER_TAG_ID);
    this.syncContact(userId);
    const after = await getContactForUser(this.db, userId);
    return { id: contact.id, tag_ids: after?.tag_ids ?? [] };
  }

  /** Removes the tag and ends the user's live subscriptions. */
  async revokeTag(userId: number, reason = 'revoked by an administrator'): Promise<{ id: number; tag_ids: number[] }> {
    const live = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'past_due'])
      .execute();
    for (const sub of live) await this.endSubscription(Number(sub.id), reason);
    const contact = await ensureContactForUser(this.db, userId, this.clock.now());
    await removeTag(this.db, contact.id, SUBSCRIBER_TAG_ID);
    this.syncContact(userId);
    const after = await getContactForUser(this.db, userId);
    return { id: contact.id, tag_ids: after?.tag_ids ?? [] };
  }

  /** Marks the subscription's payments refunded and ends it at once. */
  async refund(subscriptionId: number): Promise<void> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    if (!row) throw notFound(`There is no subscription ${subscriptionId}.`);
    await this.db
      .updateTable('payments')
      .set({ status: 'refunded' })
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'paid')
      .execute();
    await this.endSubscription(subscriptionId, 'refunded');
  }

  // ---------------------------------------------------------------- stripe webhook

  /** Applies a verified, well-formed Stripe event once (processed ids are remembered). */
  async handleStripeEvent(event: StripeWebhookEvent): Promise<'processed' | 'duplicate' | 'ignored'> {
    const seen = await this.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
    if (seen) return 'duplicate';
    let outcome: 'processed' | 'ignored';
    switch (event.kind) {
      case 'checkout_completed':
        outcome = await this.onStripeCheckoutCompleted(event.object);
        break;
      case 'invoice_paid':
        outcome = await this.onStripeInvoicePaid(event.object);
        break;
      case 'subscription_updated':
        outcome = await this.onStripeSubscriptionUpdated(event.object);
        break;
      case 'subscription_deleted':
        outcome = await this.onStripeSubscriptionDeleted(event.object);
        break;
      case 'other':
        outcome = 'ignored';
    }
    // Recorded after the work: a crash in between makes Stripe retry, and every handler is idempotent.
    await this.db
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type, processed_at: this.clock.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return outcome;
  }

  private async onStripeCheckoutCompleted(session: StripeCheckoutSessionData): Promise<'processed' | 'ignored'> {
    const ourId = session.client_reference_id ?? session.metadata?.sessionId ?? null;
    if (!ourId) return 'ignored';
    const ours = await this.db.selectFrom('checkout_sessions').selectAll().where('id', '=', ourId).executeTakeFirst();
    if (!ours || ours.provider !== 'stripe') {
      this.ctx.logger?.warn({ sessionId: ourId }, 'stripe: checkout.session.completed for an unknown session');
      return 'ignored';
    }
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return 'ignored';
    if (ours.status === 'paid') return 'ignored';
    const plan = await getPlan(this.db, Number(ours.price_id));
    if (!plan) return 'ignored';
    const userId = Number(ours.user_id);
    const stripeSubscriptionId = referenceId(session.subscription);
    const live = await this.currentSubscription(userId);
    const activation: Activation = live
      ? { kind: 'already-subscribed' }
      : await this.activate({
          userId,
          plan,
          provider: 'stripe',
          sessionId: ours.id,
          cardLast4: null,
          renews: true,
          externalId: stripeSubscriptionId,
          periodEnd: addInterval(this.clock.now(), plan.interval),
          amountPaid: session.amount_total ?? plan.amount,
          // An expired session paid anyway is still money taken: it counts.
          claimable: ['open', 'expired'],
        });
    if (activation.kind === 'already-subscribed') {
      const current = live ?? (await this.currentSubscription(userId));
      // The live one came from this very Stripe subscription (a concurrent delivery): nothing to undo.
      if (current && stripeSubscriptionId !== null && current.external_id === stripeSubscriptionId) return 'processed';
      await this.undoDuplicateStripeSubscription(ours.id, userId, plan, session, stripeSubscriptionId);
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
  private async undoDuplicateStripeSubscription(
    sessionId: string,
    userId: number,
    plan: PlanRow,
    session: StripeCheckoutSessionData,
    stripeSubscriptionId: string | null,
  ): Promise<void> {
    let reason = 'duplicate subscription: refund it on Stripe by hand (no Stripe subscription id)';
    let refunded = false;
    if (stripeSubscriptionId && this.stripe) {
      ({ refunded } = await this.stripe.cancelAndRefund(stripeSubscriptionId, referenceId(session.invoice), sessionId));
      reason = refunded
        ? 'duplicate subscription: cancelled and refunded on Stripe'
        : 'duplicate subscription: cancelled on Stripe (nothing was paid)';
    }
    const now = this.clock.now();
    const recorded = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('checkout_sessions')
        .set({ status: 'paid', completed_at: now })
        .where('id', '=', sessionId)
        .where('status', 'in', ['open', 'expired'])
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const sub = await trx
        .insertInto('subscriptions')
        .values({
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
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('checkout_sessions')
        .set({ subscription_id: Number(sub.id) })
        .where('id', '=', sessionId)
        .execute();
      const amount = session.amount_total ?? plan.amount;
      if (amount > 0) {
        await trx
          .insertInto('payments')
          .values({
            user_id: userId,
            subscription_id: Number(sub.id),
            checkout_session_id: sessionId,
            amount,
            currency: plan.currency,
            status: refunded ? 'refunded' : 'paid',
            card_last4: null,
            message: refunded ? 'Duplicate subscription: refunded' : `Duplicate subscription: ${reason}`,
            created_at: now,
          })
          .execute();
      }
      return true;
    });
    if (recorded) {
      const log = stripeSubscriptionId ? 'warn' : 'error';
      this.ctx.logger?.[log](
        { userId, sessionId, stripeSubscriptionId, refunded },
        `billing: a second subscription was paid for; ${reason}`,
      );
    }
  }

  private async subscriptionByExternal(externalId: string | null): Promise<SubscriptionRow | null> {
    if (!externalId) return null;
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row ? normalizeSubscription(row) : null;
  }

  private async onStripeInvoicePaid(invoice: StripeInvoiceData): Promise<'processed' | 'ignored'> {
    const sub = await this.subscriptionByExternal(invoiceSubscriptionId(invoice));
    if (!sub || sub.status === 'ended') return 'ignored';
    const line = invoice.lines?.data?.[0];
    const periodEnd = line?.period?.end ? line.period.end * 1000 : null;
    const periodStart = line?.period?.start ? line.period.start * 1000 : sub.current_period_end;
    if (!periodEnd || periodEnd <= sub.current_period_end) return 'ignored';
    const plan = await getPlan(this.db, sub.price_id);
    if (!plan) return 'ignored';
    await this.renew(sub, plan, periodStart, periodEnd, invoice.amount_paid ?? plan.amount);
    return 'processed';
  }

  private async onStripeSubscriptionUpdated(subscription: StripeSubscriptionData): Promise<'processed' | 'ignored'> {
    const sub = await this.subscriptionByExternal(subscription.id);
    if (!sub || sub.status === 'ended') return 'ignored';
    if (
      subscription.status === 'canceled' ||
      subscription.status === 'unpaid' ||
      subscription.status === 'incomplete_expired'
    ) {
      await this.endSubscription(sub.id, `Stripe status ${subscription.status}`);
      return 'processed';
    }
    const cancel = subscription.cancel_at_period_end ? 1 : 0;
    if (cancel !== sub.cancel_at_period_end) {
      await this.db
        .updateTable('subscriptions')
        .set({ cancel_at_period_end: cancel, updated_at: this.clock.now() })
        .where('id', '=', sub.id)
        .execute();
    }
    return 'processed';
  }

  private async onStripeSubscriptionDeleted(subscription: StripeSubscriptionData): Promise<'processed' | 'ignored'> {
    const sub = await this.subscriptionByExternal(subscription.id);
    if (!sub) return 'ignored';
    await this.endSubscription(sub.id, 'cancelled');
    return 'processed';
  }

  // ---------------------------------------------------------------- helpers

  async loadUser(userId: number): Promise<BillingUser | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'username'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? { id: Number(row.id), email: row.email, username: row.username } : null;
  }

  /** Mail failures are logged, never undo a payment. */
  private async mail(user: MailUser, mail: RenderedMail): Promise<void> {
    try {
      await this.ctx.mail.send({
        to: user.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: mail.template,
      });
    } catch (error) {
      this.ctx.logger?.warn({ err: error, template: mail.template }, 'mail: sending failed');
    }
  }

  private syncContact(userId: number): void {
    if (!this.contactSync) return;
    void (async () => {
      const user = await this.loadUser(userId);
      const contact = await getContactForUser(this.db, userId);
      if (!user || !contact) return;
      await this.contactSync?.upsert({
        id: contact.id,
        email: user.email,
        username: user.username,
        tag_ids: contact.tag_ids,
      });
    })().catch((error: unknown) => this.ctx.logger?.warn({ err: error }, 'contact sync failed'));
  }
}

function planFacts(plan: PlanRow): PlanFacts {
  return { productName: plan.productName, amount: plan.amount, currency: plan.currency, interval: plan.interval };
}

function normalizeSubscription(row: {
  id: number;
  user_id: number;
  price_id: number;
  provider: PaymentProviderName;
  status: SubscriptionsTable['status'];
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: number;
  card_renews: number;
  card_last4: string | null;
  external_id: string | null;
  updated_at: number;
}): SubscriptionRow {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    price_id: Number(row.price_id),
    provider: row.provider,
    status: row.status,
    current_period_start: Number(row.current_period_start),
    current_period_end: Number(row.current_period_end),
    cancel_at_period_end: Number(row.cancel_at_period_end),
    card_renews: Number(row.card_renews),
    card_last4: row.card_last4,
    external_id: row.external_id,
    updated_at: Number(row.updated_at),
  };
}
