import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS, adminJobsQuerySchema, type AdminJobsResponse } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { needs } from '../../http/access.js';
import { parseInput } from '../../http/validation.js';
import type { Clock } from './clock.js';
import type { JobQueue } from './job-queue.js';
import { jobsOverview } from './jobs.repository.js';

export interface JobsRoutesDeps {
  database: DatabaseHandle;
  clock: Clock;
  jobs: JobQueue;
}

/** The admin's view of the job queue, and running due jobs now. */
export function jobsRoutes({ database, clock, jobs }: JobsRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    const JOBS = needs(PERMISSIONS.adminJobs);

    app.get('/api/v1/admin/jobs', { config: JOBS }, async (request): Promise<AdminJobsResponse> => {
      const { limit } = parseInput(adminJobsQuerySchema, request.query, 'query');
      return jobsOverview(database.db, clock.now(), limit);
    });

    /** Runs due jobs now (the poller does this every JOBS_POLL_INTERVAL_MS). */
    app.post('/api/v1/admin/jobs/run', { config: JOBS }, async () => ({ ran: await jobs.runDue() }));
  };
}
