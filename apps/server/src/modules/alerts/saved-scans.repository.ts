import type { Kysely, Selectable } from 'kysely';
import type { SavedScan } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { userRows } from '../../db/user-rows.js';
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

const savedScans = userRows('saved_scans', toSavedScan);

export const getSavedScan = savedScans.get;

export const countSavedScans = savedScans.count;

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
  return savedScans.update(db, userId, id, { ...change, updated_at: now });
}

export const deleteSavedScan = savedScans.delete;
