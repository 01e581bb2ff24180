import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { PriceSeries } from '@solstice/analytics';
import type { Settings } from '../../../config/settings.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { DATA_VERSION_KEY } from '../market-events.js';
import { beginSnapshotRead, leaveColumnsOnDisk, writeSnapshotFile, type SnapshotRead } from './snapshot-format.js';

/** Where PostgreSQL snapshots go unless MARKET_SNAPSHOT_DIR says otherwise (the default SQLite file's folder). */
export const DEFAULT_SNAPSHOT_DIR = 'data';

/**
 * What says whether a snapshot still describes the database, from a few cheap reads: the
 * data version every import and update bumps (app_meta), the chunk and bar counts, the last
 * bar date, SQLite's largest rowid and the file's identity (inode, creation time: a replaced or
 * recreated file is another database), PostgreSQL's database and schema oid.
 */
export async function marketFingerprint(database: DatabaseHandle): Promise<string> {
  if (database.sqlite) {
    const row = database.sqlite
      .prepare(
        `SELECT (SELECT count(*) FROM bar_chunks) AS c, (SELECT coalesce(sum(bars), 0) FROM bar_chunks) AS n,
                (SELECT max(rowid) FROM bar_chunks) AS r, (SELECT max(last_date) FROM bar_chunks) AS d,
                (SELECT value FROM app_meta WHERE key = ?) AS v`,
      )
      .get(DATA_VERSION_KEY) as { c: number; n: number; r: number | null; d: string | null; v: string | null };
    let file = '';
    if (!database.sqlite.memory) {
      const stat = fs.statSync(database.sqlite.name);
      file = `${stat.dev}:${stat.ino}:${stat.birthtimeMs}`;
    }
    return JSON.stringify({ dialect: 'sqlite', file, v: row.v ?? '0', c: row.c, n: row.n, r: row.r, d: row.d });
  }
  const row = (
    await sql<{ c: number; n: number; d: string | null; v: string | null; db: number; s: number }>`
      SELECT count(*)::int8 AS c, coalesce(sum(bars), 0)::int8 AS n, max(last_date) AS d,
             (SELECT value FROM app_meta WHERE key = ${DATA_VERSION_KEY}) AS v,
             (SELECT oid FROM pg_database WHERE datname = current_database())::int8 AS db,
             (SELECT oid FROM pg_namespace WHERE nspname = current_schema())::int8 AS s
      FROM bar_chunks`.execute(database.db)
  ).rows[0]!;
  return JSON.stringify({ dialect: 'postgres', db: row.db, s: row.s, v: row.v ?? '0', c: row.c, n: row.n, d: row.d });
}

/**
 * The snapshot file of a database, or null when snapshots are off (MARKET_SNAPSHOT=false) or
 * there is no file to put it next to (an in-memory SQLite). SQLite: next to the database
 * file (`x.sqlite` → `x.sqlite.market-snapshot`), or in MARKET_SNAPSHOT_DIR. PostgreSQL: a
 * local file in MARKET_SNAPSHOT_DIR (default `data/`) named after the server, database and
 * schema.
 */
export function snapshotFileFor(database: DatabaseHandle, settings: Settings): string | null {
  if (!settings.MARKET_SNAPSHOT) return null;
  const dir = settings.MARKET_SNAPSHOT_DIR;
  if (database.sqlite) {
    if (database.sqlite.memory || !database.sqlite.name) return null;
    const file = path.resolve(database.sqlite.name);
    return dir ? path.join(path.resolve(dir), `${path.basename(file)}.market-snapshot`) : `${file}.market-snapshot`;
  }
  // The description names host, port, database and schema, never credentials.
  const identity = database.description;
  const name = `market-snapshot-pg-${createHash('sha256').update(identity).digest('hex').slice(0, 16)}.bin`;
  return path.join(path.resolve(dir ?? DEFAULT_SNAPSHOT_DIR), name);
}

export interface SnapshotLog {
  warn(message: string): void;
  /** Why a start loads through SQL although a snapshot file is configured. */
  info?(message: string): void;
}

/**
 * Reads and writes one database's snapshot. Read: the series when the file matches the
 * database's fingerprint and checks out, else null (missing, stale, truncated, corrupt).
 * Write: after a load through SQL, atomically; a failure to write is logged, never fatal.
 */
export class MarketSnapshotStore {
  /** A series read from the file did not check out: the next load goes through SQL (and rewrites it). */
  private distrusted = false;

  constructor(
    readonly file: string,
    private readonly log: SnapshotLog = { warn: () => {} },
  ) {}

  /**
   * Starts reading the file (beginSnapshotRead), or null when there is none that checks out
   * so far. The caller computes the fingerprint meanwhile and hands it to `finish`.
   * `onDamage` is called when a series' on-disk columns, read later, do not check out.
   */
  begin(onDamage: () => void = () => {}): SnapshotRead | null {
    if (this.distrusted) return null;
    try {
      return beginSnapshotRead(this.file, this.damaged(onDamage));
    } catch (error) {
      this.log.warn(`market snapshot ${this.file}: unreadable (${String(error)}); loading through SQL`);
      return null;
    }
  }

  /**
   * The series of a read begun, when the file was written for `fingerprint` and its data
   * checks out; else null, and the log says why the snapshot is not used.
   */
  async finish(read: SnapshotRead | null, fingerprint: string): Promise<Map<string, PriceSeries> | null> {
    // Another fingerprint: the read finishes in the background and its buffer is dropped.
    const series = read && read.fingerprint === fingerprint ? await read.series : null;
    if (!series) {
      const why = this.distrusted
        ? 'a series read from it did not check out'
        : !read
          ? fs.existsSync(this.file)
            ? 'the file is not a snapshot of this format, or its header does not check out'
            : 'there is no file yet'
          : read.fingerprint !== fingerprint
            ? 'it was written for another state of the database'
            : 'its data does not check out (checksum or length)';
      this.log.info?.(`market snapshot ${this.file}: not used (${why}); loading through SQL`);
    }
    return series;
  }

  /**
   * Makes `series` (just written to the file for `fingerprint`) read their open, high, low and
   * volume from the file when asked instead of holding them, in place; false when the file
   * is not that snapshot (nothing changed).
   */
  leaveOnDisk(fingerprint: string, series: ReadonlyMap<string, PriceSeries>, onDamage: () => void = () => {}): boolean {
    try {
      return leaveColumnsOnDisk(this.file, fingerprint, series, this.damaged(onDamage));
    } catch {
      return false;
    }
  }

  private damaged(onDamage: () => void) {
    return (error: Error) => {
      this.distrusted = true;
      this.log.warn(`${error.message}; reloading through SQL`);
      onDamage();
    };
  }

  async write(fingerprint: string, series: ReadonlyMap<string, PriceSeries>): Promise<boolean> {
    try {
      await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
      await writeSnapshotFile(this.file, fingerprint, series);
      this.distrusted = false;
      return true;
    } catch (error) {
      this.log.warn(`market snapshot ${this.file}: not written (${String(error)})`);
      return false;
    }
  }
}
