import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** app_meta keys (epoch milliseconds as text) that /metrics reads at scrape time. */
export const DATA_UPDATE_SUCCESS_KEY = 'data_update.last_success_at';
export const DATA_UPDATE_FAILURE_KEY = 'data_update.last_failure_at';

/**
 * For the scheduled data update (whichever process runs it, the CLI included): records when
 * it last succeeded or failed, in the database, so that every server's /metrics reports it
 * (solstice_data_update_last_success_timestamp_seconds / …_last_failure_…).
 */
export async function recordDataUpdate(db: Kysely<Database>, result: { ok: boolean; at?: number }): Promise<void> {
  const key = result.ok ? DATA_UPDATE_SUCCESS_KEY : DATA_UPDATE_FAILURE_KEY;
  const value = String(result.at ?? Date.now());
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
