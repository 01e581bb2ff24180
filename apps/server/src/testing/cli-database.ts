import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { runCli } from './run-cli.js';
import { useFixture, type FixtureScope } from './test-fixtures.js';

export interface CliDatabase {
  /** The SQLite file the commands run on: migrated, in a folder of its own. */
  readonly file: string;
  /** `solstice --db <file> ...args` in this process (runCli). */
  run(...args: string[]): Promise<string>;
  /** `use` on the file's database, closed after (to seed it or read what a command wrote). */
  withDb<T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T>;
}

/**
 * The setup of a command-line suite: a migrated database file in a fresh temporary folder
 * (`solstice-cli-<label>-…`), LOG_LEVEL=silent, no exit code before each test; the folder is
 * removed and process.env and process.exitCode are as they were after the scope (exitCode
 * after each test).
 */
export function useCliDatabase(label: string, scope: FixtureScope = 'each'): CliDatabase {
  const savedEnv = { ...process.env };
  const savedExitCode = process.exitCode;
  const dir = useFixture(
    scope,
    async () => {
      const made = fs.mkdtempSync(path.join(os.tmpdir(), `solstice-cli-${label}-`));
      const file = path.join(made, 'db.sqlite');
      process.env.LOG_LEVEL = 'silent';
      const handle = await openDatabase(`file:${file}`);
      try {
        await migrateToLatest(handle);
      } finally {
        await handle.close();
      }
      return { path: made, file };
    },
    async (made) => fs.rmSync(made.path, { recursive: true, force: true }),
  );
  beforeEach(() => {
    process.exitCode = undefined;
  });
  afterEach(() => {
    process.exitCode = savedExitCode;
  });
  (scope === 'all' ? afterAll : afterEach)(() => {
    process.env = { ...savedEnv };
  });
  return {
    get file() {
      return dir.file;
    },
    run: (...args) => runCli(dir.file, ...args),
    withDb: async (use) => {
      const handle = await openDatabase(`file:${dir.file}`);
      try {
        return await use(handle.db);
      } finally {
        await handle.close();
      }
    },
  };
}
