import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { SUBSCRIBER_TAG_ID, type Role } from '@solstice/contracts';
import type { Database } from '../db/schema.js';
import type { AlertsTable } from '../modules/alerts/alerts.tables.js';
import type { SubscriptionsTable } from '../modules/billing/billing.tables.js';
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

/** An alerts row straight in the database: a scan alert on every symbol, active, mailed, never fired. */
export function alertRow(userId: number, fields: Partial<Insertable<AlertsTable>> = {}): Insertable<AlertsTable> {
  const unfired = { last_fired_at: null, last_fired_bar_date: null, last_fired_message: null };
  const noWebhook = { webhook_url: null, webhook_secret: null };
  return {
    user_id: userId,
    name: 'alert',
    kind: 'scan',
    expression: null,
    on_exit: 0,
    symbol: null,
    watchlist_id: null,
    params: null,
    paused: 0,
    paused_reason: null,
    mail: 1,
    created_at: 0,
    updated_at: 0,
    ...noWebhook,
    ...unfired,
    ...fields,
  };
}

/** A subscriptions row straight in the database: active on the test provider, a card that renews, never ended. */
export function subscriptionRow(
  userId: number,
  priceId: number,
  fields: Partial<Insertable<SubscriptionsTable>> = {},
): Insertable<SubscriptionsTable> {
  const notEnded = { cancel_at_period_end: 0, end_reason: null, ended_at: null };
  return {
    user_id: userId,
    price_id: priceId,
    provider: 'test',
    status: 'active',
    current_period_start: 0,
    current_period_end: 1,
    card_last4: null,
    card_renews: 1,
    external_id: null,
    created_at: 0,
    updated_at: 0,
    ...notEnded,
    ...fields,
  };
}
