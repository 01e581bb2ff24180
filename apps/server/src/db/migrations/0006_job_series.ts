import { sql, type Kysely } from 'kysely';

/**
 * Recurring jobs (the daily data update, alerts, the job purge): each occurrence is a row
 * whose `series` names its schedule, and a partial unique index allows one pending row per
 * series, so several processes scheduling the next occurrence at once store it once.
 * One-off jobs leave `series` null (NULLs never collide). The (status, updated_at) index
 * serves the purge of finished jobs and the admin's list of recent ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('series', 'text').execute();
  await sql`CREATE UNIQUE INDEX jobs_one_pending_per_series ON jobs (series) WHERE status = 'pending'`.execute(db);
  await db.schema.createIndex('jobs_finished_idx').on('jobs').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX jobs_finished_idx`.execute(db);
  await sql`DROP INDEX jobs_one_pending_per_series`.execute(db);
  await db.schema.alterTable('jobs').dropColumn('series').execute();
}
