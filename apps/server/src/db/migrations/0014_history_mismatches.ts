import type { Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Ticker continuity (data-providers.md §15.6, decision 0044): a provider history that does
 * not join the stored one is recorded per symbol instead of written, until an admin replaces
 * the history; the bars such a replacement removed are kept, a chunk a row as in bar_chunks,
 * until the next backup holds them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('history_mismatches')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('stored_close', 'double precision')
    .addColumn('provider_close', 'double precision', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detected_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('replaced_bar_chunks')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'bigint', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('bars', 'integer', (c) => c.notNull())
    .addColumn('first_date', 'text', (c) => c.notNull())
    .addColumn('last_date', 'text', (c) => c.notNull())
    .addColumn('data', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('replaced_bar_chunks_pk', ['symbol', 'replaced_at', 'year'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('replaced_bar_chunks').execute();
  await db.schema.dropTable('history_mismatches').execute();
}
