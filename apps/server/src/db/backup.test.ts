import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.js';
import { CliError } from '../cli/output.js';
import { signedInUser, type SignedIn } from '../testing/auth-helpers.js';
import { startLiveServer, type LiveServer } from '../testing/live-server.js';
import { scratchDatabase } from '../testing/scratch-database.js';
import { runBundledCli } from '../testing/server-bundle.js';
import { postgresAvailable, testDialects } from '../testing/test-databases.js';
import { BackupError, backupDatabase, findOnPath, restoreDatabase } from './backup.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { countBars, readBarRows, writeBarRows } from '../modules/market/bars/stored-series.js';

const PG_TOOLS = findOnPath('pg_dump') !== null && findOnPath('pg_restore') !== null;
// Under CI a missing pg_dump fails the PostgreSQL tests instead of skipping them.
const SKIP_PG_TOOLS = !PG_TOOLS && process.env.CI !== 'true';

function requirePgTools(): void {
  if (!PG_TOOLS) throw new Error('pg_dump and pg_restore must be on PATH (CI=true): install postgresql-client');
}

const INSTRUMENTS = 20;
const BARS_PER_INSTRUMENT = 1500;

async function insertBars(db: Kysely<Database>): Promise<void> {
  const start = Date.UTC(2015, 0, 1);
  for (let i = 0; i < INSTRUMENTS; i++) {
    const symbol = `BK${String(i).padStart(2, '0')}`;
    await db
      .insertInto('instruments')
      .values({ symbol, name: `Backup ${i}`, type: 'stock', currency: 'USD', synthetic: 0, updated_at: 0 } as never)
      .execute();
    const rows = Array.from({ length: BARS_PER_INSTRUMENT }, (_, d) => {
      const close = 100 + i + d / 100;
      return {
        symbol,
        date: new Date(start + d * 86_400_000).toISOString().slice(0, 10),
        open: close,
        high: close + 1,
        low: close - 1,
        close,
        volume: 1000 + d,
      };
    });
    await writeBarRows(db, rows);
  }
}

/** The built-in CLI in a child process (the backup runs beside the server, as in production). */
function cliProcess(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runBundledCli(args).exited;
}

/** `solstice --db DB --json ARGS` in this process. */
async function cli(db: string, args: string[]): Promise<Record<string, unknown>> {
  return JSON.parse(await runCli(db, '--json', ...args)) as Record<string, unknown>;
}

async function cliError(db: string, args: string[]): Promise<CliError> {
  const error = await cli(db, args).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, args.join(' ')).toBeInstanceOf(CliError);
  return error as CliError;
}

/** A users row written straight to the database (by default, the username is the email's local part). */
const userRow = (email: string, username = email.split('@')[0]!) => ({
  email,
  username,
  username_key: username,
  password_hash: 'x',
  role: 'member' as const,
  locale: null,
  time_zone: null,
  layout: null,
  created_at: 0,
  updated_at: 0,
});

const ids = async (db: Kysely<Database>, table: 'users' | 'watchlists' | 'contacts') =>
  (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => Number(r.id));

