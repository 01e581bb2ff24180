import type { Kysely, Selectable } from 'kysely';
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

/** The user's row `id` of `table`; another user's id reads as missing. */
export async function getUserRow<T extends UserRowsTable>(
  db: Kysely<Database>,
  table: T,
  userId: number,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .selectFrom(table as UserRowsTable)
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/** Deletes the user's row `id` of `table`; false when there was none (or it is another user's). */
export async function deleteUserRow(
  db: Kysely<Database>,
  table: UserRowsTable,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
