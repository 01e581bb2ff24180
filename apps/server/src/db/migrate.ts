import { Migrator, type MigrationResult } from 'kysely';
import { describePostgresError, type DatabaseHandle } from './database.js';
import { migrations } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationReport> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    // Development databases may have run a later module's migration before an earlier-numbered one landed.
    allowUnorderedMigrations: true,
    // Without it Kysely sees another schema's kysely_migration_lock (parallel tests) and skips creating ours.
    ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}),
  });
  const { error, results } = await retryingCatalogRace(handle, async () => {
    const outcome = await migrator.migrateToLatest();
    // The catalog read failed before any migration ran: the race below, safe to try again.
    const started = (outcome.results ?? []).length > 0;
    if (outcome.error && !started && isCatalogRace(outcome.error)) throw outcome.error;
    return outcome;
  }).catch((raced: unknown) => ({ error: raced, results: undefined }));
  const applied = (results ?? []).filter((r: MigrationResult) => r.status === 'Success').map((r) => r.migrationName);
  if (error) {
    const failed = (results ?? []).find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    if (failed) throw new Error(`Migration ${failed.migrationName} failed: ${reason}`);
    // Nothing ran: the database was not reachable or its migration tables could not be read.
    const cause = handle.server ? describePostgresError(error, handle.server) : `${handle.description}: ${reason}`;
    throw new Error(`Migrations could not start: ${cause}`);
  }
  return { applied };
}

function isCatalogRace(error: unknown): boolean {
  return /(schema|relation) "[^"]*" does not exist/.test(error instanceof Error ? error.message : String(error));
}

/**
 * Kysely's migrator reads the tables of every schema (its PostgreSQL introspection resolves each
 * one by name). When another schema of the same database is dropped at that moment, PostgreSQL
 * answers 'schema "…" does not exist' for a schema that is not ours: parallel test runs and
 * shared databases see it. Nothing was applied then, so `run` is tried again (at most 5 times).
 * SQLite has one database per file and never races.
 */
export async function retryingCatalogRace<T>(handle: DatabaseHandle, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (handle.dialect !== 'postgres' || attempt >= 5 || !isCatalogRace(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
