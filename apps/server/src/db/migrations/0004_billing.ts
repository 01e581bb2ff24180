import { sql, type Kysely } from 'kysely';
import * as kit from './kit/v1.js';

/**
 * Billing and mail: products, prices, checkout sessions, subscriptions, payments, the
 * durable job queue, processed Stripe events and the mail outbox. The plans are seeded here
 * (idempotent: only when the products table is empty).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .$call(kit.withId(db))
    .addColumn('name', 'text', kit.required)
    .addColumn('description', 'text', kit.requiredOr(''))
    .addColumn('active', 'integer', kit.requiredOr(1))
    .$call(kit.withTimestamps)
    .execute();

  await db.schema
    .createTable('prices')
    .$call(kit.withId(db))
    .addColumn('product_id', 'integer', kit.belongsTo('products'))
    .$call(withMoney)
    .addColumn('interval', 'text', kit.required)
    .addColumn('active', 'integer', kit.requiredOr(1))
    .addColumn('stripe_price_id', 'text')
    .$call(kit.withCreatedAt)
    .execute();
  await kit.createIndex(db, 'prices_product_idx', 'prices', ['product_id']);

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(withPurchase)
    .addColumn('external_id', 'text')
    .addColumn('subscription_id', 'integer')
    .$call(kit.withCreatedAt)
    .addColumn('completed_at', 'bigint')
    .execute();
  await kit.createIndex(db, 'checkout_sessions_user_idx', 'checkout_sessions', ['user_id']);
  await kit.createIndex(db, 'checkout_sessions_external_idx', 'checkout_sessions', ['external_id']);

  await db.schema
    .createTable('subscriptions')
    .$call(kit.withId(db))
    .$call(withPurchase)
    .addColumn('current_period_start', 'bigint', kit.required)
    .addColumn('current_period_end', 'bigint', kit.required)
    .addColumn('cancel_at_period_end', 'integer', kit.requiredOr(0))
    .addColumn('card_last4', 'text')
    .addColumn('card_renews', 'integer', kit.requiredOr(1))
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('end_reason', 'text')
    .addColumn('ended_at', 'bigint')
    .$call(kit.withTimestamps)
    .execute();
  await kit.createIndex(db, 'subscriptions_user_idx', 'subscriptions', ['user_id']);

  await db.schema
    .createTable('payments')
    .$call(kit.withId(db))
    .addColumn('user_id', 'integer', kit.required)
    .addColumn('subscription_id', 'integer')
    .addColumn('checkout_session_id', 'text')
    .$call(withMoney)
    .addColumn('status', 'text', kit.required)
    .addColumn('card_last4', 'text')
    .addColumn('message', 'text', kit.requiredOr(''))
    .$call(kit.withCreatedAt)
    .execute();
  await kit.createIndex(db, 'payments_user_idx', 'payments', ['user_id']);

  await db.schema
    .createTable('jobs')
    .$call(kit.withId(db))
    .addColumn('kind', 'text', kit.required)
    .addColumn('payload', 'text', kit.required)
    .addColumn('unique_key', 'text', (c) => c.notNull().unique())
    .addColumn('run_at', 'bigint', kit.required)
    .addColumn('status', 'text', kit.required)
    .addColumn('attempts', 'integer', kit.requiredOr(0))
    .addColumn('locked_until', 'bigint', kit.requiredOr(0))
    .addColumn('last_error', 'text')
    .$call(kit.withTimestamps)
    .execute();
  await kit.createIndex(db, 'jobs_due_idx', 'jobs', ['status', 'run_at']);

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', kit.required)
    .addColumn('processed_at', 'bigint', kit.required)
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .$call(kit.withId(db))
    .$call(
      kit.withColumns(
        'text',
        ['to_address', 'template', 'subject', 'text_body', 'html_body', 'transport', 'status'],
        kit.required,
      ),
    )
    .addColumn('error', 'text')
    .$call(kit.withCreatedAt)
    .execute();
  await kit.createIndex(db, 'mail_outbox_created_idx', 'mail_outbox', ['created_at']);

  await seedPlans(db);
}

/** Who buys which price, through which payment provider, and where the purchase stands. */
function withPurchase(table: kit.Table): kit.Table {
  return table
    .addColumn('user_id', 'integer', kit.required)
    .addColumn('price_id', 'integer', kit.required)
    .addColumn('provider', 'text', kit.required)
    .addColumn('status', 'text', kit.required);
}

/** An amount of money: `amount` in cents of `currency`. */
function withMoney(table: kit.Table): kit.Table {
  return table.addColumn('amount', 'integer', kit.required).addColumn('currency', 'text', kit.required);
}

/** The monthly and yearly plan; only into an empty products table, so running it twice adds nothing. */
export async function seedPlans(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  const count = await sql<{ n: number | string }>`SELECT count(*) AS n FROM products`.execute(db);
  if (Number(count.rows[0]?.n ?? 0) > 0) return;
  const description =
    'The stock scanner and every seasonality tool: seasonal charts, patterns, calendars, best trades and the seasonality scanner.';
  const product = await sql<{ id: number }>`
    INSERT INTO products (name, description, active, created_at, updated_at)
    VALUES ('Solstice Premium', ${description}, 1, ${now}, ${now}) RETURNING id`.execute(db);
  const productId = product.rows[0]!.id;
  await sql`
    INSERT INTO prices (product_id, amount, currency, "interval", active, created_at)
    VALUES (${productId}, 2900, 'usd', 'month', 1, ${now}), (${productId}, 29000, 'usd', 'year', 1, ${now})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await kit.dropTables(db, [
    'mail_outbox',
    'stripe_events',
    'jobs',
    'payments',
    'subscriptions',
    'checkout_sessions',
    'prices',
    'products',
  ]);
}
