// A worker thread of loadSeriesInWorkers (parallel-series-loader.ts): its own read-only
// connection to the SQLite file, its share of the symbols read as the main thread reads them
// (readSeriesSqlite), the typed arrays transferred back without a copy.
import { parentPort, workerData } from 'node:worker_threads';
import { SQLite } from '../../db/sqlite-driver.js';
import { readSeriesSqlite } from './sqlite-series.js';

const { file, symbols } = workerData as { file: string; symbols: string[] };
const db = new SQLite(file, { readonly: true, fileMustExist: true });
try {
  const series = readSeriesSqlite(db, symbols);
  // Fresh arrays of their own (allocateSeries), never shared: each buffer moves to the main thread.
  const transfer = series.flatMap((s) =>
    [s.dates, s.open, s.high, s.low, s.close, s.volume].map((a) => a.buffer as ArrayBuffer),
  );
  parentPort!.postMessage(series, transfer);
} finally {
  db.close();
}
