import type { Kysely, Selectable } from 'kysely';
import { layoutSchema, type LayoutPreferences, type Role, type User } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { UsersTable } from './auth.tables.js';

type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;

export class DuplicateAccountError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`${field} already taken`);
    this.name = 'DuplicateAccountError';
  }
}

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  role?: Role;
}

/** Creates the user and its contact record in one transaction. */
export async function insertUser(db: Db, input: NewUser, now = Date.now()): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const usernameKey = input.username.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom('users')
      .select(['email', 'username_key'])
      .where((eb) => eb.or([eb('email', '=', email), eb('username_key', '=', usernameKey)]))
      .executeTakeFirst();
    if (clash) throw new DuplicateAccountError(clash.email === email ? 'email' : 'username');
    let row: UserRow;
    try {
      row = await trx
        .insertInto('users')
        .values({
          email,
          username: input.username,
          username_key: usernameKey,
          password_hash: input.passwordHash,
          role: input.role ?? 'member',
          locale: null,
          time_zone: null,
          layout: null,
          // tutorial_seen_at (0010) and alert_mail (0009) take their defaults: the older
          // migrations' tests create users on a schema without them.
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // A concurrent signup won the race between the check and the insert.
      if (isUniqueViolation(error)) throw new DuplicateAccountError('email');
      throw error;
    }
    await trx.insertInto('contacts').values({ user_id: row.id, created_at: now }).execute();
    return normalize(row);
  });
}

function normalize(row: UserRow): UserRow {
  return { ...row, id: Number(row.id), created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? normalize(row) : null;
}

/** By e-mail (when the login has an "@") or by username, both case-insensitive. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const key = login.trim().toLowerCase();
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where(key.includes('@') ? 'email' : 'username_key', '=', key)
    .executeTakeFirst();
  return row ? normalize(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? normalize(row) : null;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now = Date.now()): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function setRole(db: Db, userId: number, role: Role, now = Date.now()): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).execute();
}

export async function updatePreferences(
  db: Db,
  userId: number,
  prefs: { locale?: string; timeZone?: string; layout?: LayoutPreferences; tutorialSeen?: boolean },
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(prefs.locale !== undefined ? { locale: prefs.locale } : {}),
      ...(prefs.timeZone !== undefined ? { time_zone: prefs.timeZone } : {}),
      ...(prefs.layout !== undefined ? { layout: JSON.stringify(prefs.layout) } : {}),
      ...(prefs.tutorialSeen !== undefined ? { tutorial_seen_at: prefs.tutorialSeen ? now : null } : {}),
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

export function rolesOf(role: Role): Role[] {
  return role === 'admin' ? ['member', 'admin'] : ['member'];
}

function parseLayout(text: string | null): LayoutPreferences {
  if (!text) return {};
  try {
    const parsed = layoutSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The user as the API shows it (never the hash). */
export function toPublicUser(row: UserRow): User {
  return {
    id: Number(row.id),
    email: row.email,
    username: row.username,
    locale: row.locale,
    timeZone: row.time_zone,
    layout: parseLayout(row.layout),
    tutorialSeen: row.tutorial_seen_at !== null,
    createdAt: Number(row.created_at),
  };
}
