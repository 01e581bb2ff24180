import { ALERT_LIMITS, type AlertCreate, type AlertUsage } from '@solstice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { validationFailed } from '../../http/errors.js';
import { listWatchlists } from '../watchlists/watchlists.repository.js';
import { listAlertRows } from './alerts.repository.js';

type Db = Kysely<Database>;

/** What one alert watches: its symbol, or every symbol of its watchlist now; a scan alert watches none. */
type Target = { kind: AlertCreate['kind']; symbol?: string | null; watchlistId?: number | null };

/**
 * An account's alerts and the symbols its condition and seasonal alerts watch (a watchlist
 * counts its symbols as they are now), leaving out the alert `exceptId` (the one being changed).
 */
export async function alertUsage(
  db: Db,
  userId: number,
  symbolsPerAccount: number,
  exceptId?: number,
): Promise<{ usage: AlertUsage; sizeOf: (target: Target) => number }> {
  const rows = await listAlertRows(db, userId);
  const lists = new Map((await listWatchlists(db, userId)).map((w) => [w.id, w.symbols.length]));
  const sizeOf = (target: Target) => {
    if (target.kind === 'scan') return 0;
    if (target.watchlistId !== null && target.watchlistId !== undefined)
      return lists.get(Number(target.watchlistId)) ?? 0;
    return target.symbol ? 1 : 0;
  };
  let symbols = 0;
  for (const row of rows) {
    if (Number(row.id) === exceptId) continue;
    symbols += sizeOf({ kind: row.kind, symbol: row.symbol, watchlistId: row.watchlist_id });
  }
  const limits = {
    alerts: ALERT_LIMITS.alerts,
    symbolsPerAccount,
    notificationsPerSession: ALERT_LIMITS.notificationsPerSession,
  };
  return { usage: { limits, alerts: rows.length, symbols }, sizeOf };
}

/** A 400 that names the limit when saving `alert` would take the account's watched symbols over it. */
export async function checkSymbolsLimit(
  db: Db,
  userId: number,
  symbolsPerAccount: number,
  alert: AlertCreate,
  exceptId?: number,
): Promise<void> {
  const { usage, sizeOf } = await alertUsage(db, userId, symbolsPerAccount, exceptId);
  const adding = sizeOf(alert);
  if (adding === 0 || usage.symbols + adding <= symbolsPerAccount) return;
  const path = alert.kind !== 'scan' && alert.watchlistId !== undefined ? 'body.watchlistId' : 'body.symbol';
  const message =
    `this alert would watch ${adding} symbols and your other alerts watch ${usage.symbols}: ` +
    `an account's alerts may watch at most ${symbolsPerAccount} symbols in all`;
  throw validationFailed(`Invalid ${path}: ${message}`, [{ path, message }]);
}
