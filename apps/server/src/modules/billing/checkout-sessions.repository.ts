import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CheckoutSessionsTable, PaymentProviderName } from './billing.tables.js';

/** The queries of checkout sessions. Every function takes the database or a transaction. */
type Db = Kysely<Database>;

export type CheckoutSessionRow = CheckoutSessionsTable;

export async function openSessionFor(db: Db, userId: number, priceId: number) {
  return db
    .selectFrom('checkout_sessions')
    .select(['id', 'provider', 'external_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('price_id', '=', priceId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function insertOpenSession(
  db: Db,
  values: { id: string; userId: number; priceId: number; provider: PaymentProviderName; now: number },
): Promise<void> {
  await db
    .insertInto('checkout_sessions')
    .values({
      id: values.id,
      user_id: values.userId,
      price_id: values.priceId,
      provider: values.provider,
      status: 'open',
      external_id: null,
      subscription_id: null,
      created_at: values.now,
      completed_at: null,
    })
    .execute();
}

/** Expires a session that is still open. */
export async function expireSession(db: Db, id: string): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

export async function setSessionExternalId(db: Db, id: string, externalId: string): Promise<void> {
  await db.updateTable('checkout_sessions').set({ external_id: externalId }).where('id', '=', id).execute();
}

export async function findSession(db: Db, id: string): Promise<CheckoutSessionRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function sessionOfUser(db: Db, userId: number, id: string): Promise<CheckoutSessionRow | undefined> {
  return db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Marks a session paid if its status is one of `claimable`; answers whether this call did. */
export async function claimSession(
  db: Db,
  id: string,
  claimable: readonly ('open' | 'expired')[],
  now: number,
): Promise<boolean> {
  const claimed = await db
    .updateTable('checkout_sessions')
    .set({ status: 'paid', completed_at: now })
    .where('id', '=', id)
    .where('status', 'in', claimable)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function linkSession(db: Db, id: string, subscriptionId: number): Promise<void> {
  await db.updateTable('checkout_sessions').set({ subscription_id: subscriptionId }).where('id', '=', id).execute();
}
