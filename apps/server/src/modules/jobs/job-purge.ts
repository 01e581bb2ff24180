import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DAY_MS, type Clock } from './clock.js';
import type { JobLogger, JobQueue } from './job-queue.js';
import { purgeFinishedJobs } from './jobs.repository.js';
import { dailyAt } from './schedules.js';

export const JOB_PURGE_JOB = 'jobs.purge';

/**
 * Every night, deletes jobs that finished more than `retentionDays` ago: their payloads hold
 * e-mail addresses, and a finished job is only history. A unique key is therefore unique
 * within the retention window.
 */
export function registerJobPurge(
  jobs: JobQueue,
  deps: { db: Kysely<Database>; clock: Clock; retentionDays: number; logger?: JobLogger },
): void {
  jobs.every(JOB_PURGE_JOB, dailyAt(3, 15), async () => {
    const deleted = await purgeFinishedJobs(deps.db, deps.clock.now() - deps.retentionDays * DAY_MS);
    if (deleted > 0) deps.logger?.info({ deleted }, 'jobs: purged finished jobs');
  });
}
