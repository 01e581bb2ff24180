import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Alerts (scan, condition, seasonal), what they fired (the notifications, unique per alert,
 * symbol and bar date), the sessions evaluated, saved scans, and the alert-mail preference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const serial = pg ? 'serial' : 'integer';
  await db.schema
    .createTable('alerts')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('expression', 'text')
    .addColumn('on_exit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('symbol', 'text')
    .addColumn('watchlist_id', 'integer')
    .addColumn('params', 'text')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_reason', 'text')
    .addColumn('mail', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_fired_at', 'bigint')
    .addColumn('last_fired_bar_date', 'text')
    .addColumn('last_fired_message', 'text')
    .execute();
  await db.schema.createIndex('alerts_user').on('alerts').column('user_id').execute();
  await db.schema
    .createTable('alert_triggers')
    .addColumn('id', serial, id)
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('bar_date', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alert_triggers_once', ['alert_id', 'symbol', 'bar_date'])
    .execute();
  await db.schema.createIndex('alert_triggers_user').on('alert_triggers').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('alert_evaluations')
    .addColumn('bar_date', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('triggers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('saved_scans')
    .addColumn('id', serial, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('expression', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('saved_scans_name', ['user_id', 'name'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('alert_mail', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('alert_mail').execute();
  await db.schema.dropTable('saved_scans').execute();
  await db.schema.dropTable('alert_evaluations').execute();
  await db.schema.dropTable('alert_triggers').execute();
  await db.schema.dropTable('alerts').execute();
}
