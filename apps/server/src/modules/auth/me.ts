import { isSubscriberContact, type MeResponse } from '@solstice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import { findUserById, rolesOf, toPublicUser, type UserRow } from './users.repository.js';

/** GET /api/me's answer for an account: the user, their roles and whether they subscribe. */
export async function meOf(db: Kysely<Database>, row: UserRow): Promise<MeResponse> {
  const contact = await getContactForUser(db, row.id);
  return { data: toPublicUser(row), roles: rolesOf(row.role), subscriber: isSubscriberContact(contact) };
}

/** The same for an account id; null when the account is gone. */
export async function meOfUser(db: Kysely<Database>, userId: number): Promise<MeResponse | null> {
  const row = await findUserById(db, userId);
  return row ? meOf(db, row) : null;
}
