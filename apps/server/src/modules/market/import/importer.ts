import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import path from 'node:path';
import type { DatabaseHandle } from '../../../db/database.js';
import { announceMarketChange } from '../market-events.js';
import { withDeferredDateIndex } from '../bulk-load.js';
import { PgBarWriter, recordFromRow, SqliteBarWriter, type WriteCounts } from './bar-store.js';
import { FileRejected, type ReadLimits } from './line-reader.js';
import { dailyBars, instrumentRows, IssueLog, openCsv, type ImportIssue, type OpenOptions } from './parse.js';

export interface ImportReport {
  /** Files read (rows may have been skipped). */
  files: number;
  /** Files that could not be imported at all (nothing of them was written). */
  rejectedFiles: string[];
  /** Distinct instruments the files described or had bars for. */
  instruments: number;
  /** Daily bars inserted and updated (an update is counted only when a value differed). */
  inserted: number;
  updated: number;
  issues: ImportIssue[];
  /** Whether anything (bars or instruments) was written. */
  changed: boolean;
}

export interface ImportOptions {
  /** Clock for updated_at (tests pass a fixed one). */
  now?: () => number;
  /** The symbol of every daily file without a ticker column, instead of its file name (the seed's ^GSPC). */
  symbol?: string;
  /** Into an empty daily_bars, build the date index once at the end (default true). */
  deferIndex?: boolean;
  /** Announce a change to other processes when anything was written (default true). */
  announce?: boolean;
  /** Regular files only, up to a size (the admin API; the command line reads what it is given). */
  limits?: ReadLimits;
  /** Issue reasons never quote a file's text (the admin API: no reading files out through the report). */
  withholdContent?: boolean;
  /** After each file: files done of all, bars written so far (the command line's progress line). */
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  done: number;
  total: number;
  rows: number;
  elapsedMs: number;
}

/** A file to import: the path opened, and the name the report gives it (and a symbol is taken from). */
export interface ImportFile {
  path: string;
  name: string;
}

/** Files to import, and the ones already rejected while listing them. */
export interface ImportListing {
  files: ImportFile[];
  issues: ImportIssue[];
}

const DATA_EXTENSIONS = new Set(['.csv', '.txt']);

function isInstrumentsFile(file: string): boolean {
  return path.basename(file).toLowerCase() === 'instruments.csv';
}

/** Expands PATHs into files: directories recursively (.csv/.txt, no hidden files), instruments files first. */
export function listImportFiles(paths: readonly string[], issues: ImportIssue[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && DATA_EXTENSIONS.has(path.extname(e.name).toLowerCase())) files.push(full);
    }
  };
  for (const p of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      issues.push({ file: p, line: null, reason: 'no such file or directory', action: 'reject' });
      continue;
    }
    if (stat.isDirectory()) walk(p);
    else files.push(p);
  }
  const instrumentsFirst = [...files.filter(isInstrumentsFile), ...files.filter((f) => !isInstrumentsFile(f))];
  return [...new Set(instrumentsFirst)];
}

interface FileOutcome extends WriteCounts {
  symbols: string[];
  instrumentChanges: number;
}

/**
 * Imports CSV files and directories (see docs/data-import.md): one transaction per file,
 * streaming, upserts that write only what differs. Announces a change to the other
 * processes when anything was written; the caller reloads its own cache.
 */
