import { SUBSCRIBER_TAG_ID, type SubscriptionResponse } from '@solstice/contracts';
import { notFound, serviceUnavailable } from '../../http/errors.js';
import type { Log } from '../../logging.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import type { Clock } from '../jobs/clock.js';
import type { BillingMail } from './billing-mail.js';
import {
  latestSubscription,
  liveSubscription,
  loadBillingUser,
  setCancelAtPeriodEnd,
  subscriptionsWithPlan,
  type Db,
  type SubscriptionRow,
  type SubscriptionWithPlan,
} from './billing.repository.js';
import { getPlan, planPrice, planProduct } from './catalogue.js';
import type { StripeGateway } from './stripe-gateway.js';

/** The signed-in user's subscription: what they see, cancelling at period end and resuming. */
export class Subscriptions {
  constructor(
    private readonly deps: { db: Db; clock: Clock; mail: BillingMail; stripe: StripeGateway | null; log: Log },
  ) {}

  async get(userId: number): Promise<SubscriptionResponse> {
    const { db } = this.deps;
    const contact = await getContactForUser(db, userId);
    const subscriber = Boolean(contact?.tag_ids.includes(SUBSCRIBER_TAG_ID));
    const current = (await liveSubscription(db, userId)) ?? (await latestSubscription(db, userId));
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
    const plan = await getPlan(db, current.price_id);
    return {
      status: current.status,
      product: plan ? planProduct(plan) : null,
      price: plan ? planPrice(plan) : null,
      currentPeriodEnd: new Date(current.current_period_end).toISOString(),
      cancelAtPeriodEnd: current.cancel_at_period_end === 1,
      subscriber,
    };
  }

  /** Every subscription the user had, latest first, with its plan. */
  history(userId: number): Promise<SubscriptionWithPlan[]> {
    return subscriptionsWithPlan(this.deps.db, userId);
  }

  async cancel(userId: number): Promise<SubscriptionResponse> {
    const { db } = this.deps;
    const current = await liveSubscription(db, userId);
    if (!current) throw notFound('You have no active subscription to cancel.');
    if (current.cancel_at_period_end === 1) return this.get(userId);
    await this.setCancelFlag(current, true);
    const user = await loadBillingUser(db, userId);
    const plan = await getPlan(db, current.price_id);
    if (user && plan) await this.deps.mail.ending(user, plan, current.current_period_end);
    return this.get(userId);
  }

  async resume(userId: number): Promise<SubscriptionResponse> {
    const current = await liveSubscription(this.deps.db, userId);
    if (!current) throw notFound('You have no active subscription to resume. Subscribe at /subscribe.');
    if (current.cancel_at_period_end === 1) await this.setCancelFlag(current, false);
    return this.get(userId);
  }

  private async setCancelFlag(sub: SubscriptionRow, cancel: boolean): Promise<void> {
    const { stripe, log } = this.deps;
    if (sub.provider === 'stripe' && sub.external_id) {
      if (!stripe) throw serviceUnavailable('Stripe is not configured; this subscription cannot be changed now.');
      try {
        // The row's updated_at changes with every change we make, so one intent (and its retries) has one key.
        await stripe.setCancelAtPeriodEnd(sub.external_id, cancel, `${sub.external_id}-${cancel}-${sub.updated_at}`);
      } catch (error) {
        log.error({ err: error }, 'stripe: updating a subscription failed');
        throw serviceUnavailable('The payment service is unavailable right now. Try again in a minute.');
      }
    }
    await setCancelAtPeriodEnd(this.deps.db, sub.id, cancel, this.deps.clock.now());
  }
}
