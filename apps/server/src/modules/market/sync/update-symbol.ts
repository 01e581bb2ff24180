import type { DatabaseHandle } from '../../../db/database.js';
import { dayNumberFast, isoFromDay } from '../dates.js';
import type { ImportIssue } from '../import/parse.js';
import { WHOLE_HISTORY_FROM, type History, type MarketDataProvider, type ProviderId } from '../providers/provider.js';
import { ProviderError, type FailureKind } from '../providers/provider-error.js';
import { writeSymbolBars, type WriteResult } from './bar-writes.js';
import { historyChange } from './history-check.js';
import { nyseSessionsAfter, type HistoryMismatch, type SessionsAfter } from './history-join.js';
import { clearMismatch, providerMismatch, recordMismatch, storedCloses } from './history-mismatches.js';
import type { StoredBars, SyncTarget } from './stored-bars.js';

export interface ProviderFailure {
  provider: ProviderId;
  kind: FailureKind;
  message: string;
}

/** What happened to one symbol in a run: recorded per symbol by the caller. */
export interface SymbolSyncResult {
  symbol: string;
  /** The session it was brought up to: its own calendar's (data-providers.md §15.4). */
  session: string;
  status: 'updated' | 'unchanged' | 'failed';
  /** The provider whose bars were stored (or that confirmed nothing was new). */
  provider: ProviderId | null;
  /** append: bars after the last stored one; replace: the whole history rewritten in one transaction. */
  mode: 'append' | 'replace' | null;
  /** Why the history was replaced, or why the symbol failed. */
  reason: string | null;
  /** The latest stored bar after the run. */
  lastBar: string | null;
  inserted: number;
  updated: number;
  removed: number;
  issues: ImportIssue[];
  /** Providers that failed for this symbol before one answered (or all of them). */
  failures: ProviderFailure[];
  /** The provider's history does not join the stored one (§15.6): nothing was written. */
  historyMismatch?: HistoryMismatch & { provider: ProviderId };
}

/** Provider history before the stored one by more than this is a plan limit, not a replacement. */
const FIRST_BAR_SLACK_DAYS = 31;

export interface UpdateContext {
  database: DatabaseHandle;
  providers: readonly MarketDataProvider[];
  /** The symbol's last completed session on its own calendar: bars up to it are asked for. */
  session: string;
  now: number;
  /** Sessions between two dates on the symbols' calendar (the continuity check's gap rule). */
  sessionsAfter?: SessionsAfter;
  signal?: AbortSignal;
}

/**
 * Brings one symbol up to the session, trying the providers in order. With stored bars it
 * asks from the oldest of the stored tail: when the provider agrees with them within
 * rounding, the bars after the last stored one are appended; when it does not (a split or
 * dividend re-adjusted the history, or the stored bars came from elsewhere) the whole
 * history is fetched again and replaces the stored one in one transaction. A symbol without
 * bars, or with demo bars, gets its whole history. A replacement is written only when the
 * provider's history joins the stored one (data-providers.md §15.6): otherwise nothing is
 * written, the mismatch is recorded for the data page, and only an admin replaces the
 * history. A provider that fails leaves the symbol to the next one.
 */
export async function updateSymbol(
  ctx: UpdateContext,
  target: SyncTarget,
  stored: StoredBars,
): Promise<SymbolSyncResult> {
  const result: SymbolSyncResult = {
    symbol: target.symbol,
    session: ctx.session,
    status: 'unchanged',
    provider: null,
    mode: null,
    reason: null,
    lastBar: stored.last,
    inserted: 0,
    updated: 0,
    removed: 0,
    issues: [],
    failures: [],
  };
  if (!target.synthetic && stored.last !== null && stored.last >= ctx.session) return result;
  const candidates = ctx.providers.filter((p) => p.supports(target.symbol, target.calendar));
  // A history that does not join is left for the next provider; when none joins, the first is reported.
  let mismatched: Omit<SymbolSyncResult, 'failures' | 'session'> | null = null;
  for (const provider of candidates) {
    try {
      const answered = await fromProvider(ctx, provider, target, stored);
      if (answered.historyMismatch) {
        mismatched ??= answered;
        continue;
      }
      await clearMismatch(ctx.database, target.symbol);
      return { ...answered, session: ctx.session, failures: result.failures };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      result.failures.push({ provider: error.provider, kind: error.kind, message: error.message });
    }
  }
  if (mismatched?.historyMismatch) {
    const { provider, ...mismatch } = mismatched.historyMismatch;
    await recordMismatch(ctx.database, { symbol: target.symbol, provider, ...mismatch, detectedAt: ctx.now });
    return { ...mismatched, session: ctx.session, failures: result.failures };
  }
  return {
    ...result,
    status: 'failed',
    reason:
      candidates.length === 0
        ? `no configured provider serves ${target.symbol} (${ctx.providers.map((p) => p.info.id).join(', ')})`
        : result.failures.map((f) => f.message).join('; '),
  };
}

