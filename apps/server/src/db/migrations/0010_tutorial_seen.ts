import type { Kysely } from 'kysely';

/**
 * The first-run tour is remembered in the account (issue #19): the same user on another
 * device, or after clearing site data, does not get it again. Null until the tour is done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('tutorial_seen_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('tutorial_seen_at').execute();
}
