import fs from 'node:fs';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { POSTGRES_TEST_URL, postgresAvailable } from '../testing/test-databases.js';
import { useTempDir } from '../testing/test-fixtures.js';
import {
  DEFAULT_DATABASE_URL,
  DatabaseOpenError,
  describePostgresError,
  normalizeDatabaseUrl,
  openDatabase,
  SQLITE_PAGE_SIZE,
  type DatabaseHandle,
} from './database.js';
import { migrateToLatest } from './migrate.js';
import { SQLite } from './sqlite-driver.js';
import type { Database } from './schema.js';

describe('normalizeDatabaseUrl', () => {
  it('keeps file: and postgres URLs and makes a plain path a SQLite file', () => {
    expect(normalizeDatabaseUrl('file:data/x.sqlite')).toBe('file:data/x.sqlite');
    expect(normalizeDatabaseUrl('postgres://u@h:5432/db')).toBe('postgres://u@h:5432/db');
    expect(normalizeDatabaseUrl('postgresql://u@h/db')).toBe('postgresql://u@h/db');
    expect(normalizeDatabaseUrl('data/x.sqlite')).toBe('file:data/x.sqlite');
    expect(normalizeDatabaseUrl('./odd:name.sqlite')).toBe('file:./odd:name.sqlite');
    expect(normalizeDatabaseUrl('C:\\data\\x.sqlite')).toBe('file:C:\\data\\x.sqlite');
  });

  it('refuses any other scheme, naming it but never the rest of the address', () => {
    for (const [value, scheme] of [
      ['mysql://root:secret@db/x', 'mysql'],
      ['sqlite:///tmp/x.sqlite', 'sqlite'],
      ['redis://secret@h', 'redis'],
      ['postgress://u:secret@h/db', 'postgress'],
      ['postgres:secret@h/db', 'postgres'],
    ] as const) {
      let error: unknown;
      try {
        normalizeDatabaseUrl(value);
      } catch (e) {
        error = e;
      }
      expect(error, value).toBeInstanceOf(DatabaseOpenError);
      expect((error as Error).message).toContain(`unknown database scheme "${scheme}:"`);
      expect((error as Error).message).not.toContain('secret');
    }
  });
});

