import {
  alertTablesSteps,
  dayNumber,
  hasBarOn,
  compileScan,
  isoDate,
  marketSessionMembers,
  scanDate,
  prepareAlertsAsOf,
  ScanExpressionError,
  type AlertSpec,
  type AlertTrigger,
  type CompiledScan,
} from '@solstice/analytics';
import { ALERT_LIMITS, NOTICE_SYMBOL, isSubscriberContact, type TriggerDetail } from '@solstice/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getContactForUser } from '../contacts/contacts.repository.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { MarketCache } from '../market/market-cache.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import { activeAlertRows, seasonalParamsOf, type AlertRow } from './alerts.repository.js';
import type { AlertTriggersTable } from './alerts.tables.js';
import { describeTrigger } from './trigger-message.js';
import { triggerText } from './trigger-words.js';
import { deliveryId, webhookHost } from './webhook.js';

type Db = Kysely<Database>;

export const ALERT_DIGEST_JOB = 'alerts.digest';
export const ALERT_WEBHOOK_JOB = 'alerts.webhook';

export interface AlertEvaluationDeps {
  db: Db;
  market: MarketCache;
  jobs: JobQueue;
  now: () => number;
  /** ALERT_SYMBOLS_PER_ACCOUNT (default ALERT_LIMITS.symbolsPerAccount). */
  symbolsPerAccount?: number;
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

/**
 * The session alerts are evaluated at for the calendar date `date` (YYYY-MM-DD): the scanner's
 * date M of a scan as of it (scanDate: a weekend or a holiday gives the session before, a date
 * after the last bar the market's session), so a replay and a scan as of the same date agree.
 * Without a date, the market's session. Null when no symbol has a bar on or before it.
 */
export function replaySession(market: MarketCache, date?: string): string | null {
  const withBars = market.instruments().flatMap((instrument) => {
    const series = market.series(instrument.symbol);
    return series && series.dates.length > 0 ? [{ instrument, series }] : [];
  });
  // the NYSE universe's date, as the scanner's (§15.4)
  const dates = marketSessionMembers(withBars).map((u) => u.series.dates);
  const day = scanDate(dates, date === undefined ? undefined : dayNumber(date));
  return day === null ? null : isoDate(day);
}

/** Where a long evaluation is: alerts evaluated, then trigger rows written (inside the transaction). */
export interface AlertProgress {
  phase: 'evaluating' | 'recording';
  done: number;
  total: number;
}

/**
 * The work between two yields to the event loop, in symbol evaluations: a seasonal window
 * search costs about a third of a millisecond a symbol; a scan alert, which may fire on the
 * whole market and word each firing symbol's values, counts as ten; a condition's lookup
 * next to nothing.
 */
const STEP_COST = 50;
const COST = { scan: 10, condition: 0.05, seasonal: 1 } as const;

/**
 * The alerts cut into steps of about STEP_COST: an alert on a long watchlist is split by its
 * symbols (sorted, so that its triggers still come in symbol order, alert by alert).
 */
export function evaluationSteps(specs: readonly AlertSpec[]): { alerts: AlertSpec[]; done: number }[] {
  const steps: { alerts: AlertSpec[]; done: number }[] = [];
  let current: AlertSpec[] = [];
  let cost = 0;
  const close = (done: number) => {
    if (current.length > 0) steps.push({ alerts: current, done });
    current = [];
    cost = 0;
  };
  specs.forEach((spec, index) => {
    if (spec.kind === 'scan') {
      current.push(spec);
      cost += COST.scan;
    } else {
      const symbols = [...new Set(spec.symbols)].sort();
      const per = Math.max(1, Math.floor(STEP_COST / COST[spec.kind]));
      for (let from = 0; from < symbols.length;) {
        const room = Math.max(1, Math.floor((STEP_COST - cost) / COST[spec.kind]));
        const take = Math.min(room, per, symbols.length - from);
        current.push({ ...spec, symbols: symbols.slice(from, from + take) });
        cost += take * COST[spec.kind];
        from += take;
        if (cost >= STEP_COST && from < symbols.length) close(index);
      }
    }
    if (cost >= STEP_COST) close(index + 1);
  });
  close(specs.length);
  return steps;
}
/** Alerts (or accounts) read between two yields to the event loop. */
const RESOLVE_STEP = 50;
/** Trigger rows per INSERT (well under SQLite's and PostgreSQL's bound-parameter limits). */
const INSERT_BATCH = 200;
/** Symbols a summary notification lists by name (its count says how many in all). */
const MORE_LISTED = 100;

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
  const lists = new Map<string, Promise<string[] | null>>();
  // An account's watched symbols count in the order its alerts were made: those beyond the limit wait, paused.
  const limit = deps.symbolsPerAccount ?? ALERT_LIMITS.symbolsPerAccount;
  const watched = new Map<number, number>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    // SQLite answers synchronously: a thousand reads in a row would hold the event loop.
    if (i % RESOLVE_STEP === RESOLVE_STEP - 1) await yieldToEventLoop();
    const resolved = await resolveAlert(db, market, row, compiled, lists);
    if ('reason' in resolved) {
      paused.push({ alertId: Number(row.id), reason: resolved.reason });
      continue;
    }
    const spec = resolved.spec;
    if (spec.kind !== 'scan') {
      const total = (watched.get(row.user_id) ?? 0) + new Set(spec.symbols).size;
      if (total > limit) {
        paused.push({ alertId: Number(row.id), reason: overLimitReason(limit) });
        continue;
      }
      watched.set(row.user_id, total);
    }
    specs.push(spec);
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
  const tableSteps = alertTablesSteps(
    universe,
    asOf,
    specs.some((s) => s.kind !== 'seasonal'),
  );
  let step = tableSteps.next();
  while (!step.done) {
    await yieldToEventLoop();
    step = tableSteps.next();
  }
  const prepared = prepareAlertsAsOf(universe, asOf, true, step.value);
  const triggers: AlertTrigger[] = [];
  const steps = evaluationSteps(specs);
  for (let i = 0; i < steps.length; i++) {
    triggers.push(...prepared.evaluate(steps[i]!.alerts));
    options.onProgress?.({ phase: 'evaluating', done: steps[i]!.done, total: specs.length });
    if (i + 1 < steps.length) await yieldToEventLoop();
  }
  const recorded = await recordTriggers(deps, rows, triggers, asOf, options.deliver ?? true, options.onProgress);
  return { asOf, previous: prepared.previous, alerts: specs.length, triggers, recorded, paused };
}