describe.each(testDialects())('backup while the server writes, restore into a fresh database (%s)', (dialect) => {
  let server: LiveServer | undefined;
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-backup-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(dialect === 'postgres' && SKIP_PG_TOOLS)(
    'users, watchlists, subscriptions and bars are all in the restored database',
    async () => {
      if (dialect === 'postgres') requirePgTools();
      const s = (server = await startLiveServer(dialect));
      const db = s.services.database.db;
      await insertBars(db);
      // The watchlists below hold BK01: symbols are checked against the market's instruments.
      await s.services.market.reload();

      const send = (method: string, url: string, body: unknown, cookie?: string) =>
        fetch(s.baseUrl + url, {
          method,
          headers: { origin: s.baseUrl, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });

      // A subscriber who paid through the test checkout.
      const subscriber = await signedInUser(s);
      const products = (await (await fetch(`${s.baseUrl}/api/v1/products`)).json()) as {
        prices: { id: number; interval: string }[];
      }[];
      const priceId = products[0]!.prices.find((p) => p.interval === 'month')!.id;
      const checkout = await send('POST', '/api/v1/checkout', { priceId }, subscriber.cookie);
      expect(checkout.status).toBe(200);
      const { sessionId } = (await checkout.json()) as { sessionId: string };
      const paid = await send(
        'POST',
        `/api/v1/checkout/${sessionId}/pay`,
        { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
        subscriber.cookie,
      );
      expect(((await paid.json()) as { status: string }).status).toBe('paid');

      // Writers: watchlists of several accounts and new sign-ups, over HTTP, until told to stop.
      const members: SignedIn[] = [];
      for (let i = 0; i < 8; i++) members.push(await signedInUser(s));
      const written: number[] = [];
      let stop = false;
      let failures = 0;
      const writer = (async () => {
        for (let n = 0; !stop && n < members.length * 50; n++) {
          const member = members[n % members.length]!;
          const res =
            n % 20 === 19 && n < 380
              ? await send('POST', '/api/auth/signup', {
                  email: `signup${n}@example.com`,
                  username: `signup${n}`,
                  password: 'backup test password 1',
                })
              : await send(
                  'POST',
                  '/api/v1/watchlists',
                  { name: `list ${n}`, symbols: [{ sym: 'BK01' }] },
                  member.cookie,
                );
          if (res.status !== 201) failures++;
          await res.arrayBuffer();
          written.push(Date.now());
        }
      })();
      while (written.length < 30) await new Promise((r) => setTimeout(r, 5));

      const usersBefore = await ids(db, 'users');
      const watchlistsBefore = await ids(db, 'watchlists');
      const file = path.join(dir, dialect === 'sqlite' ? 'backup.sqlite' : 'backup.dump');
      const backupStarted = Date.now();
      if (dialect === 'sqlite') {
        const run = await cliProcess(['--db', s.database.url, '--json', 'db', 'backup', file]);
        expect(run.code, run.stderr).toBe(0);
        expect(JSON.parse(run.stdout)).toMatchObject({ dialect: 'sqlite', method: 'VACUUM INTO' });
      } else {
        const report = await backupDatabase(s.database.url, file, { pgSchema: s.database.pgSchema! });
        expect(report.method).toBe('pg_dump --format=custom');
      }
      const backupEnded = Date.now();
      stop = true;
      await writer;
      expect(failures).toBe(0);
      // The server kept answering writes while the backup ran.
      expect(written.filter((t) => t >= backupStarted && t <= backupEnded).length).toBeGreaterThan(0);
      const usersAfter = await ids(db, 'users');
      const watchlistsAfter = await ids(db, 'watchlists');

      let restored: DatabaseHandle;
      let cleanup: () => Promise<void>;
      if (dialect === 'sqlite') {
        const target = `file:${path.join(dir, 'restored.sqlite')}`;
        const report = await restoreDatabase(target, file);
        expect(report).toMatchObject({ replaced: false, migrationsApplied: [] });
        restored = await openDatabase(target, { create: false });
        cleanup = () => restored.close();
      } else {
        const scratch = await scratchDatabase('postgres', 'restore');
        try {
          const report = await restoreDatabase(scratch.url, file, { pgSchema: s.database.pgSchema! });
          expect(report).toMatchObject({ replaced: false, migrationsApplied: [] });
          restored = await openDatabase(scratch.url, { pgSchema: s.database.pgSchema! });
        } catch (error) {
          await scratch.drop();
          throw error;
        }
        cleanup = async () => {
          await restored.close();
          await scratch.drop();
        };
      }
      try {
        const r = restored.db;
        const users = await ids(r, 'users');
        const watchlists = await ids(r, 'watchlists');
        // Everything committed before the backup began, nothing that never existed.
        expect(users).toEqual(expect.arrayContaining(usersBefore));
        expect(usersAfter).toEqual(expect.arrayContaining(users));
        expect(watchlists).toEqual(expect.arrayContaining(watchlistsBefore));
        expect(watchlistsAfter).toEqual(expect.arrayContaining(watchlists));
        // One snapshot: every account has its contact, every watchlist its account.
        const contacts = await r.selectFrom('contacts').select('user_id').execute();
        expect(contacts.map((c) => Number(c.user_id)).sort((a, b) => a - b)).toEqual(users);
        const owners = await r.selectFrom('watchlists').select('user_id').distinct().execute();
        for (const o of owners) expect(users).toContain(Number(o.user_id));

        const subscription = await r
          .selectFrom('subscriptions')
          .select(['status', 'provider'])
          .where('user_id', '=', subscriber.user.id)
          .executeTakeFirst();
        expect(subscription).toEqual({ status: 'active', provider: 'test' });
        const payments = await r
          .selectFrom('payments')
          .select('status')
          .where('user_id', '=', subscriber.user.id)
          .execute();
        expect(payments).toEqual([{ status: 'paid' }]);

        expect(await countBars(r)).toBe(INSTRUMENTS * BARS_PER_INSTRUMENT);
        const bar = (await readBarRows(r, 'BK07')).find((b) => b.date === '2016-01-01');
        expect(bar).toMatchObject({ open: 107 + 365 / 100, close: 107 + 365 / 100, volume: 1365 });
        expect(await ids(r, 'users').then((u) => u.length)).toBeGreaterThanOrEqual(usersBefore.length);
        // New rows get new ids (sequences came along).
        const again = await r
          .insertInto('users')
          .values(userRow('after-restore@example.com', 'after_restore'))
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(Number(again.id)).toBeGreaterThan(Math.max(...users));
      } finally {
        await cleanup();
      }
    },
    120_000,
  );
});

describe('db backup and db restore on SQLite', () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-restore-'));
    process.env.LOG_LEVEL = 'silent';
    process.env.SEED_ON_EMPTY = 'false';
  });
  afterEach(() => {
    process.env = { ...saved };
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function databaseWithUser(file: string, email: string): Promise<void> {
    const handle = await openDatabase(`file:${file}`);
    try {
      await migrateToLatest(handle);
      await handle.db.insertInto('users').values(userRow(email)).execute();
    } finally {
      await handle.close();
    }
  }

  const emails = async (file: string) => {
    const handle = await openDatabase(`file:${file}`, { create: false });
    try {
      return (await handle.db.selectFrom('users').select('email').orderBy('id').execute()).map((r) => r.email);
    } finally {
      await handle.close();
    }
  };

  it('restore refuses a database with data unless --force, and replaces it (WAL included) with it', async () => {
    const live = path.join(dir, 'live.sqlite');
    const backup = path.join(dir, 'backup.sqlite');
    await databaseWithUser(live, 'kept@example.com');
    expect(await cli(live, ['db', 'backup', backup])).toMatchObject({ dialect: 'sqlite', file: backup });

    const other = path.join(dir, 'other.sqlite');
    await databaseWithUser(other, 'other@example.com');
    const refused = await cliError(other, ['db', 'restore', backup]);
    expect(refused.message).toBe(
      `${other} holds 1 account(s) and 0 bar(s); restore into an empty database, or add --force to replace it`,
    );
    expect(await emails(other)).toEqual(['other@example.com']);
    // Leave a WAL behind that must not be replayed onto the restored file.
    const writer = await openDatabase(`file:${other}`);
    writer.sqlite!.pragma('wal_autocheckpoint = 0');
    await writer.db.updateTable('users').set({ email: 'wal@example.com' }).execute();
    expect(await cli(`file:${other}`, ['db', 'restore', backup, '--force'])).toMatchObject({ replaced: true });
    await writer.close();
    expect(await emails(other)).toEqual(['kept@example.com']);

    // A fresh database (the server may have created and migrated it) takes it without --force.
    const fresh = path.join(dir, 'fresh.sqlite');
    await (await openDatabase(`file:${fresh}`)).close();
    expect(await cli(fresh, ['db', 'restore', backup])).toMatchObject({ replaced: false });
    expect(await emails(fresh)).toEqual(['kept@example.com']);
  });

  it('restore migrates a backup from an older version', async () => {
    const old = path.join(dir, 'old.sqlite');
    const handle = await openDatabase(`file:${old}`);
    const names = Object.keys(migrations);
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(names.at(-2)!)).error).toBeUndefined();
    await handle.close();
    const backup = path.join(dir, 'old-backup.sqlite');
    await cli(old, ['db', 'backup', backup]);
    expect(await cli(path.join(dir, 'new.sqlite'), ['db', 'restore', backup])).toMatchObject({
      migrationsApplied: [names.at(-1)],
    });
  });

  it('backup neither overwrites a file nor creates a missing database; restore takes only backups of its kind', async () => {
    const live = path.join(dir, 'live.sqlite');
    await databaseWithUser(live, 'a@example.com');
    const backup = path.join(dir, 'backup.sqlite');
    fs.writeFileSync(backup, 'precious');
    expect((await cliError(live, ['db', 'backup', backup])).message).toBe(
      `${backup} exists; choose a new name or add --force to replace it`,
    );
    expect(fs.readFileSync(backup, 'utf8')).toBe('precious');
    expect(await cli(live, ['db', 'backup', backup, '--force'])).toMatchObject({ dialect: 'sqlite' });

    const missing = path.join(dir, 'missing.sqlite');
    expect((await cliError(missing, ['db', 'backup', path.join(dir, 'x.sqlite')])).message).toBe(
      `there is no SQLite database at ${missing} to back up`,
    );
    expect(fs.existsSync(missing)).toBe(false);
    expect((await cliError(live, ['db', 'backup', path.join(dir, 'no', 'such', 'x.sqlite')])).message).toBe(
      `the folder ${path.join(dir, 'no', 'such')} does not exist`,
    );

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a backup at all');
    expect((await cliError(path.join(dir, 'r.sqlite'), ['db', 'restore', text])).message).toBe(
      `${text} is neither a SQLite backup nor a pg_dump custom-format archive`,
    );
    const pgArchive = path.join(dir, 'x.dump');
    fs.writeFileSync(pgArchive, 'PGDMP\u0001\u000e\u0000rest');
    expect((await cliError(path.join(dir, 'r.sqlite'), ['db', 'restore', pgArchive])).message).toContain(
      'is a PostgreSQL (pg_dump) archive and DATABASE_URL / --db is SQLite',
    );
    expect(fs.existsSync(path.join(dir, 'r.sqlite'))).toBe(false);
  });

  it('without pg_dump on PATH, says so and prints the procedure without the password', async () => {
    process.env.PATH = dir;
    const error = await backupDatabase(
      'postgres://app:s3cret@db.internal:5432/solstice',
      path.join(dir, 'x.dump'),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    const message = (error as Error).message;
    expect(message).toContain('pg_dump is not on PATH');
    expect(message).toContain('pg_dump --format=custom --file=');
    expect(message).toContain("'postgres://app@db.internal:5432/solstice'");
    expect(message).toContain('pg_restore --no-owner');
    expect(message).not.toContain('s3cret');
  });
});

