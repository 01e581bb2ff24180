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
  const { error, results } = await migrator.migrateToLatest();
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
