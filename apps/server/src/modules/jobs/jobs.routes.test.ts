import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminJobsResponseSchema } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { ManualClock } from './clock.js';

describe.each(testDialects())('the job queue for admins (%s)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: SignedIn;
  const NOW = Date.parse('2026-11-23T12:00:00Z');

  beforeEach(async () => {
    clock = new ManualClock(NOW);
    t = await createTestApp(dialect, {}, { clock });
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterEach(async () => {
    await t.close();
  });

  const as = (who: SignedIn | null, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: who ? who.headers : {} });

  it('is closed to members and to the anonymous', async () => {
    const member = await signedInUser(t);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/jobs'],
      ['POST', '/api/v1/admin/jobs/run'],
    ] as const) {
      expect((await as(member, method, url)).statusCode, url).toBe(403);
      expect((await as(null, method, url)).statusCode, url).toBe(401);
    }
  });

  it('lists due, failed and recent jobs without their payloads, and runs the due ones now', async () => {
    const { jobs } = t.services;
    jobs.register('test.ok', async () => {});
    jobs.register('test.broken', async () => {
      throw new Error('no route to host');
    });
    await jobs.schedule('test.broken', 'broken-1', NOW - 500, {});
    // Five failed attempts: each retry is made due again at once.
    for (let i = 0; i < 5; i++) {
      await t.services.database.db
        .updateTable('jobs')
        .set({ run_at: clock.now() - 1 })
        .where('unique_key', '=', 'broken-1')
        .execute();
      await jobs.runDue();
      clock.advance(1000);
    }
    await jobs.schedule('test.ok', 'ok-1', clock.now() - 1000, { email: 'secret@example.com' });
    await jobs.schedule('test.ok', 'ok-later', clock.now() + 60_000, {});

    const before = adminJobsResponseSchema.parse((await as(admin, 'GET', '/api/v1/admin/jobs')).json());
    expect(before.due.map((j) => j.uniqueKey)).toEqual(['ok-1']);
    expect(before.failed.map((j) => [j.uniqueKey, j.attempts, j.lastError])).toEqual([
      ['broken-1', 5, 'no route to host'],
    ]);
    expect(before.counts).toEqual({ pending: 2, due: 1, done: 0, failed: 1 });
    expect(JSON.stringify(before)).not.toContain('secret@example.com');

    clock.advance(1000);
    const run = await as(admin, 'POST', '/api/v1/admin/jobs/run');
    expect(run.json()).toEqual({ ran: 1 });
    const after = adminJobsResponseSchema.parse((await as(admin, 'GET', '/api/v1/admin/jobs?limit=2')).json());
    expect(after.due).toEqual([]);
    expect(after.recent).toHaveLength(2);
    expect(after.recent[0]).toMatchObject({ uniqueKey: 'ok-1', status: 'done', kind: 'test.ok' });
    expect(after.counts).toEqual({ pending: 1, due: 0, done: 1, failed: 1 });
    expect((await as(admin, 'GET', '/api/v1/admin/jobs?limit=0')).statusCode).toBe(400);
  });
});
