import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DialectName } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** The PostgreSQL that integration tests use (trust auth on the development and CI machines). */
export const POSTGRES_TEST_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Set by the test runner's global setup: "1" when PostgreSQL answered. Under CI an
 * unreachable PostgreSQL fails the run there, so here we only read the verdict.
 */
export function postgresAvailable(): boolean {
  return process.env.SOLSTICE_TEST_POSTGRES === '1';
}

/** The dialects integration tests run against: SQLite always, PostgreSQL when reachable. */
export function testDialects(): DialectName[] {
  return postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase extends DatabaseHandle {
  /** The DATABASE_URL that reaches this same database from another process (PostgreSQL: plus the schema). */
  url: string;
  pgSchema?: string;
  /** Closes and removes the database (SQLite file or PostgreSQL schema). */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of the given kind, isolated from every other test. */
export async function createTestDatabase(
  dialect: DialectName,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const id = randomBytes(6).toString('hex');
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-test-'));
    const url = `file:${path.join(dir, 'test.sqlite')}`;
    const handle = await openDatabase(url);
    if (options.migrate !== false) await migrateToLatest(handle);
    return {
      ...handle,
      url,
      destroy: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${id}`;
  const handle = await openDatabase(POSTGRES_TEST_URL, { pgSchema: schema, pgPoolSize: 5 });
  if (options.migrate !== false) await migrateToLatest(handle);
  return {
    ...handle,
    url: POSTGRES_TEST_URL,
    pgSchema: schema,
    destroy: async () => {
      await handle.close();
      const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
