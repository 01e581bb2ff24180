import type { DatabaseHandle } from '../../db/database.js';

export async function hasBars(database: DatabaseHandle): Promise<boolean> {
  const row = await database.db.selectFrom('bar_chunks').select('symbol').limit(1).executeTakeFirst();
  return row !== undefined;
}
