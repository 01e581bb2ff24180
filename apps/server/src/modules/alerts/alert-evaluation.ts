import {
  alertTablesSteps,
  dayNumber,
  hasBarOn,
  compileScan,
  prepareAlertsAsOf,
  ScanExpressionError,
  type AlertSpec,
  type AlertTrigger,
  type CompiledScan,
} from '@solstice/analytics';
import { isSubscriberContact } from '@solstice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { MarketCache } from '../market/market-cache.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import { activeAlertRows, seasonalParamsOf, type AlertRow } from './alerts.repository.js';
import { describeTrigger } from './trigger-message.js';

type Db = Kysely<Database>;

export const ALERT_DIGEST_JOB = 'alerts.digest';
export const ALERT_WEBHOOK_JOB = 'alerts.webhook';

export interface AlertEvaluationDeps {
  db: Db;
  market: MarketCache;
  jobs: JobQueue;
  now: () => number;
}

export interface AlertRunResult {
  asOf: string;
  previous: string | null;
  alerts: number;
  /** Every trigger of the evaluation, in alert then symbol order (recorded now or before). */
  triggers: AlertTrigger[];
  /** How many of them were recorded by this run (the rest were already). */
  recorded: number;
  /** Alerts paused because their watchlist, symbol or expression no longer works. */
  paused: { alertId: number; reason: string }[];
}

export class AlertRunError extends Error {}

/** Where a long evaluation is: alerts evaluated, then trigger rows written (inside the transaction). */
export interface AlertProgress {
  phase: 'evaluating' | 'recording';
  done: number;
  total: number;
}

/** Alerts evaluated between two yields to the event loop. */
const CHUNK = 250;
/** Trigger rows per INSERT (well under SQLite's and PostgreSQL's bound-parameter limits). */
const INSERT_BATCH = 200;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Evaluates every active alert as of the session `asOf` and records what fired, exactly once
 * per (alert, symbol, bar date): the triggers, the alerts' last-fired fields and the delivery
 * jobs (digest, webhooks) go in one transaction, and a trigger already recorded (a retried
 * job, a replay, another process) is skipped by the unique constraint with its deliveries.
 */
export async function runAlertEvaluation(
  deps: AlertEvaluationDeps,
  asOf: string,
  options: { deliver?: boolean; onProgress?: (progress: AlertProgress) => void } = {},
): Promise<AlertRunResult> {
  const { db, market } = deps;
  const universe = market.instruments().map((instrument) => ({ instrument, series: market.series(instrument.symbol) }));
  const day = dayNumber(asOf);
  if (!universe.some((u) => u.series && hasBarOn(u.series, day)))
    throw new AlertRunError(`no market data has a bar on ${asOf}: give a session date the data holds`);

  const rows = await eligibleRows(db, await activeAlertRows(db));
  const specs: AlertSpec[] = [];
  const paused: AlertRunResult['paused'] = [];
  const compiled = new Map<string, CompiledScan>();
  for (const row of rows) {
    const resolved = await resolveAlert(db, market, row, compiled);
    if ('reason' in resolved) paused.push({ alertId: Number(row.id), reason: resolved.reason });
    else specs.push(resolved.spec);
  }
  for (const p of paused) {
    await db
      .updateTable('alerts')
      .set({ paused: 1, paused_reason: p.reason, updated_at: deps.now() })
      .where('id', '=', p.alertId)
      .execute();
  }

  // The two field tables cost seconds of CPU on a long history: built in steps, with a yield
  // between, so that requests keep being answered meanwhile.
  const steps = alertTablesSteps(
    universe,
    asOf,
    specs.some((s) => s.kind !== 'seasonal'),
  );
  let step = steps.next();
  while (!step.done) {
    await yieldToEventLoop();
    step = steps.next();
  }
  const prepared = prepareAlertsAsOf(universe, asOf, true, step.value);
  const triggers: AlertTrigger[] = [];
  for (let i = 0; i < specs.length; i += CHUNK) {
    triggers.push(...prepared.evaluate(specs.slice(i, i + CHUNK)));
    options.onProgress?.({ phase: 'evaluating', done: Math.min(i + CHUNK, specs.length), total: specs.length });
    if (i + CHUNK < specs.length) await yieldToEventLoop();
  }
  const recorded = await recordTriggers(deps, rows, triggers, asOf, options.deliver ?? true, options.onProgress);
  return { asOf, previous: prepared.previous, alerts: specs.length, triggers, recorded, paused };
}

/** Alerts are a subscriber feature: the alerts of an account that lost it wait, unpaused, until it returns. */
async function eligibleRows(db: Db, rows: AlertRow[]): Promise<AlertRow[]> {
  const users = [...new Set(rows.map((r) => r.user_id))];
  const allowed = new Set<number>();
  for (const userId of users) {
    const user = await db.selectFrom('users').select(['role']).where('id', '=', userId).executeTakeFirst();
    if (!user) continue;
    if (user.role === 'admin' || isSubscriberContact(await getContactForUser(db, userId))) allowed.add(userId);
  }
  return rows.filter((r) => allowed.has(r.user_id));
}

type Resolved = { spec: AlertSpec } | { reason: string };

