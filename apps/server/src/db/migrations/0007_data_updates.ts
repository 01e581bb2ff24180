import type { Kysely } from 'kysely';
import * as kit from './kit/v1.js';

/**
 * Every market-data update (scheduled, started by an admin, or `solstice sync`) and the
 * result of each symbol in it: what the admin data page and /metrics report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_updates')
    .$call(kit.withId(db))
    .addColumn('trigger', 'text', kit.required)
    .addColumn('session', 'text')
    .addColumn('started_at', 'bigint', kit.required)
    .addColumn('finished_at', 'bigint')
    .$call(kit.withColumns('text', ['status', 'providers'], kit.required))
    .$call(kit.withColumns('integer', ['updated', 'unchanged', 'failed', 'inserted'], kit.requiredOr(0)))
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createTable('data_update_symbols')
    .addColumn('update_id', 'integer', kit.belongsTo('data_updates'))
    .$call(kit.withColumns('text', ['symbol', 'status'], kit.required))
    .$call(kit.withColumns('text', ['provider', 'reason', 'last_bar']))
    .addPrimaryKeyConstraint('data_update_symbols_pk', ['update_id', 'symbol'])
    .execute();
  // An admin's "remove" stops the updates of an instrument and keeps its history.
  await db.schema.alterTable('instruments').addColumn('tracked', 'integer', kit.requiredOr(1)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').dropColumn('tracked').execute();
  await kit.dropTables(db, ['data_update_symbols', 'data_updates']);
}
