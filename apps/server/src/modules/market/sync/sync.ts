import { lastCompletedSession, lastSessionOf, sessionsBehind, type TradingCalendar } from '@solstice/analytics';
import type { DatabaseHandle } from '../../../db/database.js';
import { announceMarketChange } from '../market-events.js';
import type { MarketDataProvider, ProviderId } from '../providers/provider.js';
import { bulkDayFor, fromBulkDay, type BulkDayReport } from './bulk-day.js';
import { sessionsAfterOn } from './history-join.js';
import { storedBars, syncTargets } from './stored-bars.js';
import { updateSymbol, type SymbolSyncResult } from './update-symbol.js';
import { refreshVolumeFlag } from './volume-flag.js';

export type { ProviderFailure, SymbolSyncResult } from './update-symbol.js';

export interface SyncProgress {
  done: number;
  total: number;
  symbol: string;
  status: SymbolSyncResult['status'];
  /** Bars written so far in the run. */
  rows: number;
  elapsedMs: number;
}

export interface SyncOptions {
  /** In fallback order: a symbol that fails on one is asked of the next. */
  providers: readonly MarketDataProvider[];
  /** Only these symbols (demo instruments included); default: every real instrument. */
  symbols?: readonly string[];
  /** The clock: the run aims at the last completed session at this instant. */
  now?: () => number;
  /** Symbols updated at once (each provider keeps its own limit). */
  concurrency?: number;
  /** Stored bars compared with the provider's on each update. */
  tailSize?: number;
  /**
   * A whole-universe run whose first provider serves the market's day in one request (EODHD's
   * /eod-bulk-last-day/US) takes each symbol's bar from it, and asks per symbol only for what
   * that answer lacks (default true; decision 0045).
   */
  bulkDay?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

/** A symbol's result in a run, and where it leaves the symbol on its own calendar. */
export interface SyncedSymbol extends SymbolSyncResult {
  /** The calendar its session is of; null for a name that is no instrument. */
  calendar: TradingCalendar | null;
  /**
   * Sessions of its calendar after its last bar up to its session, when that calendar's rule
   * calls it stale (§15.4; an exchange's one or two holidays are not), else 0; null without bars.
   */
  behind: number | null;
}

export interface SyncReport {
  /** The last completed NYSE session; each symbol's own is its `session` (§15.4). */
  session: string;
  providers: ProviderId[];
  symbols: SyncedSymbol[];
  updated: number;
  unchanged: number;
  failed: number;
  inserted: number;
  /** Bars rewritten in place, and deleted by whole-history replacements. */
  rewritten: number;
  removed: number;
  /** The market's day asked in one request, when the run did (null otherwise). */
  bulkDay: BulkDayReport | null;
}

/**
 * Updates the daily bars of the instruments from the providers (see updateSymbol for the
 * rule per symbol), records a result per symbol, and announces a change to the other
 * processes when anything was written.
 */
export async function syncMarketData(database: DatabaseHandle, options: SyncOptions): Promise<SyncReport> {
  if (options.providers.length === 0) throw new Error('no market-data provider is configured');
  const now = options.now ?? Date.now;
  const session = lastCompletedSession(now());
  const { targets, unknown } = await syncTargets(database, options.symbols);
  const bulk =
    options.bulkDay === false || options.symbols !== undefined
      ? null
      : await bulkDayFor(options.providers[0], session, targets, options.signal);
  const results = new Array<SyncedSymbol>(targets.length);
  const started = performance.now();
  let done = 0;
  let rows = 0;
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      const target = targets[i]!;
      options.signal?.throwIfAborted();
      const stored = await storedBars(database, target.symbol, options.tailSize ?? 5);
      const at = now();
      // each symbol up to its own calendar's last completed session; the NYSE's is the run's
      const own = target.calendar === 'nyse' ? session : lastSessionOf(target.calendar, target.timezone, at);
      const ctx = {
        database,
        providers: options.providers,
        session: own,
        now: at,
        sessionsAfter: sessionsAfterOn(target.calendar),
        signal: options.signal,
      };
      const result =
        (bulk && target.calendar === 'nyse' ? await fromBulkDay(ctx, bulk.day, target, stored) : null) ??
        (await updateSymbol(ctx, target, stored));
      if (result.inserted + result.updated + result.removed > 0) await refreshVolumeFlag(database, target);
      results[i] = {
        ...result,
        calendar: target.calendar,
        behind: sessionsBehind(target.calendar, result.lastBar, own),
      };
      done += 1;
      rows += result.inserted + result.updated;
      options.onProgress?.({
        done,
        total: targets.length,
        symbol: target.symbol,
        status: result.status,
        rows,
        elapsedMs: performance.now() - started,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, targets.length)) }, worker));
  const symbols = [
    ...results,
    ...unknown.map((symbol): SyncedSymbol => ({
      symbol,
      session,
      calendar: null,
      behind: null,
      status: 'failed',
      provider: null,
      mode: null,
      reason: 'not an instrument (import or add it first)',
      lastBar: null,
      inserted: 0,
      updated: 0,
      removed: 0,
      issues: [],
      failures: [],
    })),
  ];
  const sum = (pick: (r: SymbolSyncResult) => number) => symbols.reduce((a, r) => a + pick(r), 0);
  const report: SyncReport = {
    session,
    providers: options.providers.map((p) => p.info.id),
    symbols,
    updated: symbols.filter((r) => r.status === 'updated').length,
    unchanged: symbols.filter((r) => r.status === 'unchanged').length,
    failed: symbols.filter((r) => r.status === 'failed').length,
    inserted: sum((r) => r.inserted),
    rewritten: sum((r) => r.updated),
    removed: sum((r) => r.removed),
    bulkDay: bulk?.report ?? null,
  };
  if (report.inserted + report.rewritten + report.removed > 0) await announceMarketChange(database);
  return report;
}