export function overLimitReason(limit: number): string {
  return `Your alerts would watch more than ${limit} symbols, the most an account can watch: remove symbols from its watchlist or delete another alert, then resume it.`;
}

/** Alerts are a subscriber feature: the alerts of an account that lost it wait, unpaused, until it returns. */
async function eligibleRows(db: Db, rows: AlertRow[]): Promise<AlertRow[]> {
  const users = [...new Set(rows.map((r) => r.user_id))];
  const allowed = new Set<number>();
  for (const [i, userId] of users.entries()) {
    if (i % RESOLVE_STEP === RESOLVE_STEP - 1) await yieldToEventLoop();
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
  lists: Map<string, Promise<string[] | null>>,
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
    // A watchlist several alerts watch is read once per evaluation.
    const key = `${row.user_id}:${Number(row.watchlist_id)}`;
    let list = lists.get(key);
    if (!list) {
      list = getWatchlist(db, row.user_id, Number(row.watchlist_id)).then((w) =>
        w ? w.symbols.map((s) => s.sym) : null,
      );
      lists.set(key, list);
    }
    const read = await list;
    if (!read) return { reason: 'Its watchlist was deleted.' };
    symbols = read;
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

/** A notification row before it is stored. */
type TriggerRow = Omit<Insertable<AlertTriggersTable>, 'id'>;

/**
 * The rows an evaluation stores: each alert's first `notificationsPerSession` triggers (in
 * symbol order), and when more fired, one more row that counts and lists the rest.
 */
export function* notificationRows(
  triggers: readonly AlertTrigger[],
  byId: ReadonlyMap<number, AlertRow>,
  asOf: string,
  now: number,
): Generator<TriggerRow, void, void> {
  const cap = ALERT_LIMITS.notificationsPerSession;
  for (let i = 0; i < triggers.length;) {
    const alertId = triggers[i]!.alertId;
    let end = i;
    while (end < triggers.length && triggers[end]!.alertId === alertId) end++;
    const alert = byId.get(alertId)!;
    for (const trigger of triggers.slice(i, Math.min(end, i + cap))) {
      const { message, link, detail } = describeTrigger(trigger, alert);
      yield {
        alert_id: alertId,
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
    }
    if (end - i > cap) {
      const rest = triggers.slice(i + cap, end).map((t) => t.symbol);
      const detail: TriggerDetail = { more: rest.length, symbols: rest.slice(0, MORE_LISTED) };
      yield {
        alert_id: alertId,
        user_id: alert.user_id,
        symbol: NOTICE_SYMBOL.more,
        bar_date: asOf,
        event: 'more',
        message: triggerText('en', {
          symbol: NOTICE_SYMBOL.more,
          barDate: asOf,
          event: 'more',
          alertName: alert.name,
          detail,
        }),
        detail: JSON.stringify(detail),
        link: `/alerts?alert=${alertId}`,
        read_at: null,
        created_at: now,
      };
    }
    i = end;
  }
}

/** How many rows notificationRows makes of these triggers (grouped by alert, as they come). */
function countNotificationRows(triggers: readonly AlertTrigger[]): number {
  const cap = ALERT_LIMITS.notificationsPerSession;
  let rows = 0;
  for (let i = 0; i < triggers.length;) {
    let end = i;
    while (end < triggers.length && triggers[end]!.alertId === triggers[i]!.alertId) end++;
    rows += end - i > cap ? cap + 1 : end - i;
    i = end;
  }
  return rows;
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
    // Worded a batch at a time (hundreds of thousands of rows on a broad day), a turn of the event loop between.
    const rowsOf = notificationRows(triggers, byId, asOf, now);
    const total = countNotificationRows(triggers);
    const lastFired = new Map<number, string>();
    // What this run recorded of each alert with a webhook: one delivery each.
    const deliveries = new Map<number, number[]>();
    for (let done = 0; ;) {
      const batch: TriggerRow[] = [];
      for (let next = rowsOf.next(); !next.done; next = rowsOf.next()) {
        batch.push(next.value);
        if (batch.length === INSERT_BATCH) break;
      }
      if (batch.length === 0) break;
      // Only the rows not recorded before come back: the unique key skips the rest.
      const inserted = await trx
        .insertInto('alert_triggers')
        .values(batch)
        .onConflict((oc) => oc.columns(['alert_id', 'symbol', 'bar_date']).doNothing())
        .returning(['id', 'alert_id', 'message', 'event'])
        .execute();
      recorded += inserted.length;
      done += batch.length;
      onProgress?.({ phase: 'recording', done, total });
      // SQLite answers synchronously: without a turn of the event loop, thousands of rows hold it.
      await yieldToEventLoop();
      for (const row of inserted) {
        const alertId = Number(row.alert_id);
        const alert = byId.get(alertId)!;
        if (row.event !== 'more') lastFired.set(alertId, row.message);
        if (!deliver) continue;
        if (alert.mail === 1) digestUsers.add(alert.user_id);
        if (alert.webhook_url && alert.webhook_paused_at === null) {
          const ids = deliveries.get(alertId) ?? [];
          ids.push(Number(row.id));
          deliveries.set(alertId, ids);
        }
      }
    }
    for (const [alertId, triggerIds] of deliveries) {
      const batch = { alertId, barDate: asOf, triggerIds };
      await deps.jobs.schedule(
        ALERT_WEBHOOK_JOB,
        `${ALERT_WEBHOOK_JOB}:${deliveryId(batch)}`,
        now,
        batch,
        trx,
        webhookHost(byId.get(alertId)!.webhook_url!),
      );
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
