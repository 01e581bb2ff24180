import type { DatabaseHandle } from '../../../db/database.js';
import { isoFromDay } from '../dates.js';
import { readStoredSeries } from '../bars/stored-series.js';
import type { History, ProviderId } from '../providers/provider.js';
import {
  eventFactors,
  historyMismatch,
  type DatedClose,
  type HistoryMismatch,
  type SessionsAfter,
} from './history-join.js';

/** A mismatch as the sync reports and the data page lists it. */
export interface RecordedMismatch extends HistoryMismatch {
  symbol: string;
  provider: ProviderId;
  detectedAt: number;
}

/** The closes of a symbol's stored bars, oldest first. */
export async function storedCloses(database: DatabaseHandle, symbol: string): Promise<DatedClose[]> {
  const series = await readStoredSeries(database.db, symbol);
  return Array.from(series.dates, (day, i) => ({ date: isoFromDay(day), close: series.close[i]! }));
}

/** Where a provider's history stops joining the stored closes (§15.6), or null when it joins. */
export function providerMismatch(
  stored: readonly DatedClose[],
  history: History,
  options: { current: boolean; sessionsAfter: SessionsAfter },
): HistoryMismatch | null {
  return historyMismatch({
    stored,
    provider: history.bars,
    events: eventFactors(history.bars, history.actions),
    ...options,
  });
}

export async function recordMismatch(database: DatabaseHandle, mismatch: RecordedMismatch): Promise<void> {
  const row = {
    provider: mismatch.provider,
    date: mismatch.date,
    stored_close: mismatch.storedClose,
    provider_close: mismatch.providerClose,
    reason: mismatch.reason,
    detected_at: mismatch.detectedAt,
  };
  await database.db
    .insertInto('history_mismatches')
    .values({ symbol: mismatch.symbol, ...row })
    .onConflict((oc) => oc.column('symbol').doUpdateSet(row))
    .execute();
}

/** A symbol's history joined again, or an admin replaced it. */
export async function clearMismatch(database: DatabaseHandle, symbol: string): Promise<void> {
  await database.db.deleteFrom('history_mismatches').where('symbol', '=', symbol).execute();
}

export async function listMismatches(database: DatabaseHandle): Promise<RecordedMismatch[]> {
  const rows = await database.db.selectFrom('history_mismatches').selectAll().orderBy('symbol').execute();
  return rows.map((r) => ({
    symbol: r.symbol,
    provider: r.provider as ProviderId,
    date: r.date,
    storedClose: r.stored_close === null ? null : Number(r.stored_close),
    providerClose: Number(r.provider_close),
    reason: r.reason,
    detectedAt: Number(r.detected_at),
  }));
}