describe.skipIf(!postgresAvailable() || SKIP_PG_TOOLS)(
  'db backup and db restore on PostgreSQL (whole database)',
  () => {
    it('round-trips through the CLI, refuses a database with data unless --force', async () => {
      requirePgTools();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-pg-restore-'));
      const source = await scratchDatabase('postgres', 'restore');
      const target = await scratchDatabase('postgres', 'restore');
      const saved = { ...process.env };
      process.env.LOG_LEVEL = 'silent';
      try {
        const handle = await openDatabase(source.url);
        await migrateToLatest(handle);
        await insertBars(handle.db);
        await handle.close();
        const file = path.join(dir, 'solstice.dump');
        expect(await cli(source.url, ['db', 'backup', file])).toMatchObject({ dialect: 'postgres' });

        // The target was started once (migrated, no data): restore replaces its empty tables.
        await cli(target.url, ['db', 'migrate']);
        expect(await cli(target.url, ['db', 'restore', file])).toMatchObject({
          replaced: false,
          migrationsApplied: [],
        });
        const refused = await cliError(target.url, ['db', 'restore', file]);
        expect(refused.message).toContain(`holds 0 account(s) and ${INSTRUMENTS * BARS_PER_INSTRUMENT} bar(s)`);
        expect(await cli(target.url, ['db', 'restore', file, '--force'])).toMatchObject({ replaced: true });
        const restored = await openDatabase(target.url);
        try {
          expect(await countBars(restored.db)).toBe(INSTRUMENTS * BARS_PER_INSTRUMENT);
        } finally {
          await restored.close();
        }
      } finally {
        process.env = saved;
        await source.drop();
        await target.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  },
);
