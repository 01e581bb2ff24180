import fs from 'node:fs';
import path from 'node:path';
import { SQLite } from './sqlite-driver.js';
import { normalizeDatabaseUrl, openDatabase, sqliteFileOf } from './database.js';
import { migrateToLatest } from './migrate.js';
import { BackupError, checkTargetFile, libpqTarget, removeQuietly, requireTool, runTool } from './backup-tools.js';
import { checkSqliteBackup, describeContents, formatOf, postgresContents, sqliteContents } from './backup-contents.js';

export { BackupError, findOnPath, postgresProcedure } from './backup-tools.js';

export interface BackupOptions {
  /** Replace FILE when it exists. */
  force?: boolean;
  /** PostgreSQL: only this schema (tests isolate themselves in schemas). */
  pgSchema?: string;
}

export interface BackupReport {
  dialect: 'sqlite' | 'postgres';
  file: string;
  bytes: number;
  ms: number;
  /** What made it: SQLite's VACUUM INTO or pg_dump. */
  method: 'VACUUM INTO' | 'pg_dump --format=custom';
}

export interface RestoreOptions {
  /** Replace a database that holds accounts or market data. */
  force?: boolean;
  pgSchema?: string;
}

export interface RestoreReport {
  dialect: 'sqlite' | 'postgres';
  file: string;
  /** True when a database with accounts or market data was replaced (--force). */
  replaced: boolean;
  /** Migrations the restored database was missing (a backup from an older version). */
  migrationsApplied: string[];
  ms: number;
}

/**
 * SQLite: VACUUM INTO copies one read transaction's snapshot, so the copy is consistent
 * while the server keeps writing (WAL: the writers are not blocked), and unlike the
 * page-by-page backup API it does not start over each time another connection writes.
 * PostgreSQL: pg_dump (its snapshot is consistent too).
 */
export async function backupDatabase(url: string, file: string, options: BackupOptions = {}): Promise<BackupReport> {
  const started = Date.now();
  const normalized = normalizeDatabaseUrl(url);
  checkTargetFile(file, options.force ?? false);
  const partial = `${file}.partial-${process.pid}`;
  removeQuietly(partial);
  try {
    if (normalized.startsWith('file:')) {
      const source = sqliteFileOf(normalized);
      if (source === ':memory:' || !fs.existsSync(source)) {
        throw new BackupError(`there is no SQLite database at ${path.resolve(source)} to back up`);
      }
      if (path.resolve(source) === path.resolve(file))
        throw new BackupError('the backup cannot replace the database itself');
      const sqlite = new SQLite(source, { readonly: true, fileMustExist: true });
      try {
        sqlite.pragma('busy_timeout = 5000');
        sqlite.prepare('VACUUM INTO ?').run(partial);
      } finally {
        sqlite.close();
      }
      checkSqliteBackup(partial);
    } else {
      const tool = requireTool('pg_dump', normalized, file);
      const { dbname, env } = libpqTarget(normalized);
      const schema = options.pgSchema ? [`--schema=${options.pgSchema}`] : [];
      await runTool(tool, ['--format=custom', `--file=${partial}`, ...schema, `--dbname=${dbname}`], env);
    }
    fs.renameSync(partial, file);
  } finally {
    removeQuietly(partial);
  }
  await forgetReplacedBars(normalized, started, options.pgSchema);
  return {
    dialect: normalized.startsWith('file:') ? 'sqlite' : 'postgres',
    file: path.resolve(file),
    bytes: fs.statSync(file).size,
    ms: Date.now() - started,
    method: normalized.startsWith('file:') ? 'VACUUM INTO' : 'pg_dump --format=custom',
  };
}

/**
 * Bars an admin's history replacement removed are kept until a backup holds them (decision
 * 0044): the rows replaced before this backup started are in it now.
 */
async function forgetReplacedBars(url: string, startedAt: number, pgSchema: string | undefined): Promise<void> {
  const handle = await openDatabase(url, pgSchema ? { pgSchema } : {});
  try {
    await handle.db.deleteFrom('replaced_bar_chunks').where('replaced_at', '<', startedAt).execute();
  } catch (error) {
    // A database from before migration 0014 has nothing to forget.
    if (!/no such table|does not exist/i.test(error instanceof Error ? error.message : String(error))) throw error;
  } finally {
    await handle.close();
  }
}

async function migrate(url: string, pgSchema: string | undefined): Promise<string[]> {
  const handle = await openDatabase(url, pgSchema ? { pgSchema } : {});
  try {
    return (await migrateToLatest(handle)).applied;
  } finally {
    await handle.close();
  }
}

/**
 * Restores a backup into an empty database (or, with force, over one that holds accounts or
 * market data), then migrates it. The server must be stopped: a running one keeps the old
 * SQLite file open, and would see PostgreSQL tables change under it.
 */
export async function restoreDatabase(url: string, file: string, options: RestoreOptions = {}): Promise<RestoreReport> {
  const started = Date.now();
  const normalized = normalizeDatabaseUrl(url);
  const dialect = normalized.startsWith('file:') ? 'sqlite' : 'postgres';
  if (!fs.existsSync(file)) throw new BackupError(`there is no backup at ${path.resolve(file)}`);
  const format = formatOf(file);
  if (format !== dialect) {
    throw new BackupError(
      `${file} is a ${format === 'sqlite' ? 'SQLite backup' : 'PostgreSQL (pg_dump) archive'} and DATABASE_URL / --db ` +
        `is ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}; restore it into a database of its own kind`,
    );
  }
  let replaced = false;
  if (dialect === 'sqlite') {
    checkSqliteBackup(file);
    const target = sqliteFileOf(normalized);
    if (target === ':memory:') throw new BackupError('cannot restore into :memory:');
    const folder = path.dirname(path.resolve(target));
    if (!fs.existsSync(folder)) {
      throw new BackupError(`the folder ${folder} of the SQLite database ${target} does not exist: create it first`);
    }
    if (path.resolve(target) === path.resolve(file))
      throw new BackupError('the backup and the database are the same file');
    const contents = sqliteContents(target);
    replaced = contents.users > 0 || contents.bars > 0;
    if (replaced && !options.force) {
      throw new BackupError(
        `${target} holds ${describeContents(contents)}; restore into an empty database, or add --force to replace it`,
      );
    }
    const incoming = `${target}.restoring-${process.pid}`;
    removeQuietly(incoming);
    try {
      const source = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        source.prepare('VACUUM INTO ?').run(incoming);
      } finally {
        source.close();
      }
      // The old database's WAL must not be replayed onto the restored file.
      for (const suffix of ['-wal', '-shm', '']) removeQuietly(`${target}${suffix}`);
      fs.renameSync(incoming, target);
    } finally {
      removeQuietly(incoming);
    }
  } else {
    const tool = requireTool('pg_restore', normalized, file);
    const contents = await postgresContents(normalized, options.pgSchema);
    replaced = contents.users > 0 || contents.bars > 0;
    if (replaced && !options.force) {
      throw new BackupError(
        `the database holds ${describeContents(contents)}; restore into an empty database (createdb), or add --force to replace it`,
      );
    }
    const { dbname, env } = libpqTarget(normalized);
    // Tables that exist (a migrated, empty database; or --force) are dropped and recreated from the archive.
    const clean = contents.tables ? ['--clean', '--if-exists'] : [];
    await runTool(
      tool,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...clean,
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
  }
  const migrationsApplied = await migrate(normalized, options.pgSchema);
  return { dialect, file: path.resolve(file), replaced, migrationsApplied, ms: Date.now() - started };
}
