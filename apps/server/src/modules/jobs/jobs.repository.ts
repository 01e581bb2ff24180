import { sql, type Kysely } from 'kysely';
import type { AdminJob, AdminJobsResponse } from '@solstice/contracts';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function toAdminJob(row: {
  id: number;
  kind: string;
  unique_key: string;
  status: AdminJob['status'];
  run_at: number;
  attempts: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}): AdminJob {
  return {
    id: Number(row.id),
    kind: row.kind,
    uniqueKey: row.unique_key,
    status: row.status,
    runAt: iso(row.run_at),
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const COLUMNS = [
  'id',
  'kind',
  'unique_key',
  'status',
  'run_at',
  'attempts',
  'last_error',
  'created_at',
  'updated_at',
] as const;

/** The admin's view of the queue: what is due, what gave up, what happened last, and counts. */
export async function jobsOverview(db: Db, now: number, limit: number): Promise<AdminJobsResponse> {
  const due = await db
    .selectFrom('jobs')
    .select(COLUMNS)
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const failed = await db
    .selectFrom('jobs')
    .select(COLUMNS)
    .where('status', '=', 'failed')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const recent = await db
    .selectFrom('jobs')
    .select(COLUMNS)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const byStatus = await db
    .selectFrom('jobs')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  const dueCount = await db
    .selectFrom('jobs')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .executeTakeFirst();
  const count = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return {
    due: due.map(toAdminJob),
    failed: failed.map(toAdminJob),
    recent: recent.map(toAdminJob),
    counts: { pending: count('pending'), due: Number(dueCount?.n ?? 0), done: count('done'), failed: count('failed') },
  };
}

/** Deletes finished jobs (done or failed) last changed before `before`; returns how many. */
export async function purgeFinishedJobs(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