describe('opening a SQLite file', () => {
  const dir = useTempDir('solstice-open-');

  it('refuses a path whose folder is missing, naming the folder, and creates nothing', async () => {
    const url = `file:${dir.join('missing', 'deeper', 'x.sqlite')}`;
    await expect(openDatabase(url)).rejects.toThrow(
      `the folder ${dir.join('missing', 'deeper')} of the SQLite database`,
    );
    expect(fs.readdirSync(dir.path)).toEqual([]);
  });

  it('refuses a missing file when creating is not allowed, and creates none', async () => {
    const file = dir.join('x.sqlite');
    await expect(openDatabase(`file:${file}`, { create: false })).rejects.toThrow(
      `the SQLite database ${file} does not exist. If this is a first install, set CREATE_DATABASE=true`,
    );
    expect(fs.readdirSync(dir.path)).toEqual([]);
  });

  it('creates a missing file in an existing folder when allowed, and says so', async () => {
    const file = dir.join('x.sqlite');
    const handle = await openDatabase(`file:${file}`, { create: true });
    expect(handle.created).toBe(true);
    await handle.close();
    const again = await openDatabase(`file:${file}`, { create: false });
    expect(again.created).toBe(false);
    await again.close();
  });

  it('makes a new database with 64 KiB pages and leaves an existing one its page size', async () => {
    const fresh = await openDatabase(`file:${dir.join('new.sqlite')}`, { create: true });
    await migrateToLatest(fresh);
    expect(fresh.sqlite!.pragma('page_size', { simple: true })).toBe(SQLITE_PAGE_SIZE);
    expect(fresh.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
    await fresh.close();
    const oldFile = dir.join('old.sqlite');
    const old = new SQLite(oldFile);
    old.pragma('page_size = 4096');
    old.exec('CREATE TABLE t (x)');
    old.close();
    const reopened = await openDatabase(`file:${oldFile}`, { create: false });
    expect(reopened.sqlite!.pragma('page_size', { simple: true })).toBe(4096);
    await reopened.close();
  });

  it('reads file:///absolute URLs as paths', async () => {
    const file = dir.join('x.sqlite');
    const handle = await openDatabase(`file://${file}`);
    await handle.close();
    expect(fs.existsSync(file)).toBe(true);
  });

  it('names the file when it is not a SQLite database', async () => {
    const file = dir.join('notes.txt');
    fs.writeFileSync(file, 'this is not a database, just some text that is long enough to have a header'.repeat(20));
    await expect(openDatabase(`file:${file}`)).rejects.toThrow(`could not open the SQLite database ${file}: `);
  });

  it('creates the data/ folder of the embedded default only', async () => {
    const cwd = process.cwd();
    process.chdir(dir.path);
    try {
      await expect(openDatabase('file:other/solstice.sqlite')).rejects.toThrow(DatabaseOpenError);
      expect(fs.existsSync(dir.join('other'))).toBe(false);
      // Not even for the default's path when creating is off (production without CREATE_DATABASE).
      await expect(openDatabase(DEFAULT_DATABASE_URL, { create: false })).rejects.toThrow(DatabaseOpenError);
      expect(fs.existsSync(dir.join('data'))).toBe(false);
      const handle = await openDatabase(DEFAULT_DATABASE_URL);
      await handle.close();
      expect(fs.existsSync(dir.join('data', 'solstice.sqlite'))).toBe(true);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('PostgreSQL that is not there', () => {
  it('says the server is unreachable when the connection is refused', async () => {
    await expect(openDatabase('postgres://postgres@127.0.0.1:1/solstice')).rejects.toThrow(
      'PostgreSQL at 127.0.0.1:1 is unreachable: connection refused',
    );
    await expect(openDatabase('postgres://postgres@127.0.0.1:1/solstice', { pgSchema: 's' })).rejects.toThrow(
      'PostgreSQL at 127.0.0.1:1 is unreachable: connection refused',
    );
  });

  it('says the host name does not resolve', async () => {
    await expect(openDatabase('postgres://postgres@solstice-db.invalid/solstice')).rejects.toThrow(
      'PostgreSQL at solstice-db.invalid:5432 is unreachable: the host name does not resolve',
    );
  });

  it.skipIf(!postgresAvailable())('says the database does not exist', async () => {
    const url = new URL(POSTGRES_TEST_URL);
    url.pathname = '/solstice_no_such_database';
    await expect(openDatabase(url.toString())).rejects.toThrow(
      `PostgreSQL at ${url.hostname}:${url.port || '5432'}: database "solstice_no_such_database" does not exist`,
    );
  });

  it('migrations that cannot reach the server say so, not "Migration (unknown) failed"', async () => {
    // A handle that skipped the check at open (the server went away after it).
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/solstice' });
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const handle: DatabaseHandle = {
      db,
      dialect: 'postgres',
      server: '127.0.0.1:1',
      description: 'postgres://127.0.0.1:1/solstice',
      close: () => db.destroy(),
    };
    try {
      await expect(migrateToLatest(handle)).rejects.toThrow(
        'Migrations could not start: PostgreSQL at 127.0.0.1:1 is unreachable: connection refused',
      );
    } finally {
      await handle.close();
    }
  });

  it('describes timeouts and other errors', () => {
    expect(describePostgresError(new Error('Connection terminated due to connection timeout'), 'db:5432')).toBe(
      'PostgreSQL at db:5432 is unreachable: no answer within 5 s',
    );
    const auth = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' });
    expect(describePostgresError(auth, 'db:5432')).toBe(
      'PostgreSQL at db:5432: password authentication failed for user "app"',
    );
  });
});
