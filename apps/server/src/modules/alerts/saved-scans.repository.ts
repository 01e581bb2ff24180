import type { Kysely, Selectable } from 'kysely';
import type { SavedScan } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { countUserRows, deleteUserRow, getUserRow } from '../../db/user-rows.js';
import type { SavedScansTable } from './alerts.tables.js';

type Db = Kysely<Database>;

function toSavedScan(row: Selectable<SavedScansTable>): SavedScan {
  return {
    id: Number(row.id),
    name: row.name,
    expression: row.expression,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function listSavedScans(db: Db, userId: number): Promise<SavedScan[]> {
  const rows = await db.selectFrom('saved_scans').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(toSavedScan);
}

export async function getSavedScan(db: Db, userId: number, id: number): Promise<SavedScan | null> {
  const row = await getUserRow(db, 'saved_scans', userId, id);
  return row ? toSavedScan(row) : null;
}

export async function countSavedScans(db: Db, userId: number): Promise<number> {
  return countUserRows(db, 'saved_scans', userId);
}

export async function insertSavedScan(
  db: Db,
  userId: number,
  scan: { name: string; expression: string },
  now: number,
): Promise<SavedScan> {
  const row = await db
    .insertInto('saved_scans')
    .values({ user_id: userId, name: scan.name, expression: scan.expression, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSavedScan(row);
}

export async function updateSavedScan(
  db: Db,
  userId: number,
  id: number,
  change: { name?: string; expression?: string },
  now: number,
): Promise<SavedScan | null> {
  const row = await db
    .updateTable('saved_scans')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ? toSavedScan(row) : null;
}

export async function deleteSavedScan(db: Db, userId: number, id: number): Promise<boolean> {
  return deleteUserRow(db, 'saved_scans', userId, id);
}
