import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export const SESSION_MAX_AGE_SECONDS = 604800;
export const SESSION_TTL_MS = SESSION_MAX_AGE_SECONDS * 1000;
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

export interface LiveSession {
  tokenHash: string;
  userId: number;
  expiresAt: number;
}

/** The session of a token if it exists and has not expired; an expired one is deleted. Slides the expiry. */
export async function touchSession(db: Db, token: string, now = Date.now()): Promise<LiveSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const row = await db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return null;
  if (Number(row.expires_at) <= now) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  let expiresAt = Number(row.expires_at);
  if (now - Number(row.last_seen_at) >= SESSION_TOUCH_INTERVAL_MS) {
    expiresAt = now + SESSION_TTL_MS;
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { tokenHash, userId: Number(row.user_id), expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
  return Number(result.numDeletedRows);
}
