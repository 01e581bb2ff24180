import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from './clock.js';
import type { JobsTable } from './jobs.tables.js';
import { occurrenceKey, type NextRunAt } from './schedules.js';

/** What a handler learns of its run: the attempt (from 1), and whether a failure now is the last. */
export interface JobRun {
  attempt: number;
  final: boolean;
}

export type JobHandler = (payload: Record<string, unknown>, run: JobRun) => Promise<void>;

/**
 * A lane runs its own kinds of job, beside the others: a slow job in one lane never holds up
 * another lane. `concurrency` jobs of a lane run at once, and at most `perKey` of them share a
 * key (a webhook's receiving host), so one slow receiver takes at most
 * `perKey` of the lane's places (jobs are given their key when scheduled).
 */
export interface LaneOptions {
  concurrency: number;
  perKey?: number;
}

/**
 * The lanes every process runs. `work` is the default (data updates, alert evaluation,
 * purges); the system's own mail (password resets), the alert digests and billing have their
 * own, so that none waits behind a long update, a thousand digests or a webhook that hangs;
 * deliveries run many at once (an outgoing request costs a socket and a timer), two per host
 * (the job's lane key), so a hundred receivers that hang still leave room for the others.
 */
export const LANES = {
  work: { concurrency: 1 },
  mail: { concurrency: 2 },
  digests: { concurrency: 4 },
  billing: { concurrency: 1 },
  deliveries: { concurrency: 128, perKey: 2 },
} satisfies Record<string, LaneOptions>;
export type LaneName = keyof typeof LANES;

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
export const MAX_ATTEMPTS = 5;
const BATCH = 100;

/**
 * Durable scheduled work in the `jobs` table: it survives restarts, and with a claim lock
 * (locked_until) several server processes can poll the same database without running a job
 * twice at once. A unique key makes scheduling the same work twice a no-op. Handlers must be
 * idempotent: a crash between the work and "done" reruns it.
 */
