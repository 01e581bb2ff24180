import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The tables whose rows belong to one user (by their user_id column). */
export type UserRowsTable = 'alerts' | 'saved_scans' | 'watchlists';

/** How many rows of `table` belong to the user (what the per-user limits count). */
export async function countUserRows(db: Kysely<Database>, table: UserRowsTable, userId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
