import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-driver.js';
import pg from 'pg';
import {
  DatabaseOpenError,
  describePostgresError,
  normalizeDatabaseUrl,
  openDatabase,
  postgresServerOf,
  sqliteFileOf,
} from './database.js';
import { migrateToLatest } from './migrate.js';

/** A backup or restore that cannot be done, in words an operator acts on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

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

const SQLITE_HEADER = 'SQLite format 3\u0000';
const PG_CUSTOM_HEADER = 'PGDMP';

/** The PostgreSQL procedure, for when the client tools are missing. */
export function postgresProcedure(url: string, file = 'solstice.dump'): string {
  const u = new URL(url);
  u.password = '';
  const target = `'${u.toString()}'`;
  return [
    'Back up (a consistent snapshot while the server runs; give the password in PGPASSWORD or ~/.pgpass):',
    `  pg_dump --format=custom --file=${file} ${target}`,
    'Restore into an empty database (createdb first), then migrate:',
    `  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=${target} ${file}`,
    `  solstice --db ${target} db migrate`,
    "pg_dump must be of the server's major version or newer (Debian: apt-get install postgresql-client).",
  ].join('\n');
}

/** An executable on PATH, or null. */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function requireTool(name: 'pg_dump' | 'pg_restore', url: string, file: string): string {
  const tool = findOnPath(name);
  if (!tool)
    throw new BackupError(
      `${name} is not on PATH; install the PostgreSQL client tools, or by hand:\n${postgresProcedure(url, file)}`,
    );
  return tool;
}

/** libpq takes the URL without its password (which `ps` would show); the password goes in PGPASSWORD. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    child.on('error', (error) => reject(new BackupError(`${path.basename(tool)} could not run: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

function checkTargetFile(file: string, force: boolean): void {
  const folder = path.dirname(path.resolve(file));
  if (!fs.existsSync(folder)) throw new BackupError(`the folder ${folder} does not exist`);
  if (fs.existsSync(file) && !force)
    throw new BackupError(`${file} exists; choose a new name or add --force to replace it`);
}

function removeQuietly(file: string): void {
  fs.rmSync(file, { force: true });
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
  return {
    dialect: normalized.startsWith('file:') ? 'sqlite' : 'postgres',
    file: path.resolve(file),
    bytes: fs.statSync(file).size,
    ms: Date.now() - started,
    method: normalized.startsWith('file:') ? 'VACUUM INTO' : 'pg_dump --format=custom',
  };
}

/** A SQLite file that passes quick_check and has Solstice's tables. */
function checkSqliteBackup(file: string): void {
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged: ${String(check)}`);
    const users = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
    if (!users) throw new BackupError(`${file} is a SQLite database but not a Solstice one (no users table)`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} is not a readable SQLite database: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    sqlite?.close();
  }
}

function formatOf(file: string): 'sqlite' | 'postgres' {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(16);
      fs.readSync(fd, head, 0, 16, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new BackupError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (head.toString('latin1') === SQLITE_HEADER) return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === PG_CUSTOM_HEADER) return 'postgres';
  throw new BackupError(`${file} is neither a SQLite backup nor a pg_dump custom-format archive`);
}

interface Contents {
  /** Solstice's tables exist. */
  tables: boolean;
  users: number;
  bars: number;
}

function describeContents(c: Contents): string {
  return `${c.users} account(s) and ${c.bars} bar(s)`;
}

function sqliteContents(file: string): Contents {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return { tables: false, users: 0, bars: 0 };
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    const has = (t: string) =>
      Boolean(sqlite!.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t));
    const count = (t: string) =>
      has(t) ? Number((sqlite!.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n) : 0;
    return { tables: has('users') || has('kysely_migration'), users: count('users'), bars: count('daily_bars') };
  } catch (error) {
    throw new BackupError(
      `${file} exists and is not a readable SQLite database (${error instanceof Error ? error.message : String(error)}); ` +
        'remove it or restore elsewhere',
    );
  } finally {
    sqlite?.close();
  }
}

async function postgresContents(url: string, schema: string | undefined): Promise<Contents> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseOpenError(describePostgresError(error, postgresServerOf(url)));
  }
  try {
    const exists = await client.query<{ users: string | null; bars: string | null; migrations: string | null }>(
      "SELECT to_regclass('users')::text AS users, to_regclass('daily_bars')::text AS bars, to_regclass('kysely_migration')::text AS migrations",
    );
    const row = exists.rows[0]!;
    const count = async (table: string | null) =>
      table ? Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n) : 0;
    return { tables: Boolean(row.users ?? row.migrations), users: await count(row.users), bars: await count(row.bars) };
  } finally {
    await client.end();
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
