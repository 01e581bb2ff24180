import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HOUR_MS } from '../jobs/clock.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { everyInterval } from '../jobs/schedules.js';
import { purgeExpiredSessions } from './sessions.js';

export const SESSION_PURGE_JOB = 'sessions.purge';

/** Every hour, deletes expired sessions (an expired one is refused anyway; this keeps the table small). */
export function registerSessionPurge(jobs: JobQueue, db: Kysely<Database>): void {
  jobs.every(SESSION_PURGE_JOB, everyInterval(HOUR_MS), async () => {
    await purgeExpiredSessions(db);
  });
}
