import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Instruments of other asset classes than US stocks (decision 0043): each carries its asset
 * class, the time zone its provider dates bars in, the calendar that decides which bars are
 * accepted and when it is current, and whether it has volume. `type` also takes the three
 * new classes (a crypto is no stock, etf or index). The shared universe (stock, etf, index)
 * becomes equity/etf/index on the NYSE calendar in New York: nothing about it changes.
 */
const OLD_TYPES = "type in ('stock','etf','index')";
const NEW_TYPES = "type in ('stock','etf','index','future','fx','crypto')";
const ASSET_CLASSES = "asset_class in ('equity','etf','index','future','fx','crypto')";
const CALENDARS = "calendar in ('nyse','exchange','fx','crypto')";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE instruments DROP CONSTRAINT instruments_type_check`.execute(db);
    await sql`ALTER TABLE instruments ADD CONSTRAINT instruments_type_check CHECK (${sql.raw(NEW_TYPES)})`.execute(db);
    await db.schema
      .alterTable('instruments')
      .addColumn('asset_class', 'text', (c) => c.notNull().defaultTo('equity').check(sql.raw(ASSET_CLASSES)))
      .execute();
    await db.schema
      .alterTable('instruments')
      .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('America/New_York'))
      .execute();
    await db.schema
      .alterTable('instruments')
      .addColumn('calendar', 'text', (c) => c.notNull().defaultTo('nyse').check(sql.raw(CALENDARS)))
      .execute();
    await db.schema
      .alterTable('instruments')
      .addColumn('has_volume', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`UPDATE instruments SET asset_class = CASE type WHEN 'stock' THEN 'equity' ELSE type END`.execute(db);
    return;
  }
  // SQLite cannot change a CHECK constraint: the table is built again with the new one.
  await rebuildSqlite(db, NEW_TYPES, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM instruments WHERE NOT (${sql.raw(OLD_TYPES)})`.execute(db);
  if (isPostgres(db)) {
    for (const column of ['has_volume', 'calendar', 'timezone', 'asset_class'])
      await db.schema.alterTable('instruments').dropColumn(column).execute();
    await sql`ALTER TABLE instruments DROP CONSTRAINT instruments_type_check`.execute(db);
    await sql`ALTER TABLE instruments ADD CONSTRAINT instruments_type_check CHECK (${sql.raw(OLD_TYPES)})`.execute(db);
    return;
  }
  await rebuildSqlite(db, OLD_TYPES, false);
}

const BASE_COLUMNS = [
  'symbol',
  'name',
  'type',
  'exchange',
  'sector',
  'industry',
  'currency',
  'market_cap',
  'synthetic',
  'updated_at',
  'tracked',
];

async function rebuildSqlite(db: Kysely<unknown>, types: string, withClasses: boolean): Promise<void> {
  let table = db.schema
    .createTable('instruments_next')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql.raw(types)))
    .addColumn('exchange', 'text')
    .addColumn('sector', 'text')
    .addColumn('industry', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('market_cap', 'double precision')
    .addColumn('synthetic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tracked', 'integer', (c) => c.notNull().defaultTo(1));
  if (withClasses)
    table = table
      .addColumn('asset_class', 'text', (c) => c.notNull().defaultTo('equity').check(sql.raw(ASSET_CLASSES)))
      .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('America/New_York'))
      .addColumn('calendar', 'text', (c) => c.notNull().defaultTo('nyse').check(sql.raw(CALENDARS)))
      .addColumn('has_volume', 'integer', (c) => c.notNull().defaultTo(1));
  await table.execute();
  const columns = sql.raw(BASE_COLUMNS.join(', '));
  if (withClasses)
    await sql`INSERT INTO instruments_next (${columns}, asset_class)
      SELECT ${columns}, CASE type WHEN 'stock' THEN 'equity' ELSE type END FROM instruments`.execute(db);
  else await sql`INSERT INTO instruments_next (${columns}) SELECT ${columns} FROM instruments`.execute(db);
  await db.schema.dropTable('instruments').execute();
  await db.schema.alterTable('instruments_next').renameTo('instruments').execute();
  await db.schema.createIndex('instruments_sector_idx').on('instruments').columns(['sector', 'industry']).execute();
}
