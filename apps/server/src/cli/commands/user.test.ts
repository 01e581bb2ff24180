import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { verifyPassword } from '../../modules/auth/passwords.js';
import { findUserByEmail } from '../../modules/auth/users.repository.js';
import { buildProgram } from '../program.js';
import { CliError } from '../output.js';

describe('solstice user create', () => {
  let dir: string;
  let file: string;
  const saved = { ...process.env };
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
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function run(...args: string[]): Promise<string> {
    const chunks: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const program = buildProgram();
      program.exitOverride();
      await program.parseAsync(['node', 'solstice', '--db', file, '--json', 'user', 'create', ...args]);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    return chunks.join('');
  }

  it('creates an admin whose password works', async () => {
    const out = JSON.parse(await run('--admin', '--email', 'Root@Example.com', '--password', 'admin password 1'));
    expect(out).toEqual({ id: 1, email: 'root@example.com', username: 'root', roles: ['member', 'admin'] });
    const handle = await openDatabase(`file:${file}`);
    try {
      const row = await findUserByEmail(handle.db, 'root@example.com');
      expect(row?.role).toBe('admin');
      expect(await verifyPassword(row!.password_hash, 'admin password 1')).toBe(true);
      const contact = await handle.db.selectFrom('contacts').select('user_id').executeTakeFirst();
      expect(contact?.user_id).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('creates a member with a chosen username and refuses bad input with exit code 2', async () => {
    const out = JSON.parse(
      await run('--email', 'm@example.com', '--password', 'member password', '--username', 'mem_1'),
    );
    expect(out.roles).toEqual(['member']);
    expect(out.username).toBe('mem_1');
    for (const args of [
      ['--email', 'm@example.com', '--password', 'member password'],
      ['--email', 'x@example.com', '--password', 'short'],
      ['--email', 'not an email', '--password', 'member password'],
    ]) {
      const error = await run(...args).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
    }
  });
});
