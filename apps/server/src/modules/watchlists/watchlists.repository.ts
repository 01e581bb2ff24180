import type { Kysely, Selectable } from 'kysely';
import type { Watchlist, WatchlistSymbol } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { userRows } from '../../db/user-rows.js';
import type { WatchlistsTable } from './watchlists.tables.js';

type Db = Kysely<Database>;
type Row = Selectable<WatchlistsTable>;

function parseSymbols(text: string): WatchlistSymbol[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      const o = item as { sym?: unknown; description?: unknown } | null;
      if (!o || typeof o.sym !== 'string') return [];
      return [{ sym: o.sym, description: typeof o.description === 'string' ? o.description : '' }];
    });
  } catch {
    return [];
  }
}

export function toWatchlist(row: Row): Watchlist {
  return {
    id: Number(row.id),
    name: row.name,
    symbols: parseSymbols(row.symbols),
    updatedAt: Number(row.updated_at),
  };
}

export async function listWatchlists(db: Db, userId: number): Promise<Watchlist[]> {
  const rows = await db
    .selectFrom('watchlists')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toWatchlist);
}

const watchlists = userRows('watchlists', toWatchlist);

/** Only the owner's list; another user's id reads as missing. */
export const getWatchlist = watchlists.get;

export const countWatchlists = watchlists.count;

export async function nameTaken(db: Db, userId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('watchlists').select('id').where('user_id', '=', userId).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertWatchlist(
  db: Db,
  userId: number,
  input: { name: string; symbols: WatchlistSymbol[] },
  now = Date.now(),
): Promise<Watchlist> {
  const last = await db
    .selectFrom('watchlists')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  const row = await db
    .insertInto('watchlists')
    .values({
      user_id: userId,
      name: input.name,
      position,
      symbols: JSON.stringify(input.symbols),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWatchlist(row);
}

export async function replaceWatchlist(
  db: Db,
  userId: number,
  id: number,
  input: { name: string; symbols: WatchlistSymbol[] },
  now = Date.now(),
): Promise<Watchlist | null> {
  return watchlists.update(db, userId, id, {
    name: input.name,
    symbols: JSON.stringify(input.symbols),
    updated_at: now,
  });
}

export const deleteWatchlist = watchlists.delete;
