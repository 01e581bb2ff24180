import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { sqliteDriverPath } from '../../db/sqlite-driver.js';
import type { PriceSeries } from '@solstice/analytics';

/** Below this many rows (approximately: the largest rowid) one thread is faster than starting workers. */
export const PARALLEL_LOAD_MIN_ROWS = 300_000;

/**
 * The worker: its own read-only connection, the same per-symbol query and conversions as
 * loadSeriesSqlite in series-sql-load.ts (dates via days_from_civil, as dates.ts), typed
 * arrays transferred back without a copy. Plain JavaScript in a string, so that it runs the
 * same from the esbuild bundle and from the TypeScript sources under Vitest.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
function dayNumber(iso) {
  const year = (iso.charCodeAt(0) - 48) * 1000 + (iso.charCodeAt(1) - 48) * 100 + (iso.charCodeAt(2) - 48) * 10 + iso.charCodeAt(3) - 48;
  const month = (iso.charCodeAt(5) - 48) * 10 + iso.charCodeAt(6) - 48;
  const day = (iso.charCodeAt(8) - 48) * 10 + iso.charCodeAt(9) - 48;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
try {
  const statement = db
    .prepare('SELECT date, open, high, low, close, volume FROM daily_bars WHERE symbol = ? ORDER BY date')
    .raw(true);
  const out = [];
  const transfer = [];
  for (const symbol of workerData.symbols) {
    const rows = statement.all(symbol);
    const n = rows.length;
    const s = {
      symbol,
      dates: new Int32Array(n),
      open: new Float64Array(n),
      high: new Float64Array(n),
      low: new Float64Array(n),
      close: new Float64Array(n),
      volume: new Float64Array(n),
    };
    for (let i = 0; i < n; i++) {
      const r = rows[i];
      s.dates[i] = dayNumber(r[0]);
      s.open[i] = r[1];
      s.high[i] = r[2];
      s.low[i] = r[3];
      s.close[i] = r[4];
      s.volume[i] = r[5];
    }
    out.push(s);
    transfer.push(s.dates.buffer, s.open.buffer, s.high.buffer, s.low.buffer, s.close.buffer, s.volume.buffer);
  }
  parentPort.postMessage(out, transfer);
} finally {
  db.close();
}
`;

/**
 * Loads every symbol's series from a SQLite file in worker threads (one per core, at most
 * 4): reading 2.4 M rows through better-sqlite3 is most of a cold start, and it splits
 * cleanly by symbol. Returns null when it does not apply (an in-memory database, a small
 * table, one core) or a worker failed; the caller then loads in its own thread.
 */
export async function loadSeriesInWorkers(
  sqlite: SQLite.Database,
  options: { minRows?: number; threads?: number } = {},
): Promise<Map<string, PriceSeries> | null> {
  const file = sqlite.name;
  const threads = options.threads ?? Math.min(4, os.availableParallelism());
  if (!file || file === ':memory:' || sqlite.memory || threads < 2) return null;
  const maxRowid = Number(sqlite.prepare('SELECT max(rowid) FROM daily_bars').pluck().get() ?? 0);
  if (maxRowid < (options.minRows ?? PARALLEL_LOAD_MIN_ROWS)) return null;
  const symbols = sqlite.prepare('SELECT DISTINCT symbol FROM daily_bars ORDER BY symbol').pluck().all() as string[];
  const driver = sqliteDriverPath();
  // Round-robin keeps the shares of rows close without counting them first.
  const shares = Array.from({ length: threads }, (_, t) => symbols.filter((_, i) => i % threads === t));
  try {
    const parts = await Promise.all(
      shares.map(
        (share) =>
          new Promise<PriceSeries[]>((resolve, reject) => {
            const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, symbols: share } });
            worker.once('message', (series: PriceSeries[]) => resolve(series));
            worker.once('error', reject);
            worker.once('exit', (code) => {
              if (code !== 0) reject(new Error(`series loader exited with ${code}`));
            });
          }),
      ),
    );
    const bySymbol = new Map<string, PriceSeries>();
    for (const part of parts) for (const s of part) bySymbol.set(s.symbol, s);
    const out = new Map<string, PriceSeries>();
    for (const symbol of symbols) {
      const s = bySymbol.get(symbol);
      if (s && s.dates.length > 0) out.set(symbol, s);
    }
    return out;
  } catch {
    return null;
  }
}
