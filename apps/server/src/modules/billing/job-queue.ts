import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from './clock.js';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LOCK_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/**
 * Durable scheduled work in the `jobs` table: it survives restarts, and with a claim lock
 * (locked_until) several server processes can poll the same database without running a job
 * twice at once. Handlers must be idempotent: a crash between the work and "done" reruns it.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => Clock,
    private readonly logger: () => JobLogger | undefined,
  ) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Schedules a job once per unique key (a second call with the same key is a no-op). */
  async schedule(
    kind: string,
    uniqueKey: string,
    runAt: number,
    payload: Record<string, unknown>,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    const now = this.clock().now();
    await db
      .insertInto('jobs')
      .values({
        kind,
        unique_key: uniqueKey,
        run_at: runAt,
        payload: JSON.stringify(payload),
        status: 'pending',
        attempts: 0,
        locked_until: 0,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .execute();
  }

  /** Runs every due job once; returns how many ran. Concurrent calls share one run. */
  runDue(): Promise<number> {
    if (!this.running) {
      this.running = this.runDueOnce().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async runDueOnce(): Promise<number> {
    const now = this.clock().now();
    const due = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where('locked_until', '<', now)
      .orderBy('run_at')
      .orderBy('id')
      .limit(100)
      .execute();
    let ran = 0;
    for (const job of due) {
      const claimed = await this.db
        .updateTable('jobs')
        .set({ locked_until: now + LOCK_MS, attempts: job.attempts + 1, updated_at: now })
        .where('id', '=', job.id)
        .where('status', '=', 'pending')
        .where('locked_until', '=', job.locked_until)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(JSON.parse(job.payload) as Record<string, unknown>);
        await this.db
          .updateTable('jobs')
          .set({ status: 'done', locked_until: 0, last_error: null, updated_at: this.clock().now() })
          .where('id', '=', job.id)
          .execute();
        ran++;
        this.logger()?.info({ job: job.id, kind: job.kind }, 'job done');
      } catch (error) {
        const attempts = job.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        const failed = attempts >= MAX_ATTEMPTS;
        // Back off 1, 2, 4, 8 minutes before giving up.
        await this.db
          .updateTable('jobs')
          .set({
            status: failed ? 'failed' : 'pending',
            locked_until: 0,
            run_at: now + 60_000 * 2 ** (attempts - 1),
            last_error: message,
            updated_at: this.clock().now(),
          })
          .where('id', '=', job.id)
          .execute();
        this.logger()?.warn(
          { job: job.id, kind: job.kind, attempts, err: error },
          failed ? 'job failed for good' : 'job failed; will retry',
        );
      }
    }
    return ran;
  }

  /** Polls for due jobs; the timer is unref'd so it never keeps the process alive. */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.logger()?.error({ err: error }, 'job poller failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
