import fs from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { BackupError } from './backup-tools.js';
import { DatabaseOpenError, describePostgresError, postgresServerOf } from './database.js';
import { loadPg } from './pg-driver.js';
import { SQLite } from './sqlite-driver.js';

/*
 * What a backup file is, and what a database holds: a restore checks both before it
 * replaces anything.
 */

const SQLITE_HEADER = 'SQLite format 3\u0000';
const PG_CUSTOM_HEADER = 'PGDMP';

/** A SQLite file that passes quick_check and has Solstice's tables. */
export function checkSqliteBackup(file: string): void {
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

export function formatOf(file: string): 'sqlite' | 'postgres' {
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

export interface Contents {
  /** Solstice's tables exist. */
  tables: boolean;
  users: number;
  bars: number;
}

export function describeContents(c: Contents): string {
  return `${c.users} account(s) and ${c.bars} bar(s)`;
}

export function sqliteContents(file: string): Contents {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return { tables: false, users: 0, bars: 0 };
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    const has = (t: string) =>
      Boolean(sqlite!.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t));
    const count = (t: string) =>
      has(t) ? Number((sqlite!.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n) : 0;
    // A backup of a version before bar chunks (migration 0011) has a row a bar.
    const bars = has('bar_chunks')
      ? Number(sqlite.prepare('SELECT coalesce(sum(bars), 0) FROM bar_chunks').pluck().get())
      : count('daily_bars');
    return { tables: has('users') || has('kysely_migration'), users: count('users'), bars };
  } catch (error) {
    throw new BackupError(
      `${file} exists and is not a readable SQLite database (${error instanceof Error ? error.message : String(error)}); ` +
        'remove it or restore elsewhere',
    );
  } finally {
    sqlite?.close();
  }
}

export async function postgresContents(url: string, schema: string | undefined): Promise<Contents> {
  const pg = await loadPg();
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
    const exists = await client.query<{
      users: string | null;
      chunks: string | null;
      bars: string | null;
      migrations: string | null;
    }>(
      "SELECT to_regclass('users')::text AS users, to_regclass('bar_chunks')::text AS chunks, " +
        "to_regclass('daily_bars')::text AS bars, to_regclass('kysely_migration')::text AS migrations",
    );
    const row = exists.rows[0]!;
    const count = async (table: string | null, of = 'count(*)') =>
      table ? Number((await client.query<{ n: string }>(`SELECT ${of} AS n FROM ${table}`)).rows[0]!.n) : 0;
    // A backup of a version before bar chunks (migration 0011) has a row a bar.
    const bars = row.chunks ? await count(row.chunks, 'coalesce(sum(bars), 0)') : await count(row.bars);
    return { tables: Boolean(row.users ?? row.migrations), users: await count(row.users), bars };
  } finally {
    await client.end();
  }
}
