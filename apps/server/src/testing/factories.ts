import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SUBSCRIBER_TAG_ID, type Role } from '@solstice/contracts';
import type { Database } from '../db/schema.js';
import { addTag, getContactForUser } from '../modules/contacts/contacts.repository.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createSession } from '../modules/auth/sessions.js';
import { insertUser } from '../modules/auth/users.repository.js';

export const DEFAULT_TEST_PASSWORD = 'correct horse battery';

export interface CreateUserOptions {
  email?: string;
  username?: string;
  password?: string;
  role?: Role;
  /** Gives the contact the subscriber tag (2582). */
  subscriber?: boolean;
}

export interface CreatedUser {
  id: number;
  email: string;
  username: string;
  password: string;
  role: Role;
  contactId: number;
}

/** Argon2 hashes of the test password, computed once (hashing costs ~50 ms). */
const hashCache = new Map<string, Promise<string>>();

/** A user straight in the database (with its contact), optionally admin and/or subscriber. */
export async function createUser(db: Kysely<Database>, options: CreateUserOptions = {}): Promise<CreatedUser> {
  const suffix = randomBytes(4).toString('hex');
  const username = options.username ?? `user_${suffix}`;
  const email = (options.email ?? `${username.replace(/[^a-z0-9_.-]/gi, '')}@example.com`).toLowerCase();
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  const role = options.role ?? 'member';
  const row = await insertUser(db, { email, username, passwordHash: await hash, role });
  const contact = await getContactForUser(db, row.id);
  if (!contact) throw new Error('createUser: no contact');
  if (options.subscriber) await addTag(db, contact.id, SUBSCRIBER_TAG_ID);
  return { id: row.id, email, username, password, role, contactId: contact.id };
}

/** A session token for a user, without going through HTTP (no rate limits, no password check). */
export async function createSessionToken(db: Kysely<Database>, userId: number): Promise<string> {
  return createSession(db, userId);
}
