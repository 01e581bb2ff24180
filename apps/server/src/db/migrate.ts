import { Migrator, type MigrationResult } from 'kysely';
import type { DatabaseHandle } from './database.js';
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
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return { applied };
}
