import type { Kysely } from 'kysely';

/**
 * Deliveries that cannot hold anyone up: a job's `lane_key` (a webhook's receiving host) lets
 * its lane run at most a few jobs of one key at once and skip the rest while they wait; an
 * alert whose webhook kept failing is paused (when, and why) instead of retried forever.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lane_key', 'text').execute();
  await db.schema.alterTable('alerts').addColumn('webhook_paused_at', 'bigint').execute();
  await db.schema.alterTable('alerts').addColumn('webhook_paused_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerts').dropColumn('webhook_paused_reason').execute();
  await db.schema.alterTable('alerts').dropColumn('webhook_paused_at').execute();
  await db.schema.alterTable('jobs').dropColumn('lane_key').execute();
}
