import type { Kysely } from 'kysely';
import * as kit from './kit/v1.js';

/** Accounts, sessions, password resets, contacts (subscriber tag) and watchlists. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .$call(kit.withId(db))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', kit.required)
    /** lower(username): usernames are unique regardless of case. */
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', kit.required)
    .addColumn('role', 'text', kit.requiredOr('member'))
    .addColumn('locale', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('layout', 'text')
    .$call(kit.withTimestamps)
    .execute();

  await userToken(db, 'sessions').addColumn('last_seen_at', 'bigint', kit.required).execute();
  await kit.createIndex(db, 'sessions_user_idx', 'sessions', ['user_id']);
  await kit.createIndex(db, 'sessions_expires_idx', 'sessions', ['expires_at']);

  await userToken(db, 'password_resets').addColumn('used_at', 'bigint').execute();
  await kit.createIndex(db, 'password_resets_user_idx', 'password_resets', ['user_id']);

  await db.schema
    .createTable('contacts')
    .$call(kit.withId(db))
    .addColumn('user_id', 'integer', (c) => kit.belongsTo('users')(c).unique())
    .$call(kit.withCreatedAt)
    .execute();
  await db.schema
    .createTable('contact_tags')
    .addColumn('contact_id', 'integer', kit.belongsTo('contacts'))
    .addColumn('tag_id', 'integer', kit.required)
    .addPrimaryKeyConstraint('contact_tags_pk', ['contact_id', 'tag_id'])
    .execute();

  await db.schema
    .createTable('watchlists')
    .$call(kit.withId(db))
    .$call(kit.withOwner)
    .addColumn('name', 'text', kit.required)
    .addColumn('position', 'integer', kit.required)
    /** JSON array of { sym, description }: always read and written whole. */
    .addColumn('symbols', 'text', kit.required)
    .$call(kit.withTimestamps)
    .addUniqueConstraint('watchlists_user_name_uq', ['user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await kit.dropTables(db, ['watchlists', 'contact_tags', 'contacts', 'password_resets', 'sessions', 'users']);
}

/** A table of secret tokens (only their hash is kept) given to a user until they expire. */
function userToken(db: Kysely<unknown>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .$call(kit.withOwner)
    .$call(kit.withCreatedAt)
    .addColumn('expires_at', 'bigint', kit.required);
}
