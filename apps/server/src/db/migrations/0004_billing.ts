import { PostgresAdapter, type ColumnDefinitionBuilder, type Generated, type Kysely } from 'kysely';

/**
 * Billing and mail: products, prices, checkout sessions, subscriptions, payments, the
 * durable job queue, processed Stripe events and the mail outbox. The plans are seeded here
 * (idempotent: only when the products table is empty).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = pg ? 'serial' : 'integer';

  await db.schema
    .createTable('products')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('prices')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('stripe_price_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('price_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('subscription_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('checkout_sessions_user_idx').on('checkout_sessions').column('user_id').execute();
  await db.schema.createIndex('checkout_sessions_external_idx').on('checkout_sessions').column('external_id').execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('price_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'bigint', (c) => c.notNull())
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('card_last4', 'text')
    .addColumn('card_renews', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('end_reason', 'text')
    .addColumn('ended_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('subscription_id', 'integer')
    .addColumn('checkout_session_id', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user_idx').on('payments').column('user_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', idType, id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('unique_key', 'text', (c) => c.notNull().unique())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', idType, id)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute();

  await seedPlans(db);
}

interface SeedTables {
  products: {
    id: Generated<number>;
    name: string;
    description: string;
    active: number;
    created_at: number;
    updated_at: number;
  };
  prices: {
    id: Generated<number>;
    product_id: number;
    amount: number;
    currency: string;
    interval: string;
    active: number;
    created_at: number;
  };
}

/** The monthly and yearly plan; only into an empty products table, so running it twice adds nothing. */
export async function seedPlans(raw: Kysely<unknown>): Promise<void> {
  const db = raw as Kysely<SeedTables>;
  const now = Date.now();
  const count = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(count?.n ?? 0) > 0) return;
  const product = await db
    .insertInto('products')
    .values({
      name: 'Solstice Premium',
      description:
        'The stock scanner and every seasonality tool: seasonal charts, patterns, calendars, best trades and the seasonality scanner.',
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('prices')
    .values([
      { product_id: product.id, amount: 2900, currency: 'usd', interval: 'month', active: 1, created_at: now },
      { product_id: product.id, amount: 29000, currency: 'usd', interval: 'year', active: 1, created_at: now },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'stripe_events',
    'jobs',
    'payments',
    'subscriptions',
    'checkout_sessions',
    'prices',
    'products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
