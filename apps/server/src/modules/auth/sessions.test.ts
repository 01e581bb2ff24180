import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { postgresAvailable, testDialects } from '../../testing/test-databases.js';
import { useTestDatabase } from '../../testing/test-fixtures.js';
import { createUser } from '../../testing/factories.js';
import { addTag, removeTag } from '../contacts/contacts.repository.js';
import { updatePreferences } from './users.repository.js';
import { statementNameOf } from '../../db/named-statements.js';
import {
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_TTL_MS,
  createSession,
  deleteSession,
  hashToken,
  lookupSession,
  purgeExpiredSessions,
} from './sessions.js';

describe.each(testDialects())('sessions on %s', (dialect) => {
  const db = useTestDatabase(dialect);

  it('finds the user and the subscriber tag in one lookup, following tag changes', async () => {
    const user = await createUser(db.db);
    const token = await createSession(db.db, user.id);
    const first = await lookupSession(db.db, token);
    expect(first).toEqual({
      userId: user.id,
      email: user.email,
      username: user.username,
      role: 'member',
      contact: { id: user.contactId, tag_ids: [] },
      locale: null,
      tutorialSeen: false,
    });
    // The page the server sends depends on these (app/web-pages.ts): read afresh too.
    await updatePreferences(db.db, user.id, { locale: 'tr-TR', tutorialSeen: true });
    expect(await lookupSession(db.db, token)).toMatchObject({ locale: 'tr-TR', tutorialSeen: true });
    await addTag(db.db, user.contactId, SUBSCRIBER_TAG_ID);
    await addTag(db.db, user.contactId, 7);
    expect((await lookupSession(db.db, token))?.contact).toEqual({ id: user.contactId, tag_ids: [SUBSCRIBER_TAG_ID] });
    await removeTag(db.db, user.contactId, SUBSCRIBER_TAG_ID);
    expect((await lookupSession(db.db, token))?.contact).toEqual({ id: user.contactId, tag_ids: [] });
  });

  it('reads role, subscription and sign-out afresh on every lookup, however often the statement ran', async () => {
    const user = await createUser(db.db);
    const token = await createSession(db.db, user.id);
    const other = await createSession(db.db, user.id);
    // Past PostgreSQL's five custom plans: the named statement runs on its generic plan.
    for (let i = 0; i < 8; i++) expect((await lookupSession(db.db, token))?.role).toBe('member');
    await db.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    expect((await lookupSession(db.db, token))?.role).toBe('admin');
    await addTag(db.db, user.contactId, SUBSCRIBER_TAG_ID);
    expect((await lookupSession(db.db, token))?.contact?.tag_ids).toEqual([SUBSCRIBER_TAG_ID]);
    await removeTag(db.db, user.contactId, SUBSCRIBER_TAG_ID);
    expect((await lookupSession(db.db, token))?.contact?.tag_ids).toEqual([]);
    await deleteSession(db.db, token);
    expect(await lookupSession(db.db, token)).toBeNull();
    expect((await lookupSession(db.db, other))?.userId).toBe(user.id);
  });

  it('refuses malformed and unknown tokens', async () => {
    expect(await lookupSession(db.db, 'short')).toBeNull();
    expect(await lookupSession(db.db, 'A'.repeat(43))).toBeNull();
  });

  it('slides with use but never past 30 days after creation', async () => {
    const user = await createUser(db.db);
    const created = 6_000_000_000_000;
    const token = await createSession(db.db, user.id, created);
    const day = 24 * 60 * 60 * 1000;
    // Used every six days: each use slides the expiry 7 days on, capped at the absolute end.
    for (let at = created + 6 * day; at < created + SESSION_ABSOLUTE_TTL_MS; at += 6 * day) {
      expect(await lookupSession(db.db, token, at), `day ${(at - created) / day}`).not.toBeNull();
      const row = await db.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      expect(Number(row.expires_at)).toBe(Math.min(at + SESSION_TTL_MS, created + SESSION_ABSOLUTE_TTL_MS));
    }
    expect(await lookupSession(db.db, token, created + SESSION_ABSOLUTE_TTL_MS)).toBeNull();
    const left = await db.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });

  it('purges sessions past their absolute lifetime even when their expiry slid further', async () => {
    const user = await createUser(db.db);
    const now = 7_000_000_000_000;
    const old = await createSession(db.db, user.id, now - SESSION_ABSOLUTE_TTL_MS - 1);
    await db.db
      .updateTable('sessions')
      .set({ expires_at: now + SESSION_TTL_MS })
      .where('token_hash', '=', hashToken(old))
      .execute();
    const young = await createSession(db.db, user.id, now - 1000);
    await purgeExpiredSessions(db.db, now);
    const left = await db.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
    expect(left.map((r) => r.token_hash)).toEqual([hashToken(young)]);
  });

  it('purges expired sessions and reset tokens, keeping live ones', async () => {
    const user = await createUser(db.db);
    const now = 5_000_000_000_000;
    const live = await createSession(db.db, user.id, now);
    const dead = await createSession(db.db, user.id, now - SESSION_TTL_MS - 1);
    await db.db
      .insertInto('password_resets')
      .values({
        token_hash: 'x',
        user_id: user.id,
        created_at: now - 7_200_000,
        expires_at: now - 3_600_000,
        used_at: null,
      })
      .execute();
    expect(await purgeExpiredSessions(db.db, now)).toBeGreaterThanOrEqual(1);
    const left = await db.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute();
    expect(left.map((r) => r.token_hash)).toEqual([hashToken(live)]);
    expect(left.map((r) => r.token_hash)).not.toContain(hashToken(dead));
    const resets = await db.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(resets).toEqual([]);
  });
});

// PostgreSQL only (CI always has it: global-setup fails the run without it).
describe.skipIf(!postgresAvailable())('sessions on PostgreSQL', () => {
  const db = useTestDatabase('postgres');

  it('looks sessions up with a named statement (parsed once per connection)', async () => {
    const user = await createUser(db.db);
    const token = await createSession(db.db, user.id);
    await db.db.connection().execute(async (connection) => {
      expect((await lookupSession(connection, token))?.userId).toBe(user.id);
      expect((await lookupSession(connection, token))?.userId).toBe(user.id);
      const prepared = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements where statement like '%"sessions" as "s"%'`.execute(
        connection,
      );
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]?.name).toBe(statementNameOf(prepared.rows[0]?.statement ?? ''));
    });
  });
});