export async function importPaths(
  database: DatabaseHandle,
  paths: readonly string[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const issues: ImportIssue[] = [];
  const files = listImportFiles(paths, issues).map((file) => ({ path: file, name: file }));
  return importFiles(database, { files, issues }, options);
}

/** Imports files already listed (the admin API lists them inside its import directory). */
export async function importFiles(
  database: DatabaseHandle,
  listing: ImportListing,
  options: ImportOptions = {},
): Promise<ImportReport> {
  if (options.deferIndex === false) return importAll(database, listing, options);
  return withDeferredDateIndex(database, () => importAll(database, listing, options));
}

async function importAll(
  database: DatabaseHandle,
  listing: ImportListing,
  options: ImportOptions,
): Promise<ImportReport> {
  const now = options.now ?? Date.now;
  const issues: ImportIssue[] = [...listing.issues];
  const files = [
    ...listing.files.filter((f) => isInstrumentsFile(f.name)),
    ...listing.files.filter((f) => !isInstrumentsFile(f.name)),
  ];
  const withhold = options.withholdContent ?? false;
  const open: OpenOptions = { limits: options.limits, withholdContent: withhold };
  const rejected = issues.map((i) => i.file);
  const symbols = new Set<string>();
  let read = 0;
  let inserted = 0;
  let updated = 0;
  let changed = false;
  let done = 0;
  const started = performance.now();
  const merge = (file: ImportFile, result: FileResult) => {
    done += 1;
    try {
      mergeResult(file, result);
    } finally {
      options.onProgress?.({
        done,
        total: files.length,
        rows: inserted + updated,
        elapsedMs: performance.now() - started,
      });
    }
  };
  const mergeResult = (file: ImportFile, result: FileResult) => {
    issues.push(...result.issues);
    if (!result.outcome) {
      rejected.push(file.name);
      return;
    }
    const outcome = result.outcome;
    read += 1;
    inserted += outcome.inserted;
    updated += outcome.updated;
    if (outcome.inserted + outcome.updated + outcome.instrumentChanges > 0) changed = true;
    for (const s of outcome.symbols) symbols.add(s);
  };
  if (database.sqlite) {
    const writer = new SqliteBarWriter(database.sqlite);
    const restoreCache = enlargeSqliteCache(database);
    const group = new SqliteCommitGroup(database.sqlite);
    try {
      for (const file of files) {
        group.open();
        const result = runFile(file.name, withhold, (log) =>
          importFileSqlite(database, writer, file.path, log, now(), options.symbol, { ...open, name: file.name }),
        );
        group.add(result.outcome ? result.outcome.inserted + result.outcome.updated : 0);
        merge(file, result);
        // Let the server answer other requests between commits (never inside an open group).
        if (group.commitIfFull()) await new Promise((resolve) => setImmediate(resolve));
      }
      group.commit();
    } catch (error) {
      group.rollback();
      throw error;
    } finally {
      restoreCache();
    }
  } else {
    // Instruments files first, one by one; daily files on PG_CONCURRENCY connections, their
    // results merged in file order.
    const importOne = (file: ImportFile) =>
      runFileAsync(file.name, withhold, (log) =>
        importFilePg(database, file.path, log, now(), options.symbol, { ...open, name: file.name }),
      );
    const daily = files.filter((f) => !isInstrumentsFile(f.name));
    for (const file of files.filter((f) => isInstrumentsFile(f.name))) merge(file, await importOne(file));
    const results = new Array<FileResult | undefined>(daily.length);
    let next = 0;
    let flushed = 0;
    const worker = async () => {
      while (next < daily.length) {
        const i = next++;
        results[i] = await importOne(daily[i]!);
        while (flushed < daily.length && results[flushed]) {
          merge(daily[flushed]!, results[flushed]!);
          results[flushed] = undefined;
          flushed++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PG_CONCURRENCY, daily.length) }, worker));
  }
  if (changed && options.announce !== false) await announceMarketChange(database);
  return { files: read, rejectedFiles: rejected, instruments: symbols.size, inserted, updated, issues, changed };
}

interface FileResult {
  /** Undefined when the file was rejected. */
  outcome?: FileOutcome;
  issues: ImportIssue[];
}

/** Files imported at once on PostgreSQL (each on its own pooled connection). */
const PG_CONCURRENCY = 2;

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

function runFile(file: string, withhold: boolean, body: (log: IssueLog) => FileOutcome): FileResult {
  const log = new IssueLog(file, withhold);
  try {
    const outcome = body(log);
    return { outcome, issues: log.finish() };
  } catch (error) {
    return { issues: [rejection(file, error, withhold)] };
  }
}

