import type { Generated } from 'kysely';

export type JobStatus = 'pending' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  /** Unique over all rows (kept until purged): scheduling the same work twice is a no-op. */
  unique_key: string;
  run_at: number;
  status: JobStatus;
  attempts: number;
  locked_until: number;
  last_error: string | null;
  /**
   * The recurring schedule an occurrence belongs to (its kind), null for one-off jobs. At
   * most one pending row per series (a partial unique index): one next occurrence, however
   * many processes schedule it.
   */
  series: string | null;
  /** What the job's lane limits by (a webhook's receiving host); null for most jobs. */
  lane_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface JobTables {
  jobs: JobsTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends JobTables {}
}
