import type { Kysely } from 'kysely';
import * as kit from './kit/v1.js';

/**
 * Alerts (scan, condition, seasonal), what they fired (the notifications, unique per alert,
 * symbol and bar date), the sessions evaluated, saved scans, and the alert-mail preference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .$call(kit.withId(db))
    .$call(kit.withOwner)
    .$call(kit.withColumns('text', ['name', 'kind'], kit.required))
    .addColumn('expression', 'text')
    .addColumn('on_exit', 'integer', kit.requiredOr(0))
    .addColumn('symbol', 'text')
    .addColumn('watchlist_id', 'integer')
    .addColumn('params', 'text')
    .addColumn('paused', 'integer', kit.requiredOr(0))
    .addColumn('paused_reason', 'text')
    .addColumn('mail', 'integer', kit.requiredOr(1))
    .$call(kit.withColumns('text', ['webhook_url', 'webhook_secret']))
    .$call(kit.withTimestamps)
    .addColumn('last_fired_at', 'bigint')
    .$call(kit.withColumns('text', ['last_fired_bar_date', 'last_fired_message']))
    .execute();
  await kit.createIndex(db, 'alerts_user', 'alerts', ['user_id']);
  await db.schema
    .createTable('alert_triggers')
    .$call(kit.withId(db))
    .addColumn('alert_id', 'integer', kit.belongsTo('alerts'))
    .$call(kit.withOwner)
    .$call(kit.withColumns('text', ['symbol', 'bar_date', 'event', 'message', 'detail', 'link'], kit.required))
    .addColumn('read_at', 'bigint')
    .$call(kit.withCreatedAt)
    .addUniqueConstraint('alert_triggers_once', ['alert_id', 'symbol', 'bar_date'])
    .execute();
  await kit.createIndex(db, 'alert_triggers_user', 'alert_triggers', ['user_id', 'id']);
  await db.schema
    .createTable('alert_evaluations')
    .addColumn('bar_date', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', kit.required)
    .addColumn('started_at', 'bigint', kit.required)
    .addColumn('finished_at', 'bigint')
    .$call(kit.withColumns('integer', ['alerts', 'triggers'], kit.requiredOr(0)))
    .execute();
  await db.schema
    .createTable('saved_scans')
    .$call(kit.withId(db))
    .$call(kit.withOwner)
    .$call(kit.withColumns('text', ['name', 'expression'], kit.required))
    .$call(kit.withTimestamps)
    .addUniqueConstraint('saved_scans_name', ['user_id', 'name'])
    .execute();
  await db.schema.alterTable('users').addColumn('alert_mail', 'integer', kit.requiredOr(1)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('alert_mail').execute();
  await kit.dropTables(db, ['saved_scans', 'alert_evaluations', 'alert_triggers', 'alerts']);
}
