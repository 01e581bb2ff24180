import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-databases.js';
import { DAY_MS, HOUR_MS, ManualClock } from './clock.js';
import { JobQueue } from './job-queue.js';
import { dailyAt, everyInterval, occurrenceKey } from './schedules.js';

const at = (iso: string) => Date.parse(iso);

describe('schedules', () => {
  it('dailyAt gives the next hh:mm UTC strictly after now', () => {
    const next = dailyAt(21, 30);
    expect(new Date(next(at('2026-11-23T10:00:00Z'))).toISOString()).toBe('2026-11-23T21:30:00.000Z');
    expect(new Date(next(at('2026-11-23T21:30:00Z'))).toISOString()).toBe('2026-11-24T21:30:00.000Z');
    expect(new Date(next(at('2026-11-23T23:59:59Z'))).toISOString()).toBe('2026-11-24T21:30:00.000Z');
  });

  it('everyInterval aligns on multiples of the interval, so every process computes the same times', () => {
    const hourly = everyInterval(HOUR_MS);
    expect(new Date(hourly(at('2026-11-23T10:00:00Z'))).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(new Date(hourly(at('2026-11-23T10:59:59.999Z'))).toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });

  it('keys an occurrence by its kind and run time', () => {
    expect(occurrenceKey('market.daily_update', at('2026-11-23T21:30:00Z'))).toBe(
      'market.daily_update@2026-11-23T21:30Z',
    );
    expect(occurrenceKey('x', at('2026-11-23T21:30:15Z'))).toBe('x@2026-11-23T21:30:15Z');
    expect(occurrenceKey('x', at('2026-11-23T21:30:15.250Z'))).toBe('x@2026-11-23T21:30:15.250Z');
  });
});

describe.each(testDialects())('recurring jobs (%s)', (dialect) => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  let clock: ManualClock;
  let queues: JobQueue[];
  let ran: number[];

  /** A server process: its own queue (and, for the second one, its own connection). */
  function serverProcess(db: DatabaseHandle['db']): JobQueue {
    const queue = new JobQueue({ db, clock });
    queue.every('daily', dailyAt(21, 30), async () => {
      ran.push(clock.now());
    });
    queues.push(queue);
    return queue;
  }

  const pending = () =>
    database.db
      .selectFrom('jobs')
      .select(['unique_key', 'run_at', 'series'])
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    other = await openDatabase(database.url, { pgSchema: database.pgSchema, pgPoolSize: 5 });
    clock = new ManualClock(at('2026-11-23T10:00:00Z'));
    queues = [];
    ran = [];
  });
  afterEach(async () => {
    for (const q of queues) await q.stop();
    await other.close();
    await database.destroy();
  });

  it('keeps one pending occurrence however many processes schedule it', async () => {
    const a = serverProcess(database.db);
    const b = serverProcess(other.db);
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring(), a.scheduleRecurring(), b.scheduleRecurring()]);
    expect(await pending()).toEqual([
      { unique_key: 'daily@2026-11-23T21:30Z', run_at: at('2026-11-23T21:30:00Z'), series: 'daily' },
    ]);
    // A process whose clock says the occurrence is later still finds the one pending.
    clock.set(at('2026-11-23T22:00:00Z'));
    await b.scheduleRecurring();
    expect(await pending()).toHaveLength(1);
  });

  it('runs the occurrence once and schedules the next with it', async () => {
    const a = serverProcess(database.db);
    const b = serverProcess(other.db);
    await a.scheduleRecurring();
    expect(await Promise.all([a.runDue(), b.runDue()])).toEqual([0, 0]);
    clock.set(at('2026-11-23T21:30:05Z'));
    const [x, y] = await Promise.all([a.runDue(), b.runDue()]);
    expect(x + y).toBe(1);
    expect(ran).toEqual([at('2026-11-23T21:30:05Z')]);
    expect(await pending()).toEqual([
      { unique_key: 'daily@2026-11-24T21:30Z', run_at: at('2026-11-24T21:30:00Z'), series: 'daily' },
    ]);
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring()]);
    expect(await pending()).toHaveLength(1);
  });

  it('after downtime runs once, then continues from now (missed days are not replayed)', async () => {
    const a = serverProcess(database.db);
    await a.scheduleRecurring();
    clock.set(at('2026-11-23T10:00:00Z') + 3 * DAY_MS);
    expect(await a.runDue()).toBe(1);
    expect(await a.runDue()).toBe(0);
    expect((await pending()).map((r) => r.unique_key)).toEqual(['daily@2026-11-26T21:30Z']);
  });

  it('an occurrence that fails for good does not end the series', async () => {
    const queue = new JobQueue({ db: database.db, clock });
    queues.push(queue);
    queue.every('broken', dailyAt(1), async () => {
      throw new Error('upstream down');
    });
    await queue.scheduleRecurring();
    clock.set(at('2026-11-24T01:00:00Z'));
    for (let i = 0; i < 5; i++) {
      await queue.runDue();
      clock.advance(HOUR_MS);
    }
    const rows = await database.db.selectFrom('jobs').select(['unique_key', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { unique_key: 'broken@2026-11-24T01:00Z', status: 'failed' },
      { unique_key: 'broken@2026-11-25T01:00Z', status: 'pending' },
    ]);
  });
});
