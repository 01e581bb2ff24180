import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { readSession } from './session-reads.js';

type Db = Kysely<Database>;

export const SESSION_MAX_AGE_SECONDS = 604800;
export const SESSION_TTL_MS = SESSION_MAX_AGE_SECONDS * 1000;
/** However often it is used, a session ends this long after sign-in (then the user signs in again). */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding the expiry writes to the database at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function createSession(db: Db, userId: number, now = Date.now()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      last_seen_at: now,
    })
    .execute();
  return token;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<=', now - SESSION_ABSOLUTE_TTL_MS)]))
    .executeTakeFirst();
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
  return Number(result.numDeletedRows);
}

export interface SessionUser {
  userId: number;
  email: string;
  username: string;
  role: Role;
  /** The contact record as specification §4 reads it (only the subscriber tag is looked up). */
  contact: { id: number; tag_ids: number[] } | null;
  /** What the page the server sends depends on (app/web-pages.ts). */
  locale: string | null;
  tutorialSeen: boolean;
}

/**
 * One read per request (shared with the requests that arrive with it, session-reads.ts): the
 * session, its user and whether the contact has the subscriber tag, read afresh every time
 * (a revoked session or subscription counts at once, on every server). Expired sessions are
 * deleted; the expiry slides at most once a minute, never past SESSION_ABSOLUTE_TTL_MS after
 * creation.
 */
export async function lookupSession(db: Db, token: string, now = Date.now()): Promise<SessionUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const row = await readSession(db, tokenHash);
  if (!row) return null;
  const endOfLife = Number(row.created_at) + SESSION_ABSOLUTE_TTL_MS;
  if (Number(row.expires_at) <= now || endOfLife <= now) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - Number(row.last_seen_at) >= SESSION_TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: Math.min(now + SESSION_TTL_MS, endOfLife) })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return {
    userId: Number(row.user_id),
    email: row.email,
    username: row.username,
    role: row.role,
    contact:
      row.contact_id === null
        ? null
        : { id: Number(row.contact_id), tag_ids: row.tag_id === null ? [] : [Number(row.tag_id)] },
    locale: row.locale,
    tutorialSeen: row.tutorial_seen_at !== null,
  };
}
