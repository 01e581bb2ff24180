import type SQLite from 'better-sqlite3';
import type { DatabaseHandle } from '../../../db/database.js';

/** Rows after which a SQLite commit group is committed. */
export const SQLITE_GROUP_ROWS = 250_000;

/**
 * SQLite commits files in groups: each file runs in its own savepoint (better-sqlite3
 * nests transaction() as SAVEPOINT), so a failing file rolls back alone, and the outer
 * transaction commits every SQLITE_GROUP_ROWS written rows. One commit per small file would
 * write the date index's pages to the WAL again and again (most of the import's time).
 * The group runs synchronously from open to commit, so no other request's write can join it.
 */
export class SqliteCommitGroup {
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
 * A large import's pages stay in the page cache until their group commits; with SQLite's
 * default 16 MiB cache they would spill to the WAL before it. A bigger cache for the length
 * of the import, then back.
 */
export function enlargeSqliteCache(database: DatabaseHandle, mebibytes = 192): () => void {
  const sqlite = database.sqlite!;
  const previous = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma(`cache_size = ${-mebibytes * 1024}`);
  return () => {
    sqlite.pragma(`cache_size = ${previous}`);
  };
}
