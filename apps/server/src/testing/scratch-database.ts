import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DialectName } from '../db/database.js';
import { createPostgresDatabase } from './postgres-admin.mjs';
import { POSTGRES_TEST_URL } from './test-databases.js';

export interface ScratchDatabase {
  /** A DATABASE_URL another process can open. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own that a child process reaches by URL: a new SQLite file, or a new
 * PostgreSQL database (the child uses the default search_path, not a test schema).
 */
export async function scratchDatabase(dialect: DialectName, label: string): Promise<ScratchDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `solstice-${label}-`));
    return {
      url: `file:${path.join(dir, 'db.sqlite')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `solstice_${label.replace(/[^a-z0-9]/g, '_')}_${randomBytes(5).toString('hex')}`;
  return createPostgresDatabase(POSTGRES_TEST_URL, name);
}