async function resolveAlert(
  db: Db,
  market: MarketCache,
  row: AlertRow,
  compiled: Map<string, CompiledScan>,
): Promise<Resolved> {
  const id = Number(row.id);
  let scan: CompiledScan | null = null;
  if (row.kind !== 'seasonal') {
    const expression = row.expression ?? '';
    scan = compiled.get(expression) ?? null;
    if (!scan) {
      try {
        scan = compileScan(expression);
      } catch (error) {
        if (error instanceof ScanExpressionError) return { reason: `The expression no longer works: ${error.message}` };
        throw error;
      }
      compiled.set(expression, scan);
    }
    if (row.kind === 'scan') return { spec: { id, kind: 'scan', scan, onExit: row.on_exit === 1 } };
  }
  let symbols: string[];
  if (row.watchlist_id !== null) {
    const list = await getWatchlist(db, row.user_id, Number(row.watchlist_id));
    if (!list) return { reason: 'Its watchlist was deleted.' };
    symbols = list.symbols.map((s) => s.sym);
  } else {
    const symbol = row.symbol ?? '';
    if (!market.instrument(symbol)) return { reason: `${symbol} is no longer in the market data.` };
    symbols = [symbol];
  }
  if (row.kind === 'condition') return { spec: { id, kind: 'condition', scan: scan!, symbols } };
  const params = seasonalParamsOf(row);
  if (!params) return { reason: 'Its seasonal criteria could not be read.' };
  const years = {
    from: params.from,
    to: params.to,
    cycle: params.cycle,
    parity: params.parity,
    exclude: params.exclude,
  };
  const bounds = {
    leadDays: params.leadDays,
    minWinRate: params.minWinRate ?? 0,
    minYears: params.minYears ?? 1,
    maxPValue: params.maxPValue ?? null,
    maxQValue: params.maxQValue ?? null,
    years,
  };
  if (params.window) return { spec: { id, kind: 'seasonal', symbols, criteria: { ...bounds, window: params.window } } };
  if (params.minDays === undefined || params.maxDays === undefined || params.direction === undefined)
    return { reason: 'Its seasonal criteria could not be read.' };
  return {
    spec: {
      id,
      kind: 'seasonal',
      symbols,
      criteria: { ...bounds, minDays: params.minDays, maxDays: params.maxDays, direction: params.direction },
    },
  };
}

async function recordTriggers(
  deps: AlertEvaluationDeps,
  rows: AlertRow[],
  triggers: AlertTrigger[],
  asOf: string,
  deliver: boolean,
  onProgress?: (progress: AlertProgress) => void,
): Promise<number> {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const now = deps.now();
  let recorded = 0;
  await deps.db.transaction().execute(async (trx) => {
    const digestUsers = new Set<number>();
    const rowsOf = triggers.map((trigger) => {
      const alert = byId.get(trigger.alertId)!;
      const { message, link, detail } = describeTrigger(trigger, alert);
      return {
        alert_id: trigger.alertId,
        user_id: alert.user_id,
        symbol: trigger.symbol,
        bar_date: trigger.barDate,
        event: trigger.event,
        message,
        detail: JSON.stringify(detail),
        link,
        read_at: null,
        created_at: now,
      };
    });
    const lastFired = new Map<number, string>();
    for (let i = 0; i < rowsOf.length; i += INSERT_BATCH) {
      // Only the rows not recorded before come back: the unique key skips the rest.
      const inserted = await trx
        .insertInto('alert_triggers')
        .values(rowsOf.slice(i, i + INSERT_BATCH))
        .onConflict((oc) => oc.columns(['alert_id', 'symbol', 'bar_date']).doNothing())
        .returning(['id', 'alert_id', 'message'])
        .execute();
      recorded += inserted.length;
      onProgress?.({ phase: 'recording', done: Math.min(i + INSERT_BATCH, rowsOf.length), total: rowsOf.length });
      for (const row of inserted) {
        const alertId = Number(row.alert_id);
        const alert = byId.get(alertId)!;
        lastFired.set(alertId, row.message);
        if (!deliver) continue;
        if (alert.mail === 1) digestUsers.add(alert.user_id);
        if (alert.webhook_url)
          await deps.jobs.schedule(
            ALERT_WEBHOOK_JOB,
            `${ALERT_WEBHOOK_JOB}:${row.id}`,
            now,
            { triggerId: Number(row.id) },
            trx,
          );
      }
    }
    for (const [alertId, message] of lastFired) {
      await trx
        .updateTable('alerts')
        .set({ last_fired_at: now, last_fired_bar_date: asOf, last_fired_message: message })
        .where('id', '=', alertId)
        .execute();
    }
    for (const userId of digestUsers)
      await deps.jobs.schedule(
        ALERT_DIGEST_JOB,
        `${ALERT_DIGEST_JOB}:${userId}:${asOf}`,
        now,
        { userId, barDate: asOf },
        trx,
      );
    await trx
      .insertInto('alert_evaluations')
      .values({
        bar_date: asOf,
        status: 'done',
        started_at: now,
        finished_at: deps.now(),
        alerts: rows.length,
        triggers: recorded,
      })
      .onConflict((oc) =>
        oc.column('bar_date').doUpdateSet((eb) => ({
          status: 'done',
          finished_at: deps.now(),
          alerts: rows.length,
          triggers: eb(eb.ref('alert_evaluations.triggers'), '+', recorded),
        })),
      )
      .execute();
  });
  return recorded;
}
