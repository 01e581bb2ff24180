import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsError } from '../../config/settings.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { verifyPassword } from '../../modules/auth/passwords.js';
import { createSession } from '../../modules/auth/sessions.js';
import { findUserByEmail } from '../../modules/auth/users.repository.js';
import { insertWatchlist } from '../../modules/watchlists/watchlists.repository.js';
import { buildProgram } from '../program.js';
import { CliError } from '../output.js';
import { runCliTo } from '../../testing/run-cli.js';
import { subscriptionRow } from '../../testing/factories.js';
import { serverBundle } from '../../testing/server-bundle.js';
import { useTempDir } from '../../testing/test-fixtures.js';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));

interface Run {
  stdout: string;
  stderr: string;
}

describe('solstice user', () => {
  let dir: string;
  let file: string;
  const saved = { ...process.env };
  let stdin: { mockRestore(): void } | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-cli-user-'));
    file = path.join(dir, 'db.sqlite');
    process.env.SEED_ON_EMPTY = 'false';
    process.env.LOG_LEVEL = 'silent';
    delete process.env.ADMIN_EMAIL;
    delete process.env.ADMIN_PASSWORD;
  });
  afterEach(() => {
    process.env = { ...saved };
    stdin?.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `solstice --db FILE [--json] ARGS` in this process; stdin is what the test gives (never a TTY). */
  async function cli(args: string[], options: { stdin?: string; json?: boolean } = {}): Promise<Run> {
    const stdout: string[] = [];
    const stderr: string[] = [];
    stdin?.mockRestore();
    stdin = vi
      .spyOn(process, 'stdin', 'get')
      .mockReturnValue(
        Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]) as typeof process.stdin,
      );
    await runCliTo({ stdout, stderr }, file, [...(options.json === false ? [] : ['--json']), ...args]);
    return { stdout: stdout.join(''), stderr: stderr.join('') };
  }

  const json = async (args: string[], stdin?: string) =>
    JSON.parse((await cli(args, stdin === undefined ? {} : { stdin })).stdout) as Record<string, unknown>;

  async function failure(args: string[], options: { stdin?: string } = {}): Promise<CliError> {
    const error = await cli(args, options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, args.join(' ')).toBeInstanceOf(CliError);
    return error as CliError;
  }

  async function withDb<T>(body: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const handle = await openDatabase(`file:${file}`);
    try {
      return await body(handle);
    } finally {
      await handle.close();
    }
  }

  describe('create', () => {
    it('creates an admin whose password works (from stdin)', async () => {
      const out = await json(
        ['user', 'create', '--admin', '--email', 'Root@Example.com', '--password-stdin'],
        'admin password 1\n',
      );
      expect(out).toEqual({ id: 1, email: 'root@example.com', username: 'root', roles: ['member', 'admin'] });
      await withDb(async (handle) => {
        const row = await findUserByEmail(handle.db, 'root@example.com');
        expect(row?.role).toBe('admin');
        // Only the line ending is stripped.
        expect(await verifyPassword(row!.password_hash, 'admin password 1')).toBe(true);
        const contact = await handle.db.selectFrom('contacts').select('user_id').executeTakeFirst();
        expect(contact?.user_id).toBe(1);
      });
    });

    it('still takes --password, with a warning that it is visible in ps and shell history', async () => {
      const run = await cli(['user', 'create', '--email', 'm@example.com', '--password', 'member password']);
      expect(JSON.parse(run.stdout)).toMatchObject({ email: 'm@example.com', roles: ['member'] });
      expect(run.stderr).toContain('warning: a password given with --password is visible to other users in `ps`');
      expect(run.stderr).toContain('shell history');
    });

    it('without a password and without a terminal, says how to give one (exit 2) and creates nothing', async () => {
      const error = await failure(['user', 'create', '--email', 'm@example.com']);
      expect(error.exitCode).toBe(2);
      expect(error.message).toContain('--password-stdin');
      await withDb(async (handle) => {
        expect(await findUserByEmail(handle.db, 'm@example.com')).toBeNull();
      });
    });

    it('refuses bad input with exit code 2: length, common and personal passwords, taken e-mail, both sources', async () => {
      await json(
        ['user', 'create', '--email', 'm@example.com', '--username', 'mem_1', '--password-stdin'],
        'member password',
      );
      for (const [args, stdin, message] of [
        [['--email', 'm@example.com'], 'member password', 'an account with m@example.com exists'],
        [['--email', 'x@example.com'], 'short', 'password: A password has 10 to 128 characters.'],
        [['--email', 'x@example.com'], 'qwertyuiop', 'password: This password is on lists of common'],
        [['--email', 'jane.doe.long@example.com'], 'jane.doe.long@example.com', 'password: A password must not be'],
        [['--email', 'not an email'], 'member password', 'email:'],
        [['--email', 'y@example.com', '--password', 'member password'], 'member password', 'one way'],
      ] as const) {
        const error = await failure(['user', 'create', ...args, '--password-stdin'], { stdin });
        expect(error.exitCode, args.join(' ')).toBe(2);
        expect(error.message).toContain(message);
      }
      await expect(
        failure(['user', 'create', '--email', 'z@example.com', '--password-stdin'], { stdin: '\n' }),
      ).resolves.toMatchObject({
        exitCode: 2,
        message: '--password-stdin: standard input was empty',
      });
    });
  });

  describe('list, passwd and delete', () => {
    /** Gives ann (user 2) a subscription that started now and ends at `end(now)`. */
    const subscribeAnn = (status: 'active' | 'past_due', end: (now: number) => number) =>
      withDb(async (handle) => {
        const now = Date.now();
        const period = { current_period_start: now, current_period_end: end(now), created_at: now, updated_at: now };
        await handle.db
          .insertInto('subscriptions')
          .values(subscriptionRow(2, 1, { status, ...period }))
          .execute();
      });

    beforeEach(async () => {
      await json(['user', 'create', '--admin', '--email', 'root@example.com', '--password-stdin'], 'admin password 1');
      await json(
        ['user', 'create', '--email', 'ann@example.com', '--username', 'ann', '--password-stdin'],
        'ann password 1',
      );
    });

    it('lists the accounts as a table and as JSON, with live subscriptions', async () => {
      await subscribeAnn('active', () => Date.UTC(2031, 0, 31));
      const list = (await cli(['user', 'list'])).stdout;
      const rows = JSON.parse(list) as Record<string, unknown>[];
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ id: 1, email: 'root@example.com', username: 'root', roles: ['member', 'admin'] });
      expect(rows[0]!.subscription).toBeNull();
      expect(rows[1]).toMatchObject({
        id: 2,
        username: 'ann',
        roles: ['member'],
        subscription: { status: 'active', currentPeriodEnd: '2031-01-31T00:00:00.000Z' },
      });
      expect(new Date(rows[1]!.createdAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

      const text = (await cli(['user', 'list'], { json: false })).stdout.trimEnd().split('\n');
      expect(text[0]).toMatch(/^ID\s+EMAIL\s+USERNAME\s+ROLE\s+CREATED\s+SUBSCRIPTION$/);
      expect(text[1]).toMatch(/^1\s+root@example\.com\s+root\s+admin\s+\d{4}-\d{2}-\d{2}\s+-$/);
      expect(text[2]).toMatch(/^2\s+ann@example\.com\s+ann\s+member\s+\d{4}-\d{2}-\d{2}\s+active until 2031-01-31$/);
    });

    it('passwd sets the password by e-mail or username and ends the sessions', async () => {
      await withDb(async (handle) => {
        await createSession(handle.db, 2);
        await createSession(handle.db, 2);
      });
      const byEmail = await json(
        ['user', 'passwd', '--email', 'ANN@example.com', '--password-stdin'],
        'ann new password\n',
      );
      expect(byEmail).toEqual({ id: 2, email: 'ann@example.com', username: 'ann', sessionsEnded: 2 });
      const byName = await json(['user', 'passwd', '--username', 'Ann', '--password-stdin'], 'ann newer password');
      expect(byName).toMatchObject({ id: 2, sessionsEnded: 0 });
      await withDb(async (handle) => {
        const row = await findUserByEmail(handle.db, 'ann@example.com');
        expect(await verifyPassword(row!.password_hash, 'ann newer password')).toBe(true);
        expect(await verifyPassword(row!.password_hash, 'ann password 1')).toBe(false);
        const sessions = await handle.db.selectFrom('sessions').select('user_id').where('user_id', '=', 2).execute();
        expect(sessions).toEqual([]);
      });
    });

    it('passwd refuses weak passwords, unknown accounts and a missing or double account name', async () => {
      for (const [args, stdin, code, message] of [
        [['--email', 'ann@example.com'], 'password123', 2, 'common'],
        [['--username', 'ann'], 'ann', 2, '10 to 128'],
        [['--email', 'nobody@example.com'], 'a fine password', 1, 'no account matches --email nobody@example.com'],
        [[], 'a fine password', 2, '--email or --username'],
        [['--email', 'ann@example.com', '--username', 'ann'], 'a fine password', 2, '--email or --username'],
      ] as const) {
        const error = await failure(['user', 'passwd', ...args, '--password-stdin'], { stdin });
        expect([error.exitCode, error.message], args.join(' ')).toEqual([code, expect.stringContaining(message)]);
      }
      await withDb(async (handle) => {
        const row = await findUserByEmail(handle.db, 'ann@example.com');
        expect(await verifyPassword(row!.password_hash, 'ann password 1')).toBe(true);
      });
    });

    it('delete asks for --yes, refuses an account with a live subscription, then removes the account and its data', async () => {
      await withDb(async (handle) => {
        await insertWatchlist(handle.db, 2, { name: 'mine', symbols: [] });
        await createSession(handle.db, 2);
      });
      const unconfirmed = await failure(['user', 'delete', '--email', 'ann@example.com']);
      expect(unconfirmed.exitCode).toBe(2);
      expect(unconfirmed.message).toContain('with 1 watchlist(s) for good; run again with --yes');

      await subscribeAnn('past_due', (now) => now + 86_400_000);
      const subscribed = await failure(['user', 'delete', '--username', 'ann', '--yes']);
      expect(subscribed.message).toContain('has a live subscription');
      expect(subscribed.message).toContain('solstice billing revoke ann@example.com');
      await withDb(async (handle) => {
        await handle.db.updateTable('subscriptions').set({ status: 'ended' }).execute();
      });

      const deleted = await json(['user', 'delete', '--username', 'ann', '--yes']);
      expect(deleted).toEqual({ deleted: { id: 2, email: 'ann@example.com', username: 'ann' }, watchlists: 1 });
      await withDb(async (handle) => {
        expect(await findUserByEmail(handle.db, 'ann@example.com')).toBeNull();
        for (const table of ['sessions', 'watchlists', 'contacts'] as const) {
          const left = await handle.db.selectFrom(table).select('user_id').where('user_id', '=', 2).execute();
          expect(left, table).toEqual([]);
        }
        // The record of money stays.
        expect(
          await handle.db.selectFrom('subscriptions').select('id').where('user_id', '=', 2).execute(),
        ).toHaveLength(1);
        expect(await findUserByEmail(handle.db, 'root@example.com')).not.toBeNull();
      });
    });
  });

  it('a --db with an unknown scheme is a settings error and creates no file', async () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const error = await (async () => {
        const program = buildProgram();
        program.exitOverride();
        return program.parseAsync(['node', 'solstice', '--db', 'mysql://root@db/x', 'user', 'list']).then(
          () => null,
          (e: unknown) => e,
        );
      })();
      expect(error).toBeInstanceOf(SettingsError);
      expect((error as Error).message).toContain('--db: unknown database scheme "mysql:"');
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  });

  it('user commands outside development refuse a database file that does not exist', async () => {
    process.env.NODE_ENV = 'production';
    const error = await cli(['user', 'list']).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).message).toContain(`the SQLite database ${file} does not exist`);
    expect(fs.existsSync(file)).toBe(false);
  });
});

