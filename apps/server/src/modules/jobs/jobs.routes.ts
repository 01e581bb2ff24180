import type { FastifyPluginAsync } from 'fastify';
import { PERMISSIONS } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { needs } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
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
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const JOBS = needs(PERMISSIONS.adminJobs);

    route('adminJobs', JOBS, async (request) => jobsOverview(database.db, clock.now(), request.query.limit));

    route('adminJobsRun', JOBS, async () => ({
      ran: await jobs.runDue(),
    }));
  };
}
