import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import type { PriceSeries } from '@solstice/analytics';
import { symbolsWithBars } from './sqlite-series.js';

/** Below this many rows (approximately: the largest rowid) one thread is faster than starting workers. */
export const PARALLEL_LOAD_MIN_ROWS = 300_000;

/**
 * The built server has dist/series-load-worker.js beside its chunks (build-options.mjs); from
 * the TypeScript sources (Vitest, tsx) the bootstrap registers tsx in the worker first.
 */
function workerFile(): URL {
  const built = new URL('./series-load-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./series-load-worker.boot.mjs', import.meta.url);
}

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
  const symbols = symbolsWithBars(sqlite);
  const filename = workerFile();
  // Round-robin keeps the shares of rows close without counting them first.
  const shares = Array.from({ length: threads }, (_, t) => symbols.filter((_, i) => i % threads === t));
  try {
    const parts = await Promise.all(
      shares.map(
        (share) =>
          new Promise<PriceSeries[]>((resolve, reject) => {
            const worker = new Worker(filename, { workerData: { file, symbols: share } });
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
  } catch (error) {
    // The caller loads in its own thread; a start that slows down says why.
    process.emitWarning(`series loader workers failed, loading in one thread: ${String(error)}`);
    return null;
  }
}
