import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Every market-data update (scheduled, started by an admin, or `solstice sync`) and the
 * result of each symbol in it: what the admin data page and /metrics report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('data_updates')
    .addColumn('id', pg ? 'serial' : 'integer', id)
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('session', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('providers', 'text', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createTable('data_update_symbols')
    .addColumn('update_id', 'integer', (c) => c.notNull().references('data_updates.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('reason', 'text')
    .addColumn('last_bar', 'text')
    .addPrimaryKeyConstraint('data_update_symbols_pk', ['update_id', 'symbol'])
    .execute();
  // An admin's "remove" stops the updates of an instrument and keeps its history.
  await db.schema
    .alterTable('instruments')
    .addColumn('tracked', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').dropColumn('tracked').execute();
  await db.schema.dropTable('data_update_symbols').execute();
  await db.schema.dropTable('data_updates').execute();
}
