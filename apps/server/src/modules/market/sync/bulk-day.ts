import { previousTradingDay } from '@solstice/analytics';
import type { LatestDay, MarketDataProvider, ProviderId } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-error.js';
import { writeSymbolBars } from './bar-writes.js';
import { historyMismatch, nyseSessionsAfter } from './history-join.js';
import type { StoredBars, SyncTarget } from './stored-bars.js';
import type { SymbolSyncResult, UpdateContext } from './update-symbol.js';

/** What a run's one request for the market's day gave. */
export interface BulkDayReport {
  provider: ProviderId;
  session: string;
  /** Symbols the answer had a valid bar for. */
  bars: number;
  /** Why the request failed (every symbol was then asked on its own), or null. */
  failure: string | null;
}

/**
 * The market's day from the run's first provider, when it serves one (EODHD's
 * /eod-bulk-last-day/US, data-providers.md §8): one request for every target. A failed
 * request is reported and leaves every symbol to its own requests.
 */
export async function bulkDayFor(
  provider: MarketDataProvider | undefined,
  session: string,
  targets: readonly SyncTarget[],
  signal?: AbortSignal,
): Promise<{ day: LatestDay | null; report: BulkDayReport } | null> {
  if (!provider?.fetchLatestDay) return null;
  const symbols = targets.filter((t) => !t.synthetic).map((t) => t.symbol);
  if (symbols.length === 0) return null;
  const report: BulkDayReport = { provider: provider.info.id, session, bars: 0, failure: null };
  try {
    const day = await provider.fetchLatestDay(session, symbols, signal);
    return { day, report: { ...report, bars: day.bars.size } };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { day: null, report: { ...report, failure: error.message } };
  }
}

/**
 * A symbol's bar from the market's day: only for a real symbol whose stored bars end on the
 * session before (the day is all it lacks) and whose day joins them (§15.6: with no common
 * date and no gap this is the gap rule); null leaves the symbol to its own requests.
 */
export async function fromBulkDay(
  ctx: UpdateContext,
  day: LatestDay | null,
  target: SyncTarget,
  stored: StoredBars,
): Promise<SymbolSyncResult | null> {
  const bar = day?.bars.get(target.symbol);
  if (!day || !bar || target.synthetic || stored.last === null) return null;
  if (stored.last !== previousTradingDay(day.date) || bar.date !== day.date) return null;
  const mismatch = historyMismatch({
    stored: stored.tail,
    provider: [bar],
    events: [],
    current: true,
    sessionsAfter: ctx.sessionsAfter ?? nyseSessionsAfter,
  });
  if (mismatch) return null;
  const written = await writeSymbolBars(ctx.database, target.symbol, [bar], 'append', ctx.now);
  return {
    symbol: target.symbol,
    session: ctx.session,
    status: written.inserted + written.updated > 0 ? 'updated' : 'unchanged',
    provider: day.provider,
    mode: 'append',
    reason: null,
    lastBar: bar.date,
    ...written,
    issues: day.issues.filter((i) => i.file === `${day.provider}:${target.symbol}`),
    failures: [],
  };
}
