import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Alert, AlertKind, SeasonalAlertParams } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { countUserRows, deleteUserRow, getUserRow } from '../../db/user-rows.js';
import type { AlertsTable } from './alerts.tables.js';

type Db = Kysely<Database>;
export type AlertRow = Selectable<AlertsTable>;

export function seasonalParamsOf(row: Pick<AlertRow, 'params'>): SeasonalAlertParams | null {
  if (row.params === null) return null;
  try {
    return JSON.parse(row.params) as SeasonalAlertParams;
  } catch {
    return null;
  }
}

export function toAlert(row: AlertRow): Alert {
  return {
    id: Number(row.id),
    name: row.name,
    kind: row.kind as AlertKind,
    expression: row.expression,
    onExit: row.on_exit === 1,
    symbol: row.symbol,
    watchlistId: row.watchlist_id === null ? null : Number(row.watchlist_id),
    seasonal: seasonalParamsOf(row),
    paused: row.paused === 1,
    pausedReason: row.paused_reason,
    mail: row.mail === 1,
    webhookUrl: row.webhook_url,
    webhookPausedAt: row.webhook_paused_at === null ? null : Number(row.webhook_paused_at),
    webhookPausedReason: row.webhook_paused_reason,
    createdAt: Number(row.created_at),
    lastFiredAt: row.last_fired_at === null ? null : Number(row.last_fired_at),
    lastFiredBarDate: row.last_fired_bar_date,
    lastFiredMessage: row.last_fired_message,
  };
}

export async function listAlertRows(db: Db, userId: number): Promise<AlertRow[]> {
  return db.selectFrom('alerts').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Only the owner's alert; another user's id reads as missing. */
export async function getAlertRow(db: Db, userId: number, id: number): Promise<AlertRow | undefined> {
  return getUserRow(db, 'alerts', userId, id);
}

export async function countAlerts(db: Db, userId: number): Promise<number> {
  return countUserRows(db, 'alerts', userId);
}

export async function insertAlert(db: Db, values: Insertable<AlertsTable>): Promise<AlertRow> {
  return db.insertInto('alerts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateAlert(
  db: Db,
  userId: number,
  id: number,
  values: Partial<Insertable<AlertsTable>>,
): Promise<AlertRow | undefined> {
  return db
    .updateTable('alerts')
    .set(values)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<boolean> {
  return deleteUserRow(db, 'alerts', userId, id);
}

/** Every alert that runs (not paused), of every user who may still use alerts. */
export async function activeAlertRows(db: Db): Promise<AlertRow[]> {
  return db.selectFrom('alerts').selectAll().where('paused', '=', 0).orderBy('id').execute();
}
