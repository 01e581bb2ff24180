import { compileScan, ScanExpressionError } from '@solstice/analytics';
import {
  alertCreateSchema,
  type Alert,
  type AlertCreate,
  type AlertPatch,
  type SeasonalAlertParams,
} from '@solstice/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, validationFailed } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import type { MarketCache } from '../market/market-cache.js';
import { getWatchlist } from '../watchlists/watchlists.repository.js';
import type { AlertsTable } from './alerts.tables.js';
import { webhookTargetProblem } from './webhook-target.js';

type Db = Kysely<Database>;

/**
 * The expression compiles; otherwise a 400 that names the position and what was expected there.
 * With the market, a symbol rs() names must be one of its symbols (in any case).
 */
export function checkExpression(expression: string, market?: MarketCache): void {
  const resolveSymbol = market
    ? (symbol: string) => market.instruments().find((i) => i.symbol.toLowerCase() === symbol.toLowerCase())?.symbol
    : undefined;
  try {
    compileScan(expression, resolveSymbol ? { resolveSymbol } : {});
  } catch (error) {
    if (error instanceof ScanExpressionError) {
      throw badRequest(`Invalid body.expression: ${error.message}`, {
        path: 'body.expression',
        position: error.position,
        ...(error.expected ? { expected: error.expected } : {}),
      });
    }
    throw error;
  }
}

const issue = (path: string, message: string) => validationFailed(`Invalid ${path}: ${message}`, [{ path, message }]);

/** Everything the schema cannot know: the expression, the symbol, the watchlist and the webhook target. */
export async function checkAlert(
  deps: { db: Db; market: MarketCache; allowLocalWebhooks: boolean },
  userId: number,
  alert: AlertCreate,
): Promise<void> {
  if (alert.kind !== 'seasonal') checkExpression(alert.expression, deps.market);
  if (alert.kind !== 'scan') {
    if (alert.symbol !== undefined && !deps.market.instrument(alert.symbol))
      throw issue('body.symbol', `unknown symbol "${alert.symbol}"`);
    if (alert.watchlistId !== undefined && !(await getWatchlist(deps.db, userId, alert.watchlistId)))
      throw issue('body.watchlistId', 'no such watchlist');
  }
  if (alert.webhookUrl) {
    const problem = await webhookTargetProblem(alert.webhookUrl, deps.allowLocalWebhooks);
    if (problem) throw issue('body.webhookUrl', problem);
  }
}

/** The columns of an alert (a new one, or one after a change). */
export function alertColumns(
  alert: AlertCreate,
): Omit<Insertable<AlertsTable>, 'user_id' | 'created_at' | 'updated_at'> {
  const target =
    alert.kind === 'scan'
      ? { symbol: null, watchlist_id: null }
      : { symbol: alert.symbol ?? null, watchlist_id: alert.watchlistId ?? null };
  return {
    name: alert.name,
    kind: alert.kind,
    expression: alert.kind === 'seasonal' ? null : alert.expression,
    on_exit: alert.kind === 'scan' && alert.onExit ? 1 : 0,
    ...target,
    params:
      alert.kind === 'seasonal'
        ? JSON.stringify({
            leadDays: alert.leadDays,
            // One window, or the rule's lengths and direction (JSON.stringify leaves out the undefined ones).
            window: alert.window,
            minDays: alert.minDays,
            maxDays: alert.maxDays,
            minWinRate: alert.minWinRate,
            minYears: alert.minYears,
            maxPValue: alert.maxPValue ?? null,
            maxQValue: alert.maxQValue ?? null,
            direction: alert.direction,
            // The year set: only the fields given.
            from: alert.from,
            to: alert.to,
            cycle: alert.cycle,
            parity: alert.parity,
            exclude: alert.exclude,
          } satisfies SeasonalAlertParams)
        : null,
    paused: alert.paused ? 1 : 0,
    mail: alert.mail === false ? 0 : 1,
    webhook_url: alert.webhookUrl ?? null,
  };
}

const NULLABLE_KEYS = new Set([
  'symbol',
  'watchlistId',
  'from',
  'to',
  'cycle',
  'parity',
  'exclude',
  'window',
  'minDays',
  'maxDays',
  'minWinRate',
  'minYears',
  'direction',
]);
/** The rule's parts a window replaces. */
const RULE_KEYS = ['minDays', 'maxDays', 'direction'] as const;

/** The stored alert with a change applied, validated as a whole (as if it were new). */
export function mergePatch(current: Alert, patch: AlertPatch): AlertCreate {
  const base: Record<string, unknown> = {
    name: current.name,
    kind: current.kind,
    paused: current.paused,
    mail: current.mail,
    webhookUrl: current.webhookUrl,
  };
  if (current.kind !== 'seasonal') base.expression = current.expression;
  if (current.kind === 'scan') base.onExit = current.onExit;
  if (current.kind !== 'scan') {
    if (current.symbol !== null) base.symbol = current.symbol;
    if (current.watchlistId !== null) base.watchlistId = current.watchlistId;
  }
  if (current.kind === 'seasonal' && current.seasonal) Object.assign(base, current.seasonal);
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    // Not a field of the alert: the route resumes the webhook.
    if (value === undefined || key === 'webhookPaused') continue;
    // null clears a target (the other one takes its place) or a filter of the year set.
    if (value === null && NULLABLE_KEYS.has(key)) delete merged[key];
    else merged[key] = value;
  }
  if (patch.symbol) delete merged.watchlistId;
  if (patch.watchlistId) delete merged.symbol;
  // A window given replaces the stored rule, and a rule given the stored window; both in one
  // change stay, and the whole is refused as it would be on creation.
  const givesRule = RULE_KEYS.some((key) => patch[key] !== undefined && patch[key] !== null);
  if (patch.window && !givesRule) for (const key of RULE_KEYS) if (patch[key] === undefined) delete merged[key];
  if (givesRule && patch.window === undefined) delete merged.window;
  return parseInput(alertCreateSchema, merged, 'body');
}
