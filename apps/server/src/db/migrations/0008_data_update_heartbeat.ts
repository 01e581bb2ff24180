import type { Kysely } from 'kysely';

/**
 * A running market-data update stamps `heartbeat_at` while its process lives, so that the
 * next run can tell a run that was killed (marked 'abandoned') from one still under way in
 * another process. Rows from before have none: their start time stands in for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_updates').addColumn('heartbeat_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_updates').dropColumn('heartbeat_at').execute();
}