async function fromProvider(
  ctx: UpdateContext,
  provider: MarketDataProvider,
  target: SyncTarget,
  stored: StoredBars,
): Promise<Omit<SymbolSyncResult, 'failures' | 'session'>> {
  const { symbol, calendar } = target;
  const id = provider.info.id;
  const refuse = (kind: FailureKind, detail: string) => new ProviderError(id, symbol, kind, detail);
  let reason: string;
  if (target.synthetic) reason = 'demo data replaced by real data';
  else if (stored.last === null) reason = 'first sync: whole history';
  else {
    const from = stored.tail[0]!.date;
    const recent = await provider.fetchHistory(symbol, from, ctx.session, ctx.signal, calendar);
    if (recent.bars.length === 0) throw refuse('no-data', `no bars from ${from} to ${ctx.session}`);
    const change = historyChange(stored.tail, recent.bars);
    if (change === null) {
      const fresh = recent.bars.filter((b) => b.date > stored.last!);
      const written = fresh.length > 0 ? await writeSymbolBars(ctx.database, symbol, fresh, 'append', ctx.now) : none;
      return outcome(recent, written, fresh.length > 0 ? 'append' : null, null, fresh.at(-1)?.date ?? stored.last);
    }
    reason = `history changed (${change}): whole history replaced`;
  }
  const whole = await provider.fetchHistory(symbol, WHOLE_HISTORY_FROM, ctx.session, ctx.signal, calendar);
  const first = whole.bars[0]?.date;
  const last = whole.bars.at(-1)?.date;
  if (!first || !last) throw refuse('no-data', 'no bars in the whole history');
  // A history starting after the stored one ends is the continuity check's (a late first bar), not a plan limit.
  if (
    !target.synthetic &&
    stored.first !== null &&
    first > isoFromDay(dayNumberFast(stored.first) + FIRST_BAR_SLACK_DAYS) &&
    (stored.last === null || first <= stored.last)
  )
    throw refuse('plan', `history starts ${first}, the store's on ${stored.first}: not replaced (plan limit?)`);
  if (!target.synthetic && stored.last !== null) {
    const mismatch = providerMismatch(await storedCloses(ctx.database, symbol), whole, {
      current: true,
      sessionsAfter: ctx.sessionsAfter ?? nyseSessionsAfter,
    });
    if (mismatch) return refused(whole, mismatch, stored.last);
  }
  if (!target.synthetic && stored.last !== null && last < stored.last)
    throw refuse('no-data', `history ends ${last}, before the stored ${stored.last}: not replaced`);
  const written = await writeSymbolBars(ctx.database, symbol, whole.bars, 'replace', ctx.now);
  return outcome(whole, written, 'replace', reason, last);
}

const none: WriteResult = { inserted: 0, updated: 0, removed: 0 };

/** A history that does not join: nothing written (updateSymbol records it when no provider joins). */
function refused(
  history: History,
  mismatch: HistoryMismatch,
  lastBar: string,
): Omit<SymbolSyncResult, 'failures' | 'session'> {
  const { symbol, provider } = history;
  return {
    ...outcome(history, none, null, null, lastBar),
    status: 'failed',
    reason: mismatchText(symbol, provider, mismatch),
    historyMismatch: { provider, ...mismatch },
  };
}

export function mismatchText(symbol: string, provider: ProviderId, m: HistoryMismatch): string {
  return (
    `history from ${provider} does not join the stored one on ${m.date} (stored close ${m.storedClose ?? '-'}, ` +
    `${provider} ${m.providerClose}: ${m.reason}): nothing written; an admin may replace it ` +
    `(solstice instruments replace-history ${symbol})`
  );
}

function outcome(
  history: History,
  written: WriteResult,
  mode: 'append' | 'replace' | null,
  reason: string | null,
  lastBar: string | null,
): Omit<SymbolSyncResult, 'failures' | 'session'> {
  const changed = written.inserted + written.updated + written.removed > 0;
  return {
    symbol: history.symbol,
    status: changed ? 'updated' : 'unchanged',
    provider: history.provider,
    mode,
    reason,
    lastBar,
    ...written,
    issues: history.issues,
  };
}
