import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-databases.js';
import { createUser } from '../../testing/factories.js';
import { addTag, removeTag } from '../contacts/contacts.repository.js';
import {
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_TTL_MS,
  createSession,
  hashToken,
  lookupSession,
  purgeExpiredSessions,
} from './sessions.js';

describe.each(testDialects())('sessions on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.destroy();
  });

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
    });
    await addTag(db.db, user.contactId, SUBSCRIBER_TAG_ID);
    await addTag(db.db, user.contactId, 7);
    expect((await lookupSession(db.db, token))?.contact).toEqual({ id: user.contactId, tag_ids: [SUBSCRIBER_TAG_ID] });
    await removeTag(db.db, user.contactId, SUBSCRIBER_TAG_ID);
    expect((await lookupSession(db.db, token))?.contact).toEqual({ id: user.contactId, tag_ids: [] });
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
