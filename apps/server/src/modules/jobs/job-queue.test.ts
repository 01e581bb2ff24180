import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { testDialects, type TestDatabase } from '../../testing/test-databases.js';
import { useTestDatabase } from '../../testing/test-fixtures.js';
import { ManualClock } from './clock.js';
import { JobQueue } from './job-queue.js';

/** A second handle on the same database: what another server process sees. */
function secondProcess(database: TestDatabase): Promise<DatabaseHandle> {
  return openDatabase(database.url, { pgSchema: database.pgSchema, pgPoolSize: 5 });
}

describe.each(testDialects())('job queue (%s)', (dialect) => {
  const database = useTestDatabase(dialect, 'each');
  let clock: ManualClock;
  let queue: JobQueue;
  beforeEach(() => {
    clock = new ManualClock(1_000_000);
    queue = new JobQueue({ db: database.db, clock });
  });
  afterEach(() => queue.stop());

  it('runs a job once when due; scheduling the same key twice is a no-op', async () => {
    const ran: unknown[] = [];
    queue.register('demo', async (payload) => {
      ran.push(payload);
    });
    await queue.schedule('demo', 'k1', 2_000_000, { n: 1 });
    await queue.schedule('demo', 'k1', 2_000_000, { n: 2 });
    expect(await queue.runDue()).toBe(0);
    clock.set(2_000_000);
    const [a, b] = await Promise.all([queue.runDue(), queue.runDue()]);
    expect([a, b]).toEqual([1, 1]); // concurrent calls share one run
    expect(ran).toEqual([{ n: 1 }]);
    expect(await queue.runDue()).toBe(0);
  });

  it('runs each job exactly once when two processes poll the same database at once', async () => {
    const other = await secondProcess(database);
    const otherQueue = new JobQueue({ db: other.db, clock });
    try {
      const ran: string[] = [];
      for (const q of [queue, otherQueue]) {
        q.register('demo', async (payload) => {
          ran.push(String(payload.key));
          await new Promise((resolve) => setTimeout(resolve, 1));
        });
      }
      const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
      // Both processes schedule the same work: the unique key stores it once.
      for (const key of keys) {
        await queue.schedule('demo', key, 0, { key });
        await otherQueue.schedule('demo', key, 0, { key });
      }
      const [a, b] = await Promise.all([queue.runDue(), otherQueue.runDue()]);
      expect(a + b).toBe(20);
      expect([...ran].sort()).toEqual([...keys].sort());
      const rows = await database.db.selectFrom('jobs').select('status').execute();
      expect(rows.map((r) => r.status)).toEqual(Array(20).fill('done'));
    } finally {
      await otherQueue.stop();
      await other.close();
    }
  });

  it('keeps the claim of a job that runs longer than its lock: no other process runs it again', async () => {
    const other = await secondProcess(database);
    const longQueue = new JobQueue({ db: database.db, clock, renewEveryMs: 20 });
    const otherQueue = new JobQueue({ db: other.db, clock });
    try {
      let runs = 0;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = async () => {
        runs++;
        await held;
      };
      longQueue.register('update', slow);
      otherQueue.register('update', slow);
      await longQueue.schedule('update', 'u1', 0, {});
      const first = longQueue.runDue();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(runs).toBe(1);
      // Ten minutes later by the clock (the lock is five) the claim has been extended.
      clock.advance(10 * 60 * 1000);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await otherQueue.runDue()).toBe(0);
      expect(runs).toBe(1);
      release();
      expect(await first).toBe(1);
      const row = await database.db.selectFrom('jobs').select(['status', 'locked_until']).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'done', locked_until: 0 });
    } finally {
      await longQueue.stop();
      await otherQueue.stop();
      await other.close();
    }
  });

  it('enqueueNow stores a job due now and runs it without waiting for the poller', async () => {
    const ran: unknown[] = [];
    queue.register('mail', async (payload) => {
      ran.push(payload);
    });
    await queue.enqueueNow('mail', 'mail-1', { to: 'a@example.com' });
    for (let i = 0; i < 100 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(ran).toEqual([{ to: 'a@example.com' }]);
    await queue.stop();
    const row = await database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', unique_key: 'mail-1', run_at: 1_000_000 });
  });

  it('retries a failing job with back-off and gives up after five attempts', async () => {
    let calls = 0;
    queue.register('flaky', async () => {
      calls++;
      throw new Error('boom');
    });
    await queue.schedule('flaky', 'f', 0, {});
    for (let i = 0; i < 5; i++) {
      await queue.runDue();
      clock.advance(60 * 60 * 1000);
    }
    await queue.runDue();
    expect(calls).toBe(5);
    const job = await database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    expect(job.last_error).toBe('boom');
    expect(job.attempts).toBe(5);
  });

  it('skips a job another process holds the lock of', async () => {
    let calls = 0;
    queue.register('demo', async () => {
      calls++;
    });
    await queue.schedule('demo', 'held', 0, {});
    await database.db
      .updateTable('jobs')
      .set({ locked_until: clock.now() + 60_000 })
      .execute();
    expect(await queue.runDue()).toBe(0);
    clock.advance(60_001);
    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(1);
  });

  it('stop() lets the job in hand finish and leaves the rest of the batch for later', async () => {
    let release!: () => void;
    const inHand = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const ran: string[] = [];
    queue.register('slow', async (payload) => {
      ran.push(String(payload.n));
      started();
      await inHand;
    });
    for (const n of [1, 2, 3]) await queue.schedule('slow', `s${n}`, n, { n });
    const run = queue.runDue();
    await firstStarted;
    const stopped = queue.stop();
    release();
    await stopped;
    expect(await run).toBe(1);
    expect(ran).toEqual(['1']);
    const rows = await database.db.selectFrom('jobs').selectAll().orderBy('run_at').execute();
    expect(rows.map((r) => [r.unique_key, r.status, r.attempts, Number(r.locked_until)])).toEqual([
      ['s1', 'done', 1, 0],
      ['s2', 'pending', 0, 0],
      ['s3', 'pending', 0, 0],
    ]);
    // A stopped queue runs nothing; another process (or this one after start()) takes the rest.
    expect(await queue.runDue()).toBe(0);
    const next = new JobQueue({ db: database.db, clock });
    next.register('slow', async (payload) => {
      ran.push(String(payload.n));
    });
    expect(await next.runDue()).toBe(2);
    expect(ran).toEqual(['1', '2', '3']);
  });

  describe('lanes', () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    async function until(check: () => boolean | Promise<boolean>): Promise<void> {
      for (let i = 0; i < 400 && !(await check()); i++) await tick();
      expect(await check()).toBe(true);
    }
    const statuses = async () =>
      Object.fromEntries(
        (await database.db.selectFrom('jobs').select(['unique_key', 'status']).execute()).map((r) => [
          r.unique_key,
          r.status,
        ]),
      );

    it('mail and billing run while a job of the work lane and deliveries hang', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const ran: string[] = [];
      queue.register('update', async () => {
        ran.push('update');
        await held;
      });
      queue.register(
        'hook',
        async () => {
          ran.push('hook');
          await held;
        },
        'deliveries',
      );
      queue.register('reset', async () => void ran.push('reset'), 'mail');
      queue.register('period', async () => void ran.push('period'), 'billing');
      await queue.schedule('update', 'u', 0, {});
      await queue.schedule('hook', 'h', 0, {}, undefined, 'slow.example');
      const all = queue.runDue();
      try {
        await until(() => ran.includes('update') && ran.includes('hook'));
        await queue.enqueueNow('reset', 'r', {});
        await queue.enqueueNow('period', 'p', {});
        await until(async () => (await statuses()).p === 'done' && (await statuses()).r === 'done');
        expect(await statuses()).toEqual({ h: 'pending', p: 'done', r: 'done', u: 'pending' });
      } finally {
        release();
      }
      expect(await all).toBeGreaterThanOrEqual(2);
    });

    it('runs deliveries side by side, at most two per host, and starts one stored meanwhile', async () => {
      const releases = new Map<string, () => void>();
      const inHand = new Set<string>();
      let most = 0;
      queue.register(
        'hook',
        async (payload) => {
          const name = String(payload.name);
          inHand.add(name);
          most = Math.max(most, [...inHand].filter((n) => n.startsWith('slow')).length);
          await new Promise<void>((resolve) => releases.set(name, resolve));
          inHand.delete(name);
        },
        'deliveries',
      );
      for (const n of [1, 2, 3, 4])
        await queue.schedule('hook', `slow${n}`, 0, { name: `slow${n}` }, undefined, 'slow.example');
      await queue.schedule('hook', 'fast1', 0, { name: 'fast1' }, undefined, 'fast.example');
      const run = queue.runDue();
      await until(() => inHand.has('fast1') && inHand.has('slow1') && inHand.has('slow2'));
      expect(inHand.has('slow3')).toBe(false);
      releases.get('fast1')!();
      // Stored while the slow host holds its two places: started at once, not after them.
      await queue.schedule('hook', 'fast2', clock.now(), { name: 'fast2' }, undefined, 'fast.example');
      await until(() => !inHand.has('fast1'));
      releases.get('slow1')!();
      await until(() => inHand.has('slow3') || inHand.has('fast2'));
      await until(() => inHand.has('fast2'));
      for (const n of ['slow2', 'fast2', 'slow3']) {
        await until(() => releases.has(n) && inHand.has(n));
        releases.get(n)!();
      }
      await until(() => inHand.has('slow4'));
      releases.get('slow4')!();
      expect(await run).toBe(6);
      expect(most).toBe(2);
    });
  });
});
