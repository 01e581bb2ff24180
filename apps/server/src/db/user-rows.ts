import type { Kysely, Selectable, Updateable } from 'kysely';
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

/** Sets `change` on the user's row `id` of `table`: the row as it is then, undefined when there is none (or it is another user's). */
export async function updateUserRow<T extends UserRowsTable>(
  db: Kysely<Database>,
  table: T,
  userId: number,
  id: number,
  change: Updateable<Database[T]>,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .updateTable(table as UserRowsTable)
    .set(change as Updateable<Database[UserRowsTable]>)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/** A table's per-user reads and writes, each row answered as `toItem` makes it; a missing row (or another user's) is null. */
export function userRows<T extends UserRowsTable, Item>(table: T, toItem: (row: Selectable<Database[T]>) => Item) {
  const item = (row: Selectable<Database[T]> | undefined) => (row ? toItem(row) : null);
  return {
    get: async (db: Kysely<Database>, userId: number, id: number): Promise<Item | null> =>
      item(await getUserRow(db, table, userId, id)),
    count: (db: Kysely<Database>, userId: number): Promise<number> => countUserRows(db, table, userId),
    update: async (
      db: Kysely<Database>,
      userId: number,
      id: number,
      change: Updateable<Database[T]>,
    ): Promise<Item | null> => item(await updateUserRow(db, table, userId, id, change)),
    delete: (db: Kysely<Database>, userId: number, id: number): Promise<boolean> =>
      deleteUserRow(db, table, userId, id),
  };
}
