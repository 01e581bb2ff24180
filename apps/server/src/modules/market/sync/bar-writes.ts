import type { DatabaseHandle } from '../../../db/database.js';
import { SYMBOL_LOCK } from '../bars/chunk-store.js';
import { PgBarWriter, SqliteBarWriter } from '../import/bar-store.js';
import { dayNumberFast } from '../dates.js';
import type { BarBatch } from '../import/parse.js';
import type { ProviderBar } from '../providers/provider.js';

export interface WriteResult {
  inserted: number;
  updated: number;
  /** Bars deleted by a replacement. */
  removed: number;
}

const KEEP_SQL = `INSERT INTO replaced_bar_chunks (symbol, replaced_at, year, bars, first_date, last_date, data)
  SELECT symbol, $1, year, bars, first_date, last_date, data FROM bar_chunks WHERE symbol = $2`;

/**
 * Writes a symbol's bars through the importer's bar store in one transaction. 'append'
 * upserts; 'replace' deletes every stored bar of the symbol first (and clears a demo
 * flag), so readers see the old series or the new one, never a mix. `keepReplaced` copies the
 * chunks a replacement removes into replaced_bar_chunks in the same transaction (an admin's
 * history replacement, decision 0044).
 */
export async function writeSymbolBars(
  database: DatabaseHandle,
  symbol: string,
  bars: readonly ProviderBar[],
  mode: 'append' | 'replace',
  now: number,
  options: { keepReplaced?: boolean } = {},
): Promise<WriteResult> {
  const keep = mode === 'replace' && options.keepReplaced === true;
  const batch: BarBatch = {
    runs: [[symbol, bars.length]],
    days: Int32Array.from(bars, (b) => dayNumberFast(b.date)),
    values: Float64Array.from(bars.flatMap((b) => [b.open, b.high, b.low, b.close, b.volume])),
  };
  if (database.sqlite) {
    const sqlite = database.sqlite;
    return sqlite.transaction((): WriteResult => {
      const writer = new SqliteBarWriter(sqlite);
      writer.ensureInstrument(symbol, now);
      if (keep) sqlite.prepare(KEEP_SQL.replaceAll('$1', '?').replaceAll('$2', '?')).run(now, symbol);
      const removed = mode === 'replace' ? writer.replaceSynthetic(symbol, now) : 0;
      if (bars.length > 0) writer.bars(batch);
      return { ...writer.finish(), removed };
    })();
  }
  const client = await database.pgPool!.connect();
  try {
    await client.query('BEGIN');
    try {
      const writer = new PgBarWriter(client);
      await writer.ensureInstrument(symbol, now);
      if (keep) {
        // The symbol's lock first, as the replacement takes it: no writer changes what is copied.
        await client.query(SYMBOL_LOCK, [symbol]);
        await client.query(KEEP_SQL, [now, symbol]);
      }
      const removed = mode === 'replace' ? await writer.replaceSynthetic(symbol, now) : 0;
      if (bars.length > 0) await writer.bars(batch);
      const counts = await writer.finish();
      await client.query('COMMIT');
      return { ...counts, removed };
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}
