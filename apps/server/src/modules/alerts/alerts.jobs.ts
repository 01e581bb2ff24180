import type { Language } from '@solstice/contracts';
import { isoDate } from '@solstice/analytics';
import type { JobQueue } from '../jobs/job-queue.js';
import type { MailSender } from '../mail/mail-sender.js';
import type { MarketCache } from '../market/market-cache.js';
import { sendAlertDigest } from './alert-mail.js';
import {
  ALERT_DIGEST_JOB,
  ALERT_WEBHOOK_JOB,
  replaySession,
  runAlertEvaluation,
  type AlertEvaluationDeps,
} from './alert-evaluation.js';
import { deliverWebhook, type WebhookBatch } from './webhook.js';
import { pauseWebhook, sendWebhookPausedMail, WEBHOOK_PAUSED_MAIL_JOB } from './webhook-pause.js';

export const ALERT_EVALUATE_JOB = 'alerts.evaluate';

/** Sessions to catch up at most after a gap (a long outage, a large import): older ones are skipped. */
const CATCH_UP_SESSIONS = 5;

export interface AlertJobDeps extends AlertEvaluationDeps {
  mail: MailSender;
  appUrl: string;
  /** The language of digests to users who chose none (DEFAULT_LANGUAGE). */
  defaultLanguage?: Language;
  allowLocalWebhooks: boolean;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export function registerAlertJobs(jobs: JobQueue, deps: AlertJobDeps): void {
  jobs.register(ALERT_EVALUATE_JOB, async (payload) => {
    const barDate = String(payload.barDate);
    // The job may run in a process whose copy of the data has not caught up with the update yet.
    if ((deps.market.asOf() ?? '') < barDate) await deps.market.reload();
    const result = await runAlertEvaluation(deps, barDate);
    deps.log?.info(
      { barDate, alerts: result.alerts, triggers: result.triggers.length, recorded: result.recorded },
      'alerts: evaluated',
    );
  });
  jobs.register(
    ALERT_DIGEST_JOB,
    async (payload) => {
      await sendAlertDigest(deps, Number(payload.userId), String(payload.barDate));
    },
    'digests',
  );
  jobs.register(
    WEBHOOK_PAUSED_MAIL_JOB,
    async (payload) => {
      await sendWebhookPausedMail(deps, Number(payload.alertId));
    },
    'digests',
  );
  jobs.register(
    ALERT_WEBHOOK_JOB,
    async (payload, run) => {
      const batch = await webhookBatchOf(deps, payload);
      try {
        await deliverWebhook(
          { db: deps.db, appUrl: deps.appUrl, allowLocal: deps.allowLocalWebhooks, now: deps.now },
          batch,
        );
      } catch (error) {
        // The last retry failed too: pause the webhook and tell its owner, rather than call it on every session.
        if (run.final) await pauseWebhook(deps, batch, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    'deliveries',
  );
}

/** A delivery job's payload; one stored before deliveries were batched names a single trigger. */
async function webhookBatchOf(deps: AlertJobDeps, payload: Record<string, unknown>): Promise<WebhookBatch> {
  if (Array.isArray(payload.triggerIds))
    return {
      alertId: Number(payload.alertId),
      barDate: String(payload.barDate),
      triggerIds: payload.triggerIds.map(Number).filter(Number.isInteger),
    };
  const triggerId = Number(payload.triggerId);
  const row = await deps.db
    .selectFrom('alert_triggers')
    .select(['alert_id', 'bar_date'])
    .where('id', '=', Number.isInteger(triggerId) ? triggerId : -1)
    .executeTakeFirst();
  return { alertId: row ? Number(row.alert_id) : -1, barDate: row?.bar_date ?? '', triggerIds: row ? [triggerId] : [] };
}

/** The market's session date: the one the scanner shows (most symbols have a bar on it). */
function marketSession(market: MarketCache): string | null {
  return replaySession(market);
}

/** The data sessions after `after` up to `session`, newest last (at most CATCH_UP_SESSIONS). */
function sessionsSince(market: MarketCache, after: string | null, session: string): string[] {
  const all = new Set<number>();
  const to = Math.round(Date.parse(`${session}T00:00:00Z`) / 86_400_000);
  const from = after === null ? to : Math.round(Date.parse(`${after}T00:00:00Z`) / 86_400_000) + 1;
  for (const instrument of market.instruments()) {
    const dates = market.series(instrument.symbol)?.dates;
    if (!dates) continue;
    for (let i = dates.length - 1; i >= 0 && dates[i]! >= from; i--) if (dates[i]! <= to) all.add(dates[i]!);
  }
  return [...all]
    .sort((a, b) => a - b)
    .slice(-CATCH_UP_SESSIONS)
    .map(isoDate);
}

/**
 * After the data changed (an import, a sync, the daily update, another process's change):
 * one evaluation job per new session, keyed by the session, so any number of processes
 * seeing the same change schedule it once. Without any active alert the sessions are only
 * marked evaluated, so that an alert created later starts from the next new session.
 */
export async function scheduleAlertEvaluations(jobs: JobQueue, deps: AlertEvaluationDeps): Promise<string[]> {
  const session = marketSession(deps.market);
  if (session === null) return [];
  const last = await deps.db
    .selectFrom('alert_evaluations')
    .select((eb) => eb.fn.max('bar_date').as('last'))
    .executeTakeFirst();
  const lastDone = (last?.last as string | null | undefined) ?? null;
  if (lastDone !== null && lastDone >= session) return [];
  const sessions = sessionsSince(deps.market, lastDone, session);
  const active = await deps.db.selectFrom('alerts').select('id').where('paused', '=', 0).limit(1).executeTakeFirst();
  const now = deps.now();
  if (!active) {
    for (const barDate of sessions) {
      await deps.db
        .insertInto('alert_evaluations')
        .values({ bar_date: barDate, status: 'done', started_at: now, finished_at: now, alerts: 0, triggers: 0 })
        .onConflict((oc) => oc.column('bar_date').doNothing())
        .execute();
    }
    return [];
  }
  for (const barDate of sessions)
    await jobs.schedule(ALERT_EVALUATE_JOB, `${ALERT_EVALUATE_JOB}:${barDate}`, now, { barDate });
  if (jobs.polling) void jobs.runDue().catch(() => {});
  return sessions;
}
