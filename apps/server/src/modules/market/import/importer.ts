import os from 'node:os';
import type { DatabaseHandle } from '../../../db/database.js';
import type { PriceSeries } from '@solstice/analytics';
import { announceMarketChange, readDataVersion } from '../market-events.js';
import { hasBars } from '../bulk-load.js';
import { SqliteBarWriter } from './bar-store.js';
import type { ReadLimits } from './line-reader.js';
import type { ImportIssue, OpenOptions } from './parse.js';
import {
  importFilePg,
  importFileSqlite,
  retryingDeadlocks,
  runFile,
  runFileAsync,
  type FileResult,
} from './import-file.js';
import { isInstrumentsFile, listImportFiles, type ImportFile, type ImportListing } from './import-listing.js';
import { ParseAhead } from './parse-ahead.js';
import type { ParsedFile } from './parsed-file.js';
import { enlargeSqliteCache, SqliteCommitGroup } from './sqlite-commit-group.js';

export { listImportFiles, type ImportFile, type ImportListing } from './import-listing.js';
export { enlargeSqliteCache, SQLITE_GROUP_ROWS } from './sqlite-commit-group.js';

/** Files imported at once on PostgreSQL (each on its own pooled connection). */
const PG_CONCURRENCY = 2;
/** Daily files from which SQLite imports parse in a second thread (parse-ahead.ts): below, starting it costs more than it saves. */
export const PARSE_AHEAD_MIN_FILES = 8;

/**
 * One parsing thread a core, at most 4: the writing thread's share is small now that a row is a
 * symbol's year (decision 0024), so parsing is most of an import.
 */
export function defaultParseThreads(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

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
  /** Announce a change to other processes when anything was written (default true). */
  announce?: boolean;
  /** Regular files only, up to a size (the admin API; the command line reads what it is given). */
  limits?: ReadLimits;
  /** Issue reasons never quote a file's text (the admin API: no reading files out through the report). */
  withholdContent?: boolean;
  /** After each file: files done of all, bars written so far (the command line's progress line). */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * SQLite, into a database without bars: called at the end with every series written, in symbol
   * order, when the import was a plain load that nothing else wrote into meanwhile (the
   * command line writes the market snapshot from them instead of reading the bars back).
   */
  onSeries?: (series: Map<string, PriceSeries>) => void;
  /** SQLite: parse daily files in other threads, ahead of the writing (default: from PARSE_AHEAD_MIN_FILES files). */
  parseAhead?: boolean;
  /** How many threads parse ahead (default: one a core, at most 4). */
  parseThreads?: number;
}

export interface ImportProgress {
  done: number;
  total: number;
  rows: number;
  elapsedMs: number;
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
  // Into a database without bars, the series written are the whole market (for onSeries).
  const keepSeries = Boolean(database.sqlite && options.onSeries && !(await hasBars(database)));
  const versionBefore = keepSeries ? Number(await readDataVersion(database)) : 0;
  let kept: Map<string, PriceSeries> | null = null;
  if (database.sqlite) {
    const writer = new SqliteBarWriter(database.sqlite);
    if (keepSeries) writer.keepSeries();
    const restoreCache = enlargeSqliteCache(database);
    const group = new SqliteCommitGroup(database.sqlite);
    const dailyFiles = files.filter((f) => !isInstrumentsFile(f.name));
    const ahead =
      (options.parseAhead ?? dailyFiles.length >= PARSE_AHEAD_MIN_FILES) && dailyFiles.length > 0
        ? new ParseAhead(
            dailyFiles.map((f) => ({
              path: f.path,
              name: f.name,
              symbol: options.symbol,
              open: { ...open, name: f.name },
            })),
            options.parseThreads ?? defaultParseThreads(),
          )
        : null;
    let taken = 0;
    try {
      for (const file of files) {
        group.open();
        const parsed: ParsedFile = ahead && !isInstrumentsFile(file.name) ? ahead.take(taken++) : { kind: 'self' };
        const result = runFile(file.name, withhold, (log) =>
          importFileSqlite(
            database,
            writer,
            file.path,
            log,
            now(),
            options.symbol,
            { ...open, name: file.name },
            parsed,
          ),
        );
        group.add(result.outcome ? result.outcome.inserted + result.outcome.updated : 0);
        merge(file, result);
        // Let the server answer other requests between commits (never inside an open group).
        if (group.commitIfFull()) await new Promise((resolve) => setImmediate(resolve));
      }
      group.commit();
      if (keepSeries) kept = writer.keptSeries();
    } catch (error) {
      group.rollback();
      throw error;
    } finally {
      restoreCache();
      await ahead?.close();
    }
  } else {
    // Instruments files first, one by one; daily files on PG_CONCURRENCY connections, their
    // results merged in file order.
    const importOne = (file: ImportFile) =>
      retryingDeadlocks(() =>
        runFileAsync(file.name, withhold, (log) =>
          importFilePg(database, file.path, log, now(), options.symbol, { ...open, name: file.name }),
        ),
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
  if (kept && options.onSeries) {
    // Our own announcement only: any other change since the start means another writer.
    const expected = versionBefore + (changed && options.announce !== false ? 1 : 0);
    if (Number(await readDataVersion(database)) === expected) options.onSeries(kept);
  }
  return { files: read, rejectedFiles: rejected, instruments: symbols.size, inserted, updated, issues, changed };
}
