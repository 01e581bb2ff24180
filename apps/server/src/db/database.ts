import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-driver.js';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.js';
import { namingPool } from './named-statements.js';
import { loadPg } from './pg-driver.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw better-sqlite3 connection (SQLite only), for bulk paths that Kysely would slow down. */
  sqlite?: BetterSqlite3.Database;
  /** The raw pg pool (PostgreSQL only), for COPY-style bulk paths and LISTEN/NOTIFY. */
  pgPool?: pg.Pool;
  /** PostgreSQL only: the schema this handle works in, when not the default (tests). */
  pgSchema?: string;
  /** A printable description without credentials. */
  description: string;
  /** PostgreSQL only: "host:port" of the server, for messages. */
  server?: string;
  /** SQLite only: true when this open created the file. */
  created?: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: a schema to create (if missing) and use as search_path; tests isolate themselves with it. */
  pgSchema?: string;
  pgPoolSize?: number;
  /**
   * SQLite only: create the file when it does not exist (default true). Its folder must
   * exist either way, except the `data/` folder of DEFAULT_DATABASE_URL.
   */
  create?: boolean;
}

/** The embedded default; the only database whose missing folder (`data/`) Solstice creates. */
export const DEFAULT_DATABASE_URL = 'file:data/solstice.sqlite';

/** A database address that names nothing usable, or a database that cannot be reached or opened. */
export class DatabaseOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseOpenError';
  }
}

const POSTGRES_URL = /^postgres(ql)?:\/\//;
// Two letters or more, so that a Windows drive ("C:\\x.sqlite") stays a path.
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]+):/;

/**
 * Accepts a DATABASE_URL (`file:PATH`, `postgres://…`) or a plain SQLite file path (the CLI's
 * --db). Any other scheme is an error: `mysql://x` must not become a SQLite file named "mysql:".
 */
export function normalizeDatabaseUrl(value: string): string {
  const v = value.trim();
  if (v === '') throw new DatabaseOpenError('no database given: expected file:PATH (SQLite) or postgres://…');
  if (v.startsWith('file:') || POSTGRES_URL.test(v)) return v;
  const scheme = SCHEME.exec(v)?.[1];
  if (scheme !== undefined) {
    // Only the scheme: the rest may hold credentials.
    throw new DatabaseOpenError(
      `unknown database scheme "${scheme}:": expected file:PATH (SQLite), postgres://user@host:5432/db (PostgreSQL) ` +
        'or a SQLite file path (write a path that contains ":" as file:PATH or ./PATH)',
    );
  }
  return `file:${v}`;
}

