import type { DatabaseHandle } from '../../../db/database.js';
import { PgBarWriter, SqliteBarWriter } from '../import/bar-store.js';
import type { BarTuple } from '../import/parse.js';
import type { ProviderBar } from '../providers/provider.js';

export interface WriteResult {
  inserted: number;
  updated: number;
  /** Bars deleted by a replacement. */
  removed: number;
}

/**
 * Writes a symbol's bars through the importer's bar store in one transaction. 'append'
 * upserts; 'replace' deletes every stored bar of the symbol first (and clears a demo
 * flag), so readers see the old series or the new one, never a mix.
 */
export async function writeSymbolBars(
  database: DatabaseHandle,
  symbol: string,
  bars: readonly ProviderBar[],
  mode: 'append' | 'replace',
  now: number,
): Promise<WriteResult> {
  const tuples: BarTuple[] = bars.map((b) => [symbol, b.date, b.open, b.high, b.low, b.close, b.volume]);
  if (database.sqlite) {
    const sqlite = database.sqlite;
    return sqlite.transaction((): WriteResult => {
      const writer = new SqliteBarWriter(sqlite);
      writer.ensureInstrument(symbol, now);
      let removed = 0;
      if (mode === 'replace') {
        removed = sqlite.prepare('SELECT count(*) FROM daily_bars WHERE symbol = ?').pluck().get(symbol) as number;
        writer.replaceSynthetic(symbol, now);
      }
      if (tuples.length > 0) writer.bars(tuples);
      return { ...writer.takeCounts(), removed };
    })();
  }
  const client = await database.pgPool!.connect();
  try {
    await client.query('BEGIN');
    try {
      const writer = new PgBarWriter(client);
      await writer.ensureInstrument(symbol, now);
      let removed = 0;
      if (mode === 'replace') {
        const count = await client.query<{ n: string }>('SELECT count(*) AS n FROM daily_bars WHERE symbol = $1', [
          symbol,
        ]);
        removed = Number(count.rows[0]!.n);
        await writer.replaceSynthetic(symbol, now);
      }
      if (tuples.length > 0) await writer.bars(tuples);
      await client.query('COMMIT');
      return { ...writer.takeCounts(), removed };
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}
