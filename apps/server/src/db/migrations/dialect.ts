import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether a migration runs on PostgreSQL (column types and identity differ from SQLite). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
