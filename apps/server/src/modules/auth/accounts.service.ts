import type { Kysely } from 'kysely';
import { emailSchema, passwordSchema, usernameSchema, type Role } from '@solstice/contracts';
import type { Settings } from '../../config/settings.js';
import type { Database } from '../../db/schema.js';
import { hashPassword } from './passwords.js';
import { DuplicateAccountError, findUserByEmail, insertUser, type UserRow } from './users.repository.js';

export class AccountInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountInputError';
  }
}

export interface CreateAccountInput {
  email: string;
  password: string;
  /** Derived from the e-mail address when absent. */
  username?: string;
  role?: Role;
}

function check<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  field: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AccountInputError(`${field}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** A username from the local part of the address: "jane.doe+x@…" → "jane.doe_x". */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  const base = local.slice(0, 28);
  return base.length >= 3 ? base : `${base}user`.slice(0, 28);
}

/** Creates an account (and its contact) with the same rules as signup; for the CLI and start-up. */
export async function createAccount(db: Kysely<Database>, input: CreateAccountInput): Promise<UserRow> {
  const email = check(emailSchema, input.email, 'email');
  const password = check(passwordSchema, input.password, 'password');
  const explicit = input.username !== undefined;
  let username = check(usernameSchema, input.username ?? usernameFromEmail(email), 'username');
  const passwordHash = await hashPassword(password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(db, { email, username, passwordHash, role: input.role ?? 'member' });
    } catch (error) {
      if (!(error instanceof DuplicateAccountError)) throw error;
      if (error.field === 'email') throw new AccountInputError(`an account with ${email} exists`);
      if (explicit || attempt >= 5) throw new AccountInputError(`the username ${username} is taken`);
      username = `${usernameFromEmail(email).slice(0, 26)}_${Math.floor(Math.random() * 90 + 10)}`;
    }
  }
}

export interface AdminLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD: the first admin, created at start when no account has
 * that address. An existing account is left as it is (the password is never overwritten).
 */
export async function ensureAdminFromSettings(db: Kysely<Database>, settings: Settings, log: AdminLog): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = settings;
  if (email === undefined && password === undefined) return;
  if (email === undefined || password === undefined) {
    throw new AccountInputError('ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither');
  }
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin') log.warn(`ADMIN_EMAIL ${email} belongs to an existing member; not changed`);
    return;
  }
  const user = await createAccount(db, { email, password, role: 'admin' });
  log.info(`created the admin account ${user.email} (username ${user.username})`);
}