async function runFileAsync(
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

/** Rows after which a SQLite commit group is committed. */
export const SQLITE_GROUP_ROWS = 250_000;

/**
 * SQLite commits files in groups: each file runs in its own savepoint (better-sqlite3
 * nests transaction() as SAVEPOINT), so a failing file rolls back alone, and the outer
 * transaction commits every SQLITE_GROUP_ROWS written rows. One commit per small file would
 * write the date index's pages to the WAL again and again (most of the import's time).
 * The group runs synchronously from open to commit, so no other request's write can join it.
 */
class SqliteCommitGroup {
  private rows = 0;
  private active = false;
  constructor(private readonly sqlite: SQLite.Database) {}
  open(): void {
    if (this.active) return;
    this.sqlite.exec('BEGIN');
    this.active = true;
    this.rows = 0;
  }
  add(rows: number): void {
    this.rows += rows;
  }
  /** Commits when the group is full; true when nothing is open any more. */
  commitIfFull(): boolean {
    if (this.active && this.rows < SQLITE_GROUP_ROWS) return false;
    this.commit();
    return true;
  }
  commit(): void {
    if (!this.active) return;
    this.sqlite.exec('COMMIT');
    this.active = false;
  }
  rollback(): void {
    if (!this.active) return;
    this.active = false;
    if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
  }
}

/**
 * The daily_bars indexes (primary key, date) take inserts in different orders; with
 * SQLite's default 16 MiB page cache a large import spends most of its time re-reading
 * evicted index pages. A bigger cache for the length of the import, then back.
 */
export function enlargeSqliteCache(database: DatabaseHandle, mebibytes = 192): () => void {
  const sqlite = database.sqlite!;
  const previous = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma(`cache_size = ${-mebibytes * 1024}`);
  return () => {
    sqlite.pragma(`cache_size = ${previous}`);
  };
}

function importFileSqlite(
  database: DatabaseHandle,
  writer: SqliteBarWriter,
  file: string,
  log: IssueLog,
  now: number,
  symbol: string | undefined,
  open: OpenOptions,
): FileOutcome {
  // better-sqlite3 runs the whole file synchronously inside one transaction (a savepoint of
  // the commit group): nothing else can interleave, and a throw rolls the file back.
  try {
    return sqliteFileTransaction(database, writer, file, log, now, symbol, open);
  } catch (error) {
    writer.reset();
    throw error;
  }
}

function sqliteFileTransaction(
  database: DatabaseHandle,
  writer: SqliteBarWriter,
  file: string,
  log: IssueLog,
  now: number,
  symbol: string | undefined,
  open: OpenOptions,
): FileOutcome {
  return database.sqlite!.transaction((): FileOutcome => {
    const opened = openCsv(file, symbol, open);
    const seen = new Set<string>();
    let instrumentChanges = 0;
    if (opened.layout.format === 'instruments') {
      for (const row of instrumentRows(opened, log)) {
        seen.add(row.symbol);
        if (writer.instrument(recordFromRow(row), now)) instrumentChanges += 1;
      }
      return { inserted: 0, updated: 0, symbols: [...seen], instrumentChanges };
    }
    for (const batch of dailyBars(opened, log)) {
      for (const bar of batch) {
        if (seen.has(bar[0])) continue;
        seen.add(bar[0]);
        if (writer.ensureInstrument(bar[0], now)) {
          writer.replaceSynthetic(bar[0], now);
          instrumentChanges += 1;
          log.add(null, `${bar[0]} was demo data: its synthetic bars were removed before importing these`, 'replace');
        }
      }
      writer.bars(batch);
    }
    return { ...writer.takeCounts(), symbols: [...seen], instrumentChanges };
  })();
}

async function importFilePg(
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
          for (const bar of batch) {
            if (seen.has(bar[0])) continue;
            seen.add(bar[0]);
            if (await writer.ensureInstrument(bar[0], now)) {
              await writer.replaceSynthetic(bar[0], now);
              instrumentChanges += 1;
              log.add(
                null,
                `${bar[0]} was demo data: its synthetic bars were removed before importing these`,
                'replace',
              );
            }
          }
          await writer.bars(batch);
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    return { ...writer.takeCounts(), symbols: [...seen], instrumentChanges };
  } finally {
    client.release();
  }
}
