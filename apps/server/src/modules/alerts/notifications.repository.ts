import type { Kysely } from 'kysely';
import type { AlertKind, Notification, TriggerEvent } from '@solstice/contracts';
import { readTriggerDetail } from './trigger-words.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Triggers (t) joined to their alert (a), with what every reader of a trigger takes of both. */
export function selectTriggersWithAlert(db: Db) {
  return db
    .selectFrom('alert_triggers as t')
    .innerJoin('alerts as a', 'a.id', 't.alert_id')
    .select([
      't.id',
      't.alert_id',
      'a.name',
      'a.kind',
      't.symbol',
      't.bar_date',
      't.event',
      't.detail',
      't.message',
      't.link',
    ]);
}

export async function listNotifications(
  db: Db,
  userId: number,
  options: { unread?: boolean; limit?: number; before?: number } = {},
): Promise<Notification[]> {
  let query = selectTriggersWithAlert(db).select(['t.read_at', 't.created_at']).where('t.user_id', '=', userId);
  if (options.unread) query = query.where('t.read_at', 'is', null);
  if (options.before !== undefined) query = query.where('t.id', '<', options.before);
  const rows = await query
    .orderBy('t.id', 'desc')
    .limit(options.limit ?? 50)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    alertId: Number(r.alert_id),
    alertName: r.name,
    kind: r.kind as AlertKind,
    symbol: r.symbol,
    barDate: r.bar_date,
    event: r.event as TriggerEvent,
    detail: readTriggerDetail(r.detail),
    message: r.message,
    link: r.link,
    read: r.read_at !== null,
    createdAt: Number(r.created_at),
  }));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('alert_triggers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the user's notifications read (the given ids, or all); returns how many changed. */
export async function markRead(db: Db, userId: number, ids: readonly number[] | 'all', now: number): Promise<number> {
  let query = db
    .updateTable('alert_triggers')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
