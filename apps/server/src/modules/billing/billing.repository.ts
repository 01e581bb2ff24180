import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentProviderName, PaymentsTable, PlanInterval, SubscriptionsTable } from './billing.tables.js';

export {
  claimSession,
  expireSession,
  findSession,
  insertOpenSession,
  linkSession,
  openSessionFor,
  sessionOfUser,
  setSessionExternalId,
  type CheckoutSessionRow,
} from './checkout-sessions.repository.js';

/** The queries of billing. Every function takes the database or a transaction. */
export type Db = Kysely<Database>;

const LIVE = ['active', 'past_due'] as const;

export interface SubscriptionRow {
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

function normalizeSubscription(row: SubscriptionRow): SubscriptionRow {
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

export interface BillingUser {
  id: number;
  email: string;
  username: string;
  locale?: string | null;
}

export async function loadBillingUser(db: Db, userId: number): Promise<BillingUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { id: Number(row.id), email: row.email, username: row.username, locale: row.locale } : null;
}

// ---------------------------------------------------------------- subscriptions

export async function findSubscription(db: Db, id: number): Promise<SubscriptionRow | null> {
  const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? normalizeSubscription(row) : null;
}

/** The user's newest subscription, of the live ones only with `liveOnly`. */
async function newestSubscription(db: Db, userId: number, liveOnly: boolean): Promise<SubscriptionRow | null> {
  let query = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId);
  if (liveOnly) query = query.where('status', 'in', LIVE);
  const row = await query.orderBy('id', 'desc').executeTakeFirst();
  return row ? normalizeSubscription(row) : null;
}

/** The user's live subscription (active, possibly cancelled at period end), if any. */
export async function liveSubscription(db: Db, userId: number): Promise<SubscriptionRow | null> {
  return newestSubscription(db, userId, true);
}

export async function latestSubscription(db: Db, userId: number): Promise<SubscriptionRow | null> {
  return newestSubscription(db, userId, false);
}

export async function liveSubscriptionIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', LIVE)
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function subscriptionByExternalId(db: Db, externalId: string | null): Promise<SubscriptionRow | null> {
  if (!externalId) return null;
  const row = await db.selectFrom('subscriptions').selectAll().where('external_id', '=', externalId).executeTakeFirst();
  return row ? normalizeSubscription(row) : null;
}

export async function insertSubscription(
  db: Db,
  values: Omit<SubscriptionsTable, 'id' | 'created_at' | 'updated_at'>,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('subscriptions')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setCancelAtPeriodEnd(db: Db, id: number, cancel: boolean, now: number): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: cancel ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Ends a subscription that has not ended; answers whether this call ended it. */
export async function markEnded(db: Db, id: number, reason: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('subscriptions')
    .set({ status: 'ended', end_reason: reason, ended_at: now, cancel_at_period_end: 0, updated_at: now })
    .where('id', '=', id)
    .where('status', '!=', 'ended')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves the period forward unless it already reaches `end` (idempotent per period). */
export async function movePeriod(db: Db, id: number, start: number, end: number, now: number): Promise<boolean> {
  const moved = await db
    .updateTable('subscriptions')
    .set({ current_period_start: start, current_period_end: end, status: 'active', updated_at: now })
    .where('id', '=', id)
    .where('current_period_end', '<', end)
    .where('status', '!=', 'ended')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A user's subscriptions with their plans, latest first (the admin's view and the compatibility call). */
export interface SubscriptionWithPlan {
  id: number;
  status: SubscriptionsTable['status'];
  provider: PaymentProviderName;
  productName: string;
  priceId: number;
  amount: number;
  currency: string;
  interval: PlanInterval;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  endReason: string | null;
  endedAt: number | null;
  createdAt: number;
}

export async function subscriptionsWithPlan(db: Db, userId: number): Promise<SubscriptionWithPlan[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .innerJoin('prices', 'prices.id', 'subscriptions.price_id')
    .innerJoin('products', 'products.id', 'prices.product_id')
    .selectAll('subscriptions')
    .select(['products.name as productName', 'prices.amount', 'prices.currency', 'prices.interval'])
    .where('subscriptions.user_id', '=', userId)
    .orderBy('subscriptions.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    provider: r.provider,
    productName: r.productName,
    priceId: Number(r.price_id),
    amount: Number(r.amount),
    currency: r.currency,
    interval: r.interval,
    currentPeriodEnd: Number(r.current_period_end),
    cancelAtPeriodEnd: Number(r.cancel_at_period_end) === 1,
    endReason: r.end_reason,
    endedAt: r.ended_at === null ? null : Number(r.ended_at),
    createdAt: Number(r.created_at),
  }));
}

// ---------------------------------------------------------------- payments

export async function insertPayment(db: Db, values: Omit<PaymentsTable, 'id'>): Promise<number> {
  const row = await db.insertInto('payments').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function markPaymentsRefunded(db: Db, subscriptionId: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'refunded' })
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'paid')
    .execute();
}

// ---------------------------------------------------------------- Stripe events

export async function stripeEventSeen(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst());
}

export async function recordStripeEvent(db: Db, id: string, type: string, now: number): Promise<void> {
  await db
    .insertInto('stripe_events')
    .values({ id, type, processed_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
