import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instruments')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sqlCheck("type in ('stock','etf','index')")))
    .addColumn('exchange', 'text')
    .addColumn('sector', 'text')
    .addColumn('industry', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('market_cap', 'double precision')
    .addColumn('synthetic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('instruments_sector_idx').on('instruments').columns(['sector', 'industry']).execute();

  await db.schema
    .createTable('daily_bars')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('open', 'double precision', (c) => c.notNull())
    .addColumn('high', 'double precision', (c) => c.notNull())
    .addColumn('low', 'double precision', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('volume', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_bars_pk', ['symbol', 'date'])
    .execute();
  // Latest-bar and as-of queries read by date across symbols.
  await db.schema.createIndex('daily_bars_date_idx').on('daily_bars').column('date').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('daily_bars').execute();
  await db.schema.dropTable('instruments').execute();
}

function sqlCheck(expression: string) {
  return sql.raw(expression);
}
