import type { Kysely } from 'kysely';

/**
 * Drops the date index of daily_bars: every read by date goes through the in-memory market
 * cache, and the index doubled the cost of every import and of the seed (a bulk load writes
 * the symbol-ordered primary key in order but this index at random).
 * See docs/decisions/0004-market-data-import-and-cache.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('daily_bars_date_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('daily_bars_date_idx').on('daily_bars').column('date').execute();
}
