import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.js';
import { useTestDatabase } from '../../testing/test-fixtures.js';
import { DAY_MS, ManualClock } from './clock.js';
import { JOB_PURGE_JOB, registerJobPurge } from './job-purge.js';
import { JobQueue } from './job-queue.js';

describe.each(testDialects())('purging finished jobs (%s)', (dialect) => {
  const NOW = Date.parse('2026-11-23T03:00:00Z');
  const database = useTestDatabase(dialect, 'each');
  let clock: ManualClock;
  let queue: JobQueue;

  beforeEach(() => {
    clock = new ManualClock(NOW);
    queue = new JobQueue({ db: database.db, clock });
    registerJobPurge(queue, { db: database.db, clock, retentionDays: 30 });
  });
  afterEach(async () => {
    await queue.stop();
  });

  async function job(key: string, status: 'pending' | 'done' | 'failed', finishedDaysAgo: number) {
    const at = NOW - finishedDaysAgo * DAY_MS;
    await database.db
      .insertInto('jobs')
      .values({
        kind: 'mail.password_reset',
        unique_key: key,
        run_at: status === 'pending' ? NOW + DAY_MS : at,
        payload: JSON.stringify({ email: `${key}@example.com` }),
        status,
        attempts: 1,
        locked_until: 0,
        last_error: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  it('every night deletes done and failed jobs older than JOBS_RETENTION_DAYS, keeping pending and recent ones', async () => {
    await job('old-done', 'done', 31);
    await job('old-failed', 'failed', 40);
    await job('recent-done', 'done', 29);
    await job('waiting', 'pending', 90);
    await queue.scheduleRecurring();
    const scheduled = await database.db
      .selectFrom('jobs')
      .select(['unique_key', 'run_at'])
      .where('kind', '=', JOB_PURGE_JOB)
      .executeTakeFirstOrThrow();
    expect(scheduled.unique_key).toBe('jobs.purge@2026-11-23T03:15Z');

    clock.set(Number(scheduled.run_at));
    expect(await queue.runDue()).toBe(1);
    const left = await database.db.selectFrom('jobs').select(['unique_key', 'status']).orderBy('unique_key').execute();
    expect(left).toEqual([
      { unique_key: 'jobs.purge@2026-11-23T03:15Z', status: 'done' },
      { unique_key: 'jobs.purge@2026-11-24T03:15Z', status: 'pending' },
      { unique_key: 'recent-done', status: 'done' },
      { unique_key: 'waiting', status: 'pending' },
    ]);
  });
});
