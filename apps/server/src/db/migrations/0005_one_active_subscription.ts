import { sql, type Kysely } from 'kysely';

/** Written into end_reason of the duplicates this migration ends, so an operator can find and refund them. */
export const DUPLICATE_END_REASON = 'duplicate subscription (ended by migration 0005; refund it if it was paid)';

/**
 * One live subscription per user, and one open checkout session per user and price, held by
 * the database (partial unique indexes, which SQLite and PostgreSQL both have): concurrent
 * checkouts paid together used to give a user several active subscriptions.
 *
 * Existing duplicates are resolved first: a user's oldest live subscription (the first one
 * bought) stays; the later ones end with DUPLICATE_END_REASON and their payments stay
 * "paid", since money was taken and only the operator can give it back. Of several open
 * checkout sessions for the same user and price, the newest stays open.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  await sql`
    UPDATE subscriptions
       SET status = 'ended', end_reason = ${DUPLICATE_END_REASON}, ended_at = ${now},
           cancel_at_period_end = 0, updated_at = ${now}
     WHERE status IN ('active', 'past_due')
       AND EXISTS (SELECT 1 FROM subscriptions older
                    WHERE older.user_id = subscriptions.user_id
                      AND older.status IN ('active', 'past_due')
                      AND older.id < subscriptions.id)
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX subscriptions_one_live_per_user
        ON subscriptions (user_id) WHERE status IN ('active', 'past_due')
  `.execute(db);

  await sql`
    UPDATE checkout_sessions
       SET status = 'expired'
     WHERE status = 'open'
       AND EXISTS (SELECT 1 FROM checkout_sessions newer
                    WHERE newer.user_id = checkout_sessions.user_id
                      AND newer.price_id = checkout_sessions.price_id
                      AND newer.status = 'open'
                      AND (newer.created_at > checkout_sessions.created_at
                           OR (newer.created_at = checkout_sessions.created_at AND newer.id > checkout_sessions.id)))
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX checkout_sessions_one_open_per_price
        ON checkout_sessions (user_id, price_id) WHERE status = 'open'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX checkout_sessions_one_open_per_price`.execute(db);
  await sql`DROP INDEX subscriptions_one_live_per_user`.execute(db);
}
