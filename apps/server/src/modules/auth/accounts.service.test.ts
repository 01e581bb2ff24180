import { describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.js';
import { useTestDatabase } from '../../testing/test-fixtures.js';
import { createTestSettings } from '../../testing/test-settings.js';
import { AccountInputError, createAccount, ensureAdminFromSettings, usernameFromEmail } from './accounts.service.js';
import { verifyPassword } from './passwords.js';
import { findUserByEmail } from './users.repository.js';

describe('usernameFromEmail', () => {
  it('keeps the allowed characters of the local part', () => {
    expect(usernameFromEmail('jane.doe+news@example.com')).toBe('jane.doe_news');
    expect(usernameFromEmail('_x@example.com')).toBe('xuser');
  });
});

describe.each(testDialects())('accounts service on %s', (dialect) => {
  const db = useTestDatabase(dialect);

  const messages: string[] = [];
  const log = { info: (m: string) => messages.push(`info ${m}`), warn: (m: string) => messages.push(`warn ${m}`) };

  it('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD once, never overwriting it', async () => {
    const settings = createTestSettings({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first admin pw' });
    await ensureAdminFromSettings(db.db, settings, log);
    const row = await findUserByEmail(db.db, 'boss@example.com');
    expect(row?.role).toBe('admin');
    expect(messages).toEqual(['info created the admin account boss@example.com (username boss)']);
    const changed = createTestSettings({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'another password' });
    await ensureAdminFromSettings(db.db, changed, log);
    const again = await findUserByEmail(db.db, 'boss@example.com');
    expect(await verifyPassword(again!.password_hash, 'first admin pw')).toBe(true);
    expect(messages).toHaveLength(1);
  });

  it('refuses one of the pair without the other', async () => {
    await expect(
      ensureAdminFromSettings(db.db, createTestSettings({ ADMIN_EMAIL: 'a@example.com' }), log),
    ).rejects.toBeInstanceOf(AccountInputError);
  });

  it('picks another username when the derived one is taken', async () => {
    const a = await createAccount(db.db, { email: 'same@example.com', password: 'password 123' });
    const b = await createAccount(db.db, { email: 'same@example.org', password: 'password 123' });
    expect(a.username).toBe('same');
    expect(b.username).toMatch(/^same_\d\d$/);
  });
});
