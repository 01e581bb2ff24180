import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw better-sqlite3 connection (SQLite only), for bulk paths that Kysely would slow down. */
  sqlite?: SQLite.Database;
  /** The raw pg pool (PostgreSQL only), for COPY-style bulk paths and LISTEN/NOTIFY. */
  pgPool?: pg.Pool;
  /** PostgreSQL only: the schema this handle works in, when not the default (tests). */
  pgSchema?: string;
  /** A printable description without credentials. */
  description: string;
  close(): Promise<void>;
}

// int8 (COUNT, BIGINT) as a JS number: our values (volumes, epoch ms) stay below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric as a JS number (we never store money in numeric: cents are integers).
pg.types.setTypeParser(1700, (v) => Number(v));

export interface OpenOptions {
  /** PostgreSQL only: a schema to create (if missing) and use as search_path; tests isolate themselves with it. */
  pgSchema?: string;
  pgPoolSize?: number;
}

/** Accepts a DATABASE_URL (`file:PATH`, `postgres://…`) or a plain SQLite file path (the CLI's --db). */
export function normalizeDatabaseUrl(value: string): string {
  if (value.startsWith('file:') || /^postgres(ql)?:\/\//.test(value)) return value;
  return `file:${value}`;
}

/**
 * Kysely prepares every query anew; on the request path (the session lookup of every
 * signed-in request) preparing costs more than running. Statements are reused by SQL
 * text, which is safe because better-sqlite3 runs each to completion synchronously.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
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

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const normalized = normalizeDatabaseUrl(url);
  if (normalized.startsWith('file:')) {
    const file = normalized.slice('file:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      description: `sqlite:${file}`,
      close: () => db.destroy(),
    };
  }
  const schema = options.pgSchema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: normalized });
    await admin.connect();
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const u = new URL(normalized);
  return {
    db,
    dialect: 'postgres',
    pgPool: pool,
    ...(schema ? { pgSchema: schema } : {}),
    description: `postgres://${u.host}${u.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}
