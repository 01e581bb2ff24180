import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The contact record of specification §4: an id and tag ids (2582 = subscriber). */
export interface Contact {
  id: number;
  user_id: number;
  tag_ids: number[];
}

type Db = Kysely<Database>;

async function tagsOf(db: Db, contactId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contact_tags')
    .select('tag_id')
    .where('contact_id', '=', contactId)
    .orderBy('tag_id')
    .execute();
  return rows.map((r) => Number(r.tag_id));
}

export async function getContactForUser(db: Db, userId: number): Promise<Contact | null> {
  const row = await db
    .selectFrom('contacts')
    .select(['id', 'user_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return { id: Number(row.id), user_id: Number(row.user_id), tag_ids: await tagsOf(db, Number(row.id)) };
}

export async function getContactById(db: Db, contactId: number): Promise<Contact | null> {
  const row = await db.selectFrom('contacts').select(['id', 'user_id']).where('id', '=', contactId).executeTakeFirst();
  if (!row) return null;
  return { id: Number(row.id), user_id: Number(row.user_id), tag_ids: await tagsOf(db, Number(row.id)) };
}

/** The user's contact, created when missing (signup creates it; older accounts get one on demand). */
export async function ensureContactForUser(db: Db, userId: number, now = Date.now()): Promise<Contact> {
  const existing = await getContactForUser(db, userId);
  if (existing) return existing;
  await db
    .insertInto('contacts')
    .values({ user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const created = await getContactForUser(db, userId);
  if (!created) throw new Error(`contact for user ${userId} could not be created`);
  return created;
}

/** Idempotent. */
export async function addTag(db: Db, contactId: number, tagId: number): Promise<void> {
  await db
    .insertInto('contact_tags')
    .values({ contact_id: contactId, tag_id: tagId })
    .onConflict((oc) => oc.columns(['contact_id', 'tag_id']).doNothing())
    .execute();
}

/** Idempotent. */
export async function removeTag(db: Db, contactId: number, tagId: number): Promise<void> {
  await db.deleteFrom('contact_tags').where('contact_id', '=', contactId).where('tag_id', '=', tagId).execute();
}
