import { randomBytes } from 'node:crypto';
import type { CheckoutResponse, CheckoutSession, PayResponse } from '@solstice/contracts';
import { badRequest, conflict, notFound, serviceUnavailable, validationFailed } from '../../http/errors.js';
import type { Log } from '../../logging.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { DAY_MS, type Clock } from '../jobs/clock.js';
import { addInterval } from './billing-period.js';
import {
  expireSession,
  insertOpenSession,
  insertPayment,
  liveSubscription,
  openSessionFor,
  sessionOfUser,
  setSessionExternalId,
  type BillingUser,
  type Db,
} from './billing.repository.js';
import type { PaymentProviderName } from './billing.tables.js';
import { getPlan, planPrice, planProduct } from './catalogue.js';
import { PAYMENTS_OFF_MESSAGE, type PaymentProvider, type Payments } from './payment-provider.js';
import type { SubscriptionLifecycle } from './subscription-lifecycle.js';
import { expiryInPast, testCardOutcome } from './test-cards.js';

/** A test-mode checkout session can be paid for this long (the price shown must not go stale). */
export const CHECKOUT_TTL_MS = DAY_MS;
/**
 * Asking to check out the same plan again within this time gives the same open session (a
 * double click, a retried request, several tabs). Shorter than CHECKOUT_TTL_MS and than the
 * 24 hours Stripe keeps an idempotency key, so a reused Stripe session is replayed by its key.
 */
export const CHECKOUT_REUSE_MS = 60 * 60 * 1000;
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription. Manage it from your profile.';

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: Payments;
  lifecycle: SubscriptionLifecycle;
  log: Log;
  /** The public origin, for the provider's return links. */
  appUrl: string;
}

/** Checkout sessions: opening one (test mode or Stripe), showing it, paying it in test mode. */
export class Checkout {
  constructor(private readonly deps: CheckoutDeps) {}

  private requirePayments(): PaymentProvider {
    const provider = this.deps.payments.provider;
    if (provider) return provider;
    this.deps.log.warn(
      {},
      'payments: checkout refused: no payment provider (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or BILLING_TEST_MODE=true for the test checkout)',
    );
    throw serviceUnavailable(PAYMENTS_OFF_MESSAGE);
  }

  /**
   * Opens a checkout session, or gives the user's open one for the same plan again (see
   * CHECKOUT_REUSE_MS): repeated and concurrent requests get one session, held by a unique
   * index on open sessions per user and price.
   */
  async create(user: BillingUser, priceId: number): Promise<CheckoutResponse> {
    const { db, log } = this.deps;
    const payments = this.requirePayments();
    const plan = await getPlan(db, priceId);
    if (!plan || !plan.active) throw notFound(`There is no plan with price id ${priceId}.`);
    if (await liveSubscription(db, user.id)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
    const session = await this.openSession(user.id, plan.priceId, payments.name);
    let started: { url: string; externalId: string | null };
    try {
      // A reused Stripe session is asked for again with the same idempotency key: Stripe answers the same one.
      started = await payments.startCheckout({
        sessionId: session.id,
        userId: user.id,
        email: user.email,
        plan,
        appUrl: this.deps.appUrl,
      });
    } catch (error) {
      log.error({ err: error, provider: payments.name }, 'payments: starting a checkout failed');
      // Expired, not deleted: a concurrent request may have reached Stripe with this session's key,
      // and a payment on that page must still find its session.
      if (session.created) await expireSession(db, session.id);
      throw serviceUnavailable('The payment service is unavailable right now. Try again in a minute.');
    }
    if (started.externalId && started.externalId !== session.externalId) {
      await setSessionExternalId(db, session.id, started.externalId);
    }
    return { sessionId: session.id, url: started.url, provider: payments.name };
  }

  /** The user's open session for this price if it is recent, else a new one (an older one expires). */
  private async openSession(
    userId: number,
    priceId: number,
    provider: PaymentProviderName,
  ): Promise<{ id: string; externalId: string | null; created: boolean }> {
    const { db, clock } = this.deps;
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = clock.now();
      const open = await openSessionFor(db, userId, priceId);
      if (open) {
        if (open.provider === provider && Number(open.created_at) + CHECKOUT_REUSE_MS > now) {
          return { id: open.id, externalId: open.external_id, created: false };
        }
        await expireSession(db, open.id);
      }
      const id = `cs_${provider}_${randomBytes(16).toString('base64url')}`;
      try {
        await insertOpenSession(db, { id, userId, priceId, provider, now });
        return { id, externalId: null, created: true };
      } catch (error) {
        // A concurrent request opened one first: the next round takes it.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`billing: could not open a checkout session for user ${userId} and price ${priceId}`);
  }

  private async sessionOf(userId: number, sessionId: string) {
    const session = await sessionOfUser(this.deps.db, userId, sessionId);
    // Another user's session is indistinguishable from a missing one.
    if (!session) throw notFound('There is no such checkout session.');
    return session;
  }

  async get(userId: number, sessionId: string): Promise<CheckoutSession> {
    const session = await this.sessionOf(userId, sessionId);
    const plan = await getPlan(this.deps.db, Number(session.price_id));
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
    const { db, clock, payments, lifecycle } = this.deps;
    const session = await this.sessionOf(user.id, sessionId);
    if (session.provider !== 'test') throw badRequest('This checkout session is paid on Stripe, not in test mode.');
    // A session opened while test mode was on cannot be paid after it was switched off.
    if (!payments.testMode) throw serviceUnavailable(PAYMENTS_OFF_MESSAGE);
    if (session.status === 'paid') return { status: 'paid', message: 'This checkout session is already paid.' };
    const now = clock.now();
    let status = session.status;
    if (status === 'open' && Number(session.created_at) + CHECKOUT_TTL_MS < now) {
      await expireSession(db, session.id);
      status = 'expired';
    }
    if (status !== 'open') throw conflict('This checkout session has expired. Start a new checkout.');
    if (expiryInPast(card.expiry, now)) {
      throw validationFailed('Invalid body.expiry: the card has expired', [
        { path: 'body.expiry', message: 'the card has expired' },
      ]);
    }
    const plan = await getPlan(db, Number(session.price_id));
    if (!plan || !plan.active) throw conflict('This plan is no longer offered. Choose another one.');
    // Refused before the card is charged; concurrent payments are caught by the unique index in activate().
    if (await liveSubscription(db, user.id)) throw conflict(ALREADY_SUBSCRIBED_MESSAGE);
    const outcome = testCardOutcome(card.cardNumber);
    const last4 = card.cardNumber.slice(-4);
    if (!outcome.pays) {
      await insertPayment(db, {
        user_id: user.id,
        subscription_id: null,
        checkout_session_id: session.id,
        amount: plan.amount,
        currency: plan.currency,
        status: 'declined',
        card_last4: last4,
        message: outcome.message,
        created_at: now,
      });
      return { status: 'declined', message: outcome.message };
    }
    const activated = await lifecycle.activate({
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
}
