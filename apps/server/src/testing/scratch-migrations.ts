import { Migrator } from 'kysely';
import { afterEach } from 'vitest';
import { openDatabase, type DatabaseHandle, type DialectName } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { scratchDatabase, type ScratchDatabase } from './scratch-database.js';

export interface ScratchMigrations {
  handle: DatabaseHandle;
  /** Moves the scratch database up or down the project's migrations, one step at a time as asked. */
  migrator: Migrator;
}

/**
 * For the tests of the enclosing describe block: `open(label)` makes a scratch database on
 * `dialect` with no migration run yet; each one is closed and dropped after its test.
 */
export function useScratchMigrations(dialect: DialectName): (label: string) => Promise<ScratchMigrations> {
  const opened: Array<{ scratch: ScratchDatabase; handle?: DatabaseHandle }> = [];
  afterEach(async () => {
    for (const { scratch, handle } of opened.splice(0)) {
      await handle?.close();
      await scratch.drop();
    }
  });
  return async (label) => {
    const entry: { scratch: ScratchDatabase; handle?: DatabaseHandle } = {
      scratch: await scratchDatabase(dialect, label),
    };
    opened.push(entry);
    const handle = await openDatabase(entry.scratch.url, { create: true });
    entry.handle = handle;
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrations },
      ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}),
    });
    return { handle, migrator };
  };
}
