import { sql, type Kysely } from 'kysely';
import { isSubscriberContact, type AdminUser } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { findUserById, rolesOf } from '../auth/users.repository.js';
import { getContactForUser } from '../contacts/contacts.repository.js';

type Db = Kysely<Database>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** An account as admins see it; 404 when there is none. */
export async function adminUser(db: Db, id: number): Promise<AdminUser> {
  const row = await findUserById(db, id);
  if (!row) throw notFound(`There is no user ${id}.`);
  const contact = await getContactForUser(db, id);
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    roles: rolesOf(row.role),
    subscriber: isSubscriberContact(contact),
    createdAt: iso(row.created_at),
  };
}

/** Accounts whose e-mail or username contains `q` (case-insensitive, `%` and `_` literal), by id. */
export async function searchUsers(
  db: Db,
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<AdminUser[]> {
  let q = db.selectFrom('users').select('id');
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('email', 'like', sql<string>`${like} escape '\\'`),
        eb('username_key', 'like', sql<string>`${like} escape '\\'`),
      ]),
    );
  }
  const rows = await q.orderBy('id').limit(query.limit).offset(query.offset).execute();
  return Promise.all(rows.map((r) => adminUser(db, Number(r.id))));
}
