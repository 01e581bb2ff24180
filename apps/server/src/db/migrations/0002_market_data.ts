import { sql, type Kysely } from 'kysely';
import * as kit from './kit/v1.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instruments')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', kit.required)
    .addColumn('type', 'text', (c) => c.notNull().check(sql.raw("type in ('stock','etf','index')")))
    .addColumn('exchange', 'text')
    .addColumn('sector', 'text')
    .addColumn('industry', 'text')
    .addColumn('currency', 'text', kit.requiredOr('USD'))
    .addColumn('market_cap', 'double precision')
    .addColumn('synthetic', 'integer', kit.requiredOr(0))
    .addColumn('updated_at', 'bigint', kit.requiredOr(0))
    .execute();
  await kit.createIndex(db, 'instruments_sector_idx', 'instruments', ['sector', 'industry']);
  await createDailyBars(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await kit.dropTables(db, ['daily_bars', 'instruments']);
}

/** The table of a row a bar, as this migration makes it (0011 makes it again going down). */
export async function createDailyBars(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('daily_bars')
    .$call(kit.withColumns('text', ['symbol', 'date'], kit.required))
    .$call(kit.withColumns('double precision', ['open', 'high', 'low', 'close', 'volume'], kit.required))
    .addPrimaryKeyConstraint('daily_bars_pk', ['symbol', 'date'])
    .execute();
  // Latest-bar and as-of queries read by date across symbols.
  await kit.createIndex(db, 'daily_bars_date_idx', 'daily_bars', ['date']);
}
