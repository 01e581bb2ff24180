import type { DatabaseHandle } from '../../db/database.js';

/** The date index of daily_bars, created by migration 0002. */
const DATE_INDEX = 'daily_bars_date_idx';

export async function hasBars(database: DatabaseHandle): Promise<boolean> {
  const row = await database.db.selectFrom('daily_bars').select('symbol').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Runs a bulk load; when daily_bars starts empty, without the date index, rebuilt once at
 * the end. A symbol-ordered load writes that index at random, which costs more than one
 * sort of the finished table (see docs/decisions/0005-market-data-import-and-cache.md).
 */
export async function withDeferredDateIndex<T>(database: DatabaseHandle, load: () => Promise<T>): Promise<T> {
  const defer = !(await hasBars(database));
  if (defer) await database.db.schema.dropIndex(DATE_INDEX).ifExists().execute();
  try {
    return await load();
  } finally {
    if (defer) await database.db.schema.createIndex(DATE_INDEX).ifNotExists().on('daily_bars').column('date').execute();
  }
}
