import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBER_TAG_ID } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';
import { namingPool } from '../../db/named-statements.js';
import { testDialects, type TestDatabase } from '../../testing/test-databases.js';
import { useTestDatabase } from '../../testing/test-fixtures.js';
import { createUser } from '../../testing/factories.js';
import { addTag } from '../contacts/contacts.repository.js';
import { createSession, deleteSession, hashToken, lookupSession } from './sessions.js';
import { readSession } from './session-reads.js';

/** A second handle on the test database that counts the statements it sends. */
function countingHandle(handle: TestDatabase): { db: Kysely<Database>; selects: () => number } {
  let selects = 0;
  const dialect =
    handle.dialect === 'sqlite'
      ? new SqliteDialect({ database: handle.sqlite! })
      : new PostgresDialect({ pool: namingPool(handle.pgPool!) });
  const db = new Kysely<Database>({
    dialect,
    log: (event) => {
      if (event.level === 'query' && event.query.sql.startsWith('select')) selects++;
    },
  });
  return { db, selects: () => selects };
}

describe.each(testDialects())('session reads on %s', (dialect) => {
  const handle = useTestDatabase(dialect);

  it('answers lookups asked together from a few queries, each with its own session', async () => {
    const { db, selects } = countingHandle(handle);
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser(handle.db)));
    await addTag(handle.db, users[1]!.contactId, SUBSCRIBER_TAG_ID);
    const tokens = await Promise.all(Array.from({ length: 90 }, (_, i) => createSession(handle.db, users[i % 3]!.id)));
    await deleteSession(handle.db, tokens[5]!);
    const unknown = 'B'.repeat(43);
    const asked = [...tokens, ...tokens.slice(0, 30), unknown];
    const answers = await Promise.all(asked.map((token) => lookupSession(db, token)));
    asked.forEach((token, i) => {
      const answer = answers[i];
      if (token === unknown || token === tokens[5]) {
        expect(answer, `lookup ${i}`).toBeNull();
        return;
      }
      const user = users[tokens.indexOf(token) % 3]!;
      expect(answer, `lookup ${i}`).toEqual({
        userId: user.id,
        email: user.email,
        username: user.username,
        role: 'member',
        contact: { id: user.contactId, tag_ids: user === users[1] ? [SUBSCRIBER_TAG_ID] : [] },
        locale: null,
        tutorialSeen: false,
      });
    });
    // 121 lookups of 91 tokens: two sent at once, the rest in batches of at most 64 tokens.
    expect(selects()).toBeGreaterThan(0);
    expect(selects()).toBeLessThanOrEqual(4);
  });

  it('never answers a lookup from a read sent before it was asked', async () => {
    const user = await createUser(handle.db);
    const token = await createSession(handle.db, user.id);
    const tokenHash = hashToken(token);
    const earlier = [readSession(handle.db, tokenHash), readSession(handle.db, tokenHash)];
    await deleteSession(handle.db, token);
    // Whether or not the earlier reads are still out, this one is read after the sign-out.
    expect(await readSession(handle.db, tokenHash)).toBeUndefined();
    await Promise.all(earlier);
  });

  it('fails every lookup of a batch whose query fails, and reads again afterwards', async () => {
    const { db } = countingHandle(handle);
    const user = await createUser(handle.db);
    const token = await createSession(handle.db, user.id);
    await handle.db.schema.alterTable('sessions').renameTo('sessions_away').execute();
    try {
      const results = await Promise.allSettled([
        lookupSession(db, token),
        lookupSession(db, token),
        lookupSession(db, token),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      await handle.db.schema.alterTable('sessions_away').renameTo('sessions').execute();
    }
    expect((await lookupSession(db, token))?.userId).toBe(user.id);
  });
});
