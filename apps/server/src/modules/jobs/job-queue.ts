import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from './clock.js';
import { occurrenceKey, type NextRunAt } from './schedules.js';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueueDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger?: JobLogger;
  /** How often a running job's claim is extended (wall-clock ms; default a third of the lock). */
  renewEveryMs?: number;
}

type Db = Kysely<Database>;

const LOCK_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const BATCH = 100;

/**
 * Durable scheduled work in the `jobs` table: it survives restarts, and with a claim lock
 * (locked_until) several server processes can poll the same database without running a job
 * twice at once. A unique key makes scheduling the same work twice a no-op. Handlers must be
 * idempotent: a crash between the work and "done" reruns it.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring = new Map<string, NextRunAt>();
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly logger: JobLogger | undefined;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly renewEveryMs: number;

  constructor(deps: JobQueueDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.logger = deps.logger;
    this.renewEveryMs = deps.renewEveryMs ?? LOCK_MS / 3;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * A recurring job: one pending occurrence at a time, run at `nextRunAt(now)` and keyed by
   * that time (`kind@2026-11-23T21:30Z`); when it finishes (or fails for good) the next one
   * is stored in the same transaction. The database holds one pending occurrence per kind,
   * so any number of processes may schedule it.
   */
  every(kind: string, nextRunAt: NextRunAt, handler: JobHandler): void {
    this.register(kind, handler);
    this.recurring.set(kind, nextRunAt);
  }

  /** Schedules a job once per unique key (a second call with the same key is a no-op). */
  async schedule(
    kind: string,
    uniqueKey: string,
    runAt: number,
    payload: Record<string, unknown>,
    db: Db = this.db,
  ): Promise<void> {
    const now = this.clock.now();
    await db
      .insertInto('jobs')
      .values(pendingRow({ kind, uniqueKey, runAt, payload, series: null, now }))
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .execute();
  }

  /**
   * Stores a job due now and runs the queue off the caller's path (a request answers without
   * waiting for it). A pass already under way may have listed due jobs before this one was
   * stored, so a second pass follows it.
   */
  async enqueueNow(kind: string, uniqueKey: string, payload: Record<string, unknown>): Promise<void> {
    await this.schedule(kind, uniqueKey, this.clock.now(), payload);
    void this.runDue()
      .then(() => this.runDue())
      .catch((error: unknown) => this.logger?.warn({ err: error, kind }, 'jobs: running a job now failed'));
  }

  /** Stores the next occurrence of every recurring job that has none pending. */
  async scheduleRecurring(): Promise<void> {
    const now = this.clock.now();
    for (const kind of this.recurring.keys()) await this.storeOccurrence(this.db, kind, now);
  }

  private async storeOccurrence(db: Db, kind: string, after: number): Promise<void> {
    const nextRunAt = this.recurring.get(kind);
    if (!nextRunAt) return;
    const runAt = nextRunAt(after);
    await db
      .insertInto('jobs')
      .values(pendingRow({ kind, uniqueKey: occurrenceKey(kind, runAt), runAt, payload: {}, series: kind, now: after }))
      // Either key: this occurrence exists, or another one of the series is pending.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Runs the due jobs (up to 100) once; returns how many ran. Concurrent calls share one run. */
  runDue(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (!this.running) {
      this.running = this.runDueOnce().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async runDueOnce(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where('locked_until', '<', now)
      .orderBy('run_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let ran = 0;
    for (const job of due) {
      // stop() lets the job in hand finish and leaves the rest for the next process to poll.
      if (this.stopped) break;
      const claimed = await this.db
        .updateTable('jobs')
        .set({ locked_until: now + LOCK_MS, attempts: job.attempts + 1, updated_at: now })
        .where('id', '=', job.id)
        .where('status', '=', 'pending')
        .where('locked_until', '=', job.locked_until)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      if (await this.runClaimed({ ...job, attempts: job.attempts + 1 }, now)) ran++;
    }
    return ran;
  }

  private async runClaimed(
    job: { id: number; kind: string; payload: string; attempts: number; series: string | null },
    claimedAt: number,
  ): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    // A job may run longer than its claim (a full data update on a slow provider): the claim
    // is extended while it runs, so no other process takes it over and runs it a second time.
    const renewal = setInterval(() => {
      this.db
        .updateTable('jobs')
        .set({ locked_until: this.clock.now() + LOCK_MS })
        .where('id', '=', job.id)
        .where('status', '=', 'pending')
        .execute()
        .catch((error: unknown) => this.logger?.warn({ job: job.id, err: error }, 'jobs: extending a claim failed'));
    }, this.renewEveryMs);
    renewal.unref();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(JSON.parse(job.payload) as Record<string, unknown>);
      clearInterval(renewal);
      await this.finish(job, { status: 'done', run_at: undefined, last_error: null });
      this.logger?.info({ job: job.id, kind: job.kind }, 'job done');
      return true;
    } catch (error) {
      clearInterval(renewal);
      const message = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= MAX_ATTEMPTS;
      // Back off 1, 2, 4, 8 minutes before giving up.
      const retryAt = claimedAt + 60_000 * 2 ** (job.attempts - 1);
      await this.finish(job, { status: failed ? 'failed' : 'pending', run_at: retryAt, last_error: message });
      this.logger?.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, err: error },
        failed ? 'job failed for good' : 'job failed; will retry',
      );
      return false;
    }
  }

  /** Records the outcome; a finished occurrence of a recurring job stores the next one with it. */
  private async finish(
    job: { id: number; series: string | null },
    outcome: { status: 'done' | 'failed' | 'pending'; run_at: number | undefined; last_error: string | null },
  ): Promise<void> {
    const now = this.clock.now();
    const update = (db: Db) =>
      db
        .updateTable('jobs')
        .set({
          status: outcome.status,
          locked_until: 0,
          last_error: outcome.last_error,
          updated_at: now,
          ...(outcome.run_at === undefined ? {} : { run_at: outcome.run_at }),
        })
        .where('id', '=', job.id)
        .execute();
    const series = job.series;
    if (series === null || outcome.status === 'pending') {
      await update(this.db);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await update(trx);
      await this.storeOccurrence(trx, series, now);
    });
  }

  /** Whether this process polls for due jobs (the server does; commands and tests run them by hand). */
  get polling(): boolean {
    return this.timer !== null;
  }

  /** Polls for due jobs (and keeps recurring ones scheduled); the timer never keeps the process alive. */
  start(intervalMs: number): void {
    this.stopped = false;
    if (this.timer || intervalMs <= 0) return;
    const tick = () => {
      this.scheduleRecurring()
        .then(() => this.runDue())
        .catch((error: unknown) => this.logger?.error({ err: error }, 'job poller failed'));
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops polling and waits for the job in hand (not for the rest of its batch); a stopped queue runs nothing until start(). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}

function pendingRow(input: {
  kind: string;
  uniqueKey: string;
  runAt: number;
  payload: Record<string, unknown>;
  series: string | null;
  now: number;
}) {
  return {
    kind: input.kind,
    unique_key: input.uniqueKey,
    run_at: input.runAt,
    payload: JSON.stringify(input.payload),
    status: 'pending' as const,
    attempts: 0,
    locked_until: 0,
    last_error: null,
    series: input.series,
    created_at: input.now,
    updated_at: input.now,
  };
}