/** The file of a `file:` URL: `file:relative/x.sqlite`, `file:/abs/x.sqlite` or `file:///abs/x.sqlite`. */
export function sqliteFileOf(url: string): string {
  let file: string;
  try {
    file = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
  } catch (error) {
    throw new DatabaseOpenError(`bad SQLite address: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (file === '') throw new DatabaseOpenError('no SQLite file given: expected file:PATH');
  return file;
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether the SQLite file may be opened (or created) at all. A mistyped path must fail with
 * the folder or file named, not create directories and a fresh (seeded) database.
 */
function checkSqliteTarget(url: string, file: string, create: boolean): void {
  if (file === ':memory:') return;
  const absolute = path.resolve(file);
  if (fs.existsSync(absolute)) return;
  const folder = path.dirname(absolute);
  if (!isDirectory(folder)) {
    if (url === DEFAULT_DATABASE_URL && create) {
      fs.mkdirSync(folder);
      return;
    }
    throw new DatabaseOpenError(
      `the folder ${folder} of the SQLite database ${file} does not exist: create it, or correct DATABASE_URL / --db`,
    );
  }
  if (!create) {
    throw new DatabaseOpenError(
      `the SQLite database ${absolute} does not exist. If this is a first install, set CREATE_DATABASE=true ` +
        'to create a new, empty database there; otherwise correct DATABASE_URL / --db',
    );
  }
}

/** "host:port" of a postgres:// URL (the default port written out). */
export function postgresServerOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
}

/**
 * A connection failure in the words an operator acts on: "PostgreSQL at db:5432 is
 * unreachable: connection refused", "PostgreSQL at db:5432: database "x" does not exist".
 */
export function describePostgresError(error: unknown, server: string): string {
  const e = error as { code?: unknown; message?: unknown; errors?: { code?: unknown }[] } | null;
  // Node reports a refused "localhost" (::1 and 127.0.0.1 both tried) as an AggregateError.
  const code = String(e?.code ?? e?.errors?.[0]?.code ?? '');
  const message = typeof e?.message === 'string' && e.message !== '' ? e.message : String(error);
  const where = `PostgreSQL at ${server}`;
  const unreachable: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'the host name does not resolve',
    EAI_AGAIN: 'the host name does not resolve',
    ETIMEDOUT: 'no answer (timed out)',
    EHOSTUNREACH: 'no route to the host',
    ENETUNREACH: 'no route to the host',
    ECONNRESET: 'the connection was reset',
  };
  if (unreachable[code]) return `${where} is unreachable: ${unreachable[code]}`;
  if (/timeout/i.test(message) && /connect/i.test(message)) return `${where} is unreachable: no answer within 5 s`;
  return `${where}: ${message}`;
}

/**
 * Kysely prepares every query anew; on the request path (the session lookup of every
 * signed-in request) preparing costs more than running. Statements are reused by SQL
 * text, which is safe because better-sqlite3 runs each to completion synchronously.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * The page size of a new SQLite database: 64 KiB, SQLite's largest. Most of the file is bar
 * chunks of about 11 KB (decision 0024); with 4 KiB pages each spans three overflow pages and
 * every commit and checkpoint moves the pages one system call at a time, which made commits
 * most of an import (decision 0024).
 */
export const SQLITE_PAGE_SIZE = 65_536;

/** The connection in WAL mode; a directory or a file that is no SQLite database fails with its path named. */
function openSqliteFile(file: string, create: boolean): BetterSqlite3.Database {
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new SQLite(file, { fileMustExist: !create });
    // Only a database without content takes it; an existing one keeps its page size.
    sqlite.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
    sqlite.pragma('journal_mode = WAL');
    return sqlite;
  } catch (error) {
    sqlite?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseOpenError(`could not open the SQLite database ${path.resolve(file)}: ${reason}`);
  }
}

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const normalized = normalizeDatabaseUrl(url);
  if (normalized.startsWith('file:')) {
    const file = sqliteFileOf(normalized);
    const create = options.create ?? true;
    checkSqliteTarget(normalized, file, create);
    const created = file !== ':memory:' && !fs.existsSync(file);
    const sqlite = openSqliteFile(file, create);
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      description: `sqlite:${file}`,
      created,
      close: () => db.destroy(),
    };
  }
  const schema = options.pgSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const server = postgresServerOf(normalized);
  const pg = await loadPg();
  if (schema) {
    const admin = new pg.Client({ connectionString: normalized, connectionTimeoutMillis: 5000 });
    admin.on('error', () => {});
    try {
      await admin.connect();
    } catch (error) {
      throw new DatabaseOpenError(describePostgresError(error, server));
    }
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: normalized,
    max: options.pgPoolSize ?? 10,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // A client checked out when its connection drops emits 'error' with no pool listener on
  // it, which would crash the process (e2e/failure-database); its query still rejects (→ 503).
  pool.on('connect', (client) => client.on('error', () => {}));
  // One connection now, so that a wrong address fails here in its own words rather than as
  // the first migration's error.
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(describePostgresError(error, server));
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
  const u = new URL(normalized);
  return {
    db,
    dialect: 'postgres',
    pgPool: pool,
    ...(schema ? { pgSchema: schema } : {}),
    server,
    description: `postgres://${u.host}${u.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}
