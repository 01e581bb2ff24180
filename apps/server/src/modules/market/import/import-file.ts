import type { DatabaseHandle } from '../../../db/database.js';
import type { SqliteBarWriter } from './bar-store.js';
import { PgBarWriter, recordFromRow, type WriteCounts } from './bar-store.js';
import { FileRejected } from './line-reader.js';
import { dailyBars, instrumentRows, IssueLog, openCsv, type ImportIssue, type OpenOptions } from './parse.js';
import { replayBatches, type ParsedBatch, type ParsedFile } from './parsed-file.js';

/*
 * One file of an import, in one transaction: SQLite synchronously inside a savepoint of the
 * commit group, PostgreSQL on a pooled connection of its own. A file that cannot be read is
 * a rejection in the report, not a failure of the import.
 */

/** What one file wrote. */
export interface FileOutcome extends WriteCounts {
  symbols: string[];
  instrumentChanges: number;
}

export interface FileResult {
  /** Undefined when the file was rejected. */
  outcome?: FileOutcome;
  issues: ImportIssue[];
}

function rowsPerSymbol(batches: readonly ParsedBatch[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of batches)
    for (const [symbol, n] of b.bars?.runs ?? []) counts.set(symbol, (counts.get(symbol) ?? 0) + n);
  return counts;
}

const demoReplaced = (symbol: string) =>
  `${symbol} was demo data: its synthetic bars were removed before importing these`;

function rejection(file: string, error: unknown, withhold: boolean): ImportIssue {
  if (error instanceof FileRejected) return { file, line: null, reason: error.reason, action: 'reject' };
  // An I/O error (ENOENT, EACCES, EISDIR, …) rejects the file like unreadable content does.
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && /^E[A-Z]+$/.test(error.code)) {
    // The message names the server-side path: only the code goes to the API's caller.
    const reason = withhold ? `cannot read the file (${error.code})` : `cannot read the file: ${error.message}`;
    return { file, line: null, reason, action: 'reject' };
  }
  throw error;
}

export function runFile(file: string, withhold: boolean, body: (log: IssueLog) => FileOutcome): FileResult {
  const log = new IssueLog(file, withhold);
  try {
    const outcome = body(log);
    return { outcome, issues: log.finish() };
  } catch (error) {
    return { issues: [rejection(file, error, withhold)] };
  }
}

/**
 * Runs a PostgreSQL file again when the server chose it as a deadlock's victim (40P01): two
 * files writing the same symbols in opposite orders (multi-ticker Stooq files) wait on each
 * other's symbol locks; the victim's transaction was rolled back whole, so running it again
 * is safe, and the other file has gone on meanwhile.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const deadlock = error instanceof Error && 'code' in error && error.code === '40P01';
      if (!deadlock || attempt >= attempts) throw error;
    }
  }
}

export async function runFileAsync(
  file: string,
  withhold: boolean,
  body: (log: IssueLog) => Promise<FileOutcome>,
): Promise<FileResult> {
  const log = new IssueLog(file, withhold);
  try {
    const outcome = await body(log);
    return { outcome, issues: log.finish() };
  } catch (error) {
    return { issues: [rejection(file, error, withhold)] };
  }
}

export function importFileSqlite(
  database: DatabaseHandle,
  writer: SqliteBarWriter,
  file: string,
  log: IssueLog,
  now: number,
  symbol: string | undefined,
  open: OpenOptions,
  parsed: ParsedFile = { kind: 'self' },
): FileOutcome {
  // better-sqlite3 runs the whole file synchronously inside one transaction (a savepoint of
  // the commit group): nothing else can interleave, and a throw rolls the file back.
  try {
    return database.sqlite!.transaction((): FileOutcome => {
      const seen = new Set<string>();
      let instrumentChanges = 0;
      // Parsed in the other thread (parse-ahead.ts): the same rows and issues, in the same order.
      const opened = parsed.kind === 'daily' ? null : openCsv(file, symbol, open);
      if (opened?.layout.format === 'instruments') {
        for (const row of instrumentRows(opened, log)) {
          seen.add(row.symbol);
          if (writer.instrument(recordFromRow(row), now)) instrumentChanges += 1;
        }
        return { inserted: 0, updated: 0, symbols: [...seen], instrumentChanges };
      }
      const batches = parsed.kind === 'daily' ? replayBatches(parsed, log) : dailyBars(opened!, log);
      // A file parsed whole: each symbol's bars are counted before any is set.
      const expected = parsed.kind === 'daily' ? rowsPerSymbol(parsed.batches) : null;
      for (const batch of batches) {
        for (const [symbol] of batch.runs) {
          if (seen.has(symbol)) continue;
          seen.add(symbol);
          if (writer.ensureInstrument(symbol, now)) {
            writer.replaceSynthetic(symbol, now);
            instrumentChanges += 1;
            log.add(null, demoReplaced(symbol), 'replace');
          }
          if (expected) writer.reserve(symbol, expected.get(symbol) ?? 0);
        }
        writer.bars(batch);
      }
      return { ...writer.finish(), symbols: [...seen], instrumentChanges };
    })();
  } catch (error) {
    writer.reset();
    throw error;
  }
}

export async function importFilePg(
  database: DatabaseHandle,
  file: string,
  log: IssueLog,
  now: number,
  symbol: string | undefined,
  open: OpenOptions,
): Promise<FileOutcome> {
  const client = await database.pgPool!.connect();
  try {
    await client.query('BEGIN');
    // A bulk import can be run again; not waiting for each commit's WAL flush halves its time.
    await client.query('SET LOCAL synchronous_commit = off');
    const writer = new PgBarWriter(client);
    const seen = new Set<string>();
    let instrumentChanges = 0;
    try {
      const opened = openCsv(file, symbol, open);
      if (opened.layout.format === 'instruments') {
        for (const row of instrumentRows(opened, log)) {
          seen.add(row.symbol);
          if (await writer.instrument(recordFromRow(row), now)) instrumentChanges += 1;
        }
      } else {
        for (const batch of dailyBars(opened, log)) {
          for (const [symbol] of batch.runs) {
            if (seen.has(symbol)) continue;
            seen.add(symbol);
            if (await writer.ensureInstrument(symbol, now)) {
              await writer.replaceSynthetic(symbol, now);
              instrumentChanges += 1;
              log.add(null, demoReplaced(symbol), 'replace');
            }
          }
          await writer.bars(batch);
        }
      }
      const counts = await writer.finish();
      await client.query('COMMIT');
      return { ...counts, symbols: [...seen], instrumentChanges };
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}