export class JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; lane: LaneName }>();
  private readonly recurring = new Map<string, NextRunAt>();
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly logger: JobLogger | undefined;
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Map<LaneName, Promise<number>>();
  private stopped = false;
  private readonly renewEveryMs: number;

  constructor(deps: JobQueueDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.logger = deps.logger;
    this.renewEveryMs = deps.renewEveryMs ?? LOCK_MS / 3;
  }

  /** A kind of job and its handler, run in `lane` (default `work`). */
  register(kind: string, handler: JobHandler, lane: LaneName = 'work'): void {
    this.handlers.set(kind, { handler, lane });
  }

  /**
   * A recurring job: one pending occurrence at a time, run at `nextRunAt(now)` and keyed by
   * that time (`kind@2026-11-23T21:30Z`); when it finishes (or fails for good) the next one
   * is stored in the same transaction. The database holds one pending occurrence per kind,
   * so any number of processes may schedule it.
   */
  every(kind: string, nextRunAt: NextRunAt, handler: JobHandler, lane: LaneName = 'work'): void {
    this.register(kind, handler, lane);
    this.recurring.set(kind, nextRunAt);
  }

  /**
   * Schedules a job once per unique key (a second call with the same key is a no-op). `laneKey`
   * is what its lane limits by (see LaneOptions.perKey).
   */
  async schedule(
    kind: string,
    uniqueKey: string,
    runAt: number,
    payload: Record<string, unknown>,
    db: Db = this.db,
    laneKey: string | null = null,
  ): Promise<void> {
    const now = this.clock.now();
    await db
      .insertInto('jobs')
      .values({ ...pendingRow({ kind, uniqueKey, runAt, payload, series: null, now }), lane_key: laneKey })
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .execute();
  }

  /**
   * Stores a job due now and runs the queue off the caller's path (a request answers without
   * waiting for it). A pass already under way in the job's lane may have listed due jobs before
   * this one was stored, so a second pass follows it.
   */
  async enqueueNow(kind: string, uniqueKey: string, payload: Record<string, unknown>): Promise<void> {
    await this.schedule(kind, uniqueKey, this.clock.now(), payload);
    const lane = this.laneOf(kind);
    void this.runLane(lane)
      .then(() => this.runLane(lane))
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

  private laneOf(kind: string): LaneName {
    return this.handlers.get(kind)?.lane ?? 'work';
  }

  /**
   * Runs every lane's due jobs until none is left due; returns how many ran. The lanes run side
   * by side; concurrent calls share each lane's run.
   */
  async runDue(): Promise<number> {
    const counts = await Promise.all((Object.keys(LANES) as LaneName[]).map((lane) => this.runLane(lane)));
    return counts.reduce((a, b) => a + b, 0);
  }

  private runLane(lane: LaneName): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    let run = this.running.get(lane);
    if (!run) {
      run = this.runLaneOnce(lane).finally(() => this.running.delete(lane));
      this.running.set(lane, run);
    }
    return run;
  }

  /** The kinds a lane lists: its own, or for `work` every kind no other lane has (unknown kinds fail there). */
  private laneFilter(lane: LaneName): { in: string[] } | { notIn: string[] } {
    const mine: string[] = [];
    const others: string[] = [];
    for (const [kind, entry] of this.handlers) (entry.lane === lane ? mine : others).push(kind);
    return lane === 'work' ? { notIn: others } : { in: mine };
  }

  /** Due jobs of a lane, oldest first, but for those of keys that have no place left. */
  private async dueJobs(lane: LaneName, now: number, fullKeys: string[]): Promise<Selectable<JobsTable>[]> {
    const filter = this.laneFilter(lane);
    if ('in' in filter && filter.in.length === 0) return [];
    let query = this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where('locked_until', '<', now);
    if ('in' in filter) query = query.where('kind', 'in', filter.in);
    else if (filter.notIn.length > 0) query = query.where('kind', 'not in', filter.notIn);
    if (fullKeys.length > 0)
      query = query.where((eb) => eb.or([eb('lane_key', 'is', null), eb('lane_key', 'not in', fullKeys)]));
    return query
      .orderBy('run_at')
      .orderBy('id')
      .limit(Math.max(BATCH, 2 * LANES[lane].concurrency))
      .execute();
  }

  /**
   * One lane's run: it starts due jobs while it has places (and their key has places), and
   * when one finishes it looks for due jobs again, so a job stored meanwhile does not wait for
   * the slowest one in hand. It ends when nothing runs and nothing more can start.
   */
  private async runLaneOnce(lane: LaneName): Promise<number> {
    const options: LaneOptions = LANES[lane];
    const active = new Map<number, string | null>();
    // Jobs another process claimed first, or that failed to start: not listed again this run.
    const passed = new Set<number>();
    let ran = 0;
    let finishedSinceLook = false;
    let wake: (() => void) | null = null;
    const onFinished = () => {
      finishedSinceLook = true;
      wake?.();
    };
    const sharing = (key: string) => [...active.values()].filter((k) => k === key).length;
    const fullKeys = () =>
      options.perKey === undefined
        ? []
        : [...new Set([...active.values()].filter((k): k is string => k !== null && sharing(k) >= options.perKey!))];
    while (!this.stopped) {
      finishedSinceLook = false;
      let started = 0;
      if (active.size < options.concurrency) {
        const now = this.clock.now();
        for (const job of await this.dueJobs(lane, now, fullKeys())) {
          if (this.stopped || active.size >= options.concurrency) break;
          if (active.has(job.id) || passed.has(job.id)) continue;
          const key = job.lane_key;
          if (key !== null && options.perKey !== undefined && sharing(key) >= options.perKey) continue;
          // stop() lets the jobs in hand finish and leaves the rest for the next process to poll.
          const claimed = await this.db
            .updateTable('jobs')
            .set({ locked_until: now + LOCK_MS, attempts: job.attempts + 1, updated_at: now })
            .where('id', '=', job.id)
            .where('status', '=', 'pending')
            .where('locked_until', '=', job.locked_until)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) {
            passed.add(job.id);
            continue;
          }
          started++;
          active.set(job.id, key);
          void this.runClaimed({ ...job, attempts: job.attempts + 1 }, now)
            .then((ok) => {
              if (ok) ran++;
            })
            .finally(() => {
              active.delete(job.id);
              onFinished();
            });
        }
      }
      if (active.size === 0 && started === 0) break;
      if (!finishedSinceLook) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    }
    while (active.size > 0) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    return ran;
  }

  private async runClaimed(
    job: { id: number; kind: string; payload: string; attempts: number; series: string | null },
    claimedAt: number,
  ): Promise<boolean> {
    const entry = this.handlers.get(job.kind);
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
    const final = job.attempts >= MAX_ATTEMPTS;
    try {
      if (!entry) throw new Error(`no handler for job kind ${job.kind}`);
      await entry.handler(parsePayload(job.payload), { attempt: job.attempts, final });
      clearInterval(renewal);
      await this.finish(job, { status: 'done', run_at: undefined, last_error: null });
      this.logger?.info({ job: job.id, kind: job.kind }, 'job done');
      return true;
    } catch (error) {
      clearInterval(renewal);
      const message = error instanceof Error ? error.message : String(error);
      // Back off 1, 2, 4, 8 minutes before giving up.
      const retryAt = claimedAt + 60_000 * 2 ** (job.attempts - 1);
      await this.finish(job, { status: final ? 'failed' : 'pending', run_at: retryAt, last_error: message });
      this.logger?.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, err: error },
        final ? 'job failed for good' : 'job failed; will retry',
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

  /** Stops polling and waits for the jobs in hand (not for the rest of their lanes' due jobs); a stopped queue runs nothing until start(). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.running.values()].map((run) => run.catch(() => undefined)));
  }
}

function parsePayload(payload: string): Record<string, unknown> {
  return JSON.parse(payload) as Record<string, unknown>;
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
    lane_key: null,
    created_at: input.now,
    updated_at: input.now,
  };
}