/** The real command in a child process, its stdin a pipe or (through `script`) a terminal. */
describe('solstice user in a terminal and through a pipe', () => {
  const dir = useTempDir('solstice-cli-tty-');

  const env = () => ({ ...process.env, NODE_ENV: 'test', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'silent' });
  const command = (db: string, args: string[]) => [process.execPath, serverBundle().cli, '--db', db, ...args];

  function run(argv: string[], feed: (child: ReturnType<typeof spawn>, output: () => string) => void) {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: REPO, env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    feed(child, () => output);
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      child.on('close', (code) => resolve({ code, output })),
    );
  }

  async function expectPassword(db: string, email: string, password: string) {
    const handle = await openDatabase(`file:${db}`);
    try {
      const row = await findUserByEmail(handle.db, email);
      expect(await verifyPassword(row!.password_hash, password)).toBe(true);
    } finally {
      await handle.close();
    }
  }

  it('reads --password-stdin from a pipe', async () => {
    const db = dir.join('db.sqlite');
    const result = await run(
      command(db, ['user', 'create', '--email', 'pipe@example.com', '--password-stdin']),
      (child) => child.stdin!.end('piped password 1\n'),
    );
    expect(result.code, result.output).toBe(0);
    expect(result.output).not.toContain('piped password 1');
    await expectPassword(db, 'pipe@example.com', 'piped password 1');
  });

  // util-linux's `script` gives the CLI a real terminal. Where it is missing the test is skipped
  // on a developer's machine but runs (and fails, saying so) in CI: never skipped in silence there.
  it.skipIf(!fs.existsSync('/usr/bin/script') && process.env.CI !== 'true')(
    'asks twice on a terminal and never echoes the password',
    async () => {
      expect(fs.existsSync('/usr/bin/script'), 'this test needs /usr/bin/script (util-linux) for a terminal').toBe(
        true,
      );
      const db = dir.join('db.sqlite');
      const inner = command(db, ['user', 'create', '--email', 'tty@example.com'])
        .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
        .join(' ');
      // `script` gives the command a pseudo-terminal; the password is typed only once a prompt shows.
      const result = await run(['/usr/bin/script', '-qfec', inner, '/dev/null'], (child, output) => {
        let typed = 0;
        const timer = setInterval(() => {
          const prompts = output().split('password: ').length - 1;
          if (prompts > typed) {
            typed = prompts;
            child.stdin!.write('typed secret 1\r');
          }
          if (typed >= 2) {
            clearInterval(timer);
            setTimeout(() => child.stdin!.end(), 200);
          }
        }, 20);
        child.on('close', () => clearInterval(timer));
      });
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain('New password: ');
      expect(result.output).toContain('Repeat the new password: ');
      expect(result.output).toContain('created member tty <tty@example.com>');
      expect(result.output).not.toContain('typed secret');
      await expectPassword(db, 'tty@example.com', 'typed secret 1');
    },
  );
});
