import type { Settings } from '../../../config/settings.js';
import type { DatabaseHandle } from '../../../db/database.js';
import type { MarketDataProvider } from '../providers/provider.js';
import { configuredProviders } from '../providers/registry.js';
import { syncMarketData, type SyncedSymbol, type SyncOptions, type SyncReport } from '../sync/sync.js';
import { behindReason, type Behind } from './behind-reason.js';
import type { DataUpdateTrigger } from './data-updates.tables.js';

export interface MarketUpdateDeps {
  database: DatabaseHandle;
  settings: Settings;
  now: () => number;
  /** Tests and `solstice sync --provider`: these providers instead of DATA_PROVIDERS. */
  providers?: readonly MarketDataProvider[];
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often a running update stamps heartbeat_at (tests shorten it). */
  heartbeatMs?: number;
  /** Told when a run has finished or failed (the composition records it for /metrics). */
  onFinished?: (outcome: { ok: boolean; at: number }) => Promise<void>;
}

const HEARTBEAT_MS = 30_000;
/** A 'running' row without a heartbeat for this long belongs to a process that has ended. */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/** The counts of a data_updates row before its run has done anything. */
export const NO_UPDATE_COUNTS = { updated: 0, unchanged: 0, failed: 0, inserted: 0, error: null } as const;

export interface MarketUpdateResult {
  id: number;
  report: SyncReport;
}

/**
 * One market-data update, the same code for the scheduled job, an admin's "run now" and
 * `solstice sync`: brings every real instrument (or `symbols`) up to the last completed
 * session through the providers in fallback order, and records the run and every symbol's
 * result. Each symbol is written in its own transaction, so a run that dies part-way keeps
 * what it wrote; running again finds those symbols current and asks only for the rest.
 * A run whose process died stays 'running' until a later run sees its heartbeat stopped
 * and marks it 'abandoned' (a run in another live process keeps beating and is left alone).
 */
export async function runMarketUpdate(
  deps: MarketUpdateDeps,
  trigger: DataUpdateTrigger,
  options: Pick<SyncOptions, 'symbols' | 'onProgress' | 'signal' | 'bulkDay'> = {},
): Promise<MarketUpdateResult> {
  const { db } = deps.database;
  const providers = deps.providers ?? configuredProviders(deps.settings).providers;
  const startedAt = deps.now();
  await markAbandoned(deps.database, startedAt);
  const run = await db
    .insertInto('data_updates')
    .values({
      trigger,
      session: null,
      started_at: startedAt,
      finished_at: null,
      heartbeat_at: startedAt,
      status: 'running',
      providers: providers.map((p) => p.info.id).join(','),
      ...NO_UPDATE_COUNTS,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const heartbeat = setInterval(() => {
    db.updateTable('data_updates')
      .set({ heartbeat_at: deps.now() })
      .where('id', '=', run.id)
      .execute()
      .catch(() => {}); // a missed beat only makes the run look older
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const report = await syncMarketData(deps.database, { providers, now: deps.now, ...options });
    // A symbol the provider answered without its session's bar (not published yet) is still
    // behind, by its own calendar's rule (§15.4: an exchange's holiday is not): the run is
    // partial, not ok, and the symbol says why.
    const behindOf = (s: SyncedSymbol): Behind | null =>
      s.status === 'unchanged' && s.calendar !== null && s.lastBar !== null && s.behind !== null && s.behind > 0
        ? { calendar: s.calendar, session: s.session, lastBar: s.lastBar, behind: s.behind, provider: s.provider }
        : null;
    const lagging = report.symbols.filter((s) => behindOf(s) !== null).length;
    const status =
      report.failed === 0 && lagging === 0
        ? 'ok'
        : report.updated + report.unchanged > lagging
          ? 'partial'
          : report.failed > 0
            ? 'failed'
            : 'partial';
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < report.symbols.length; i += 200) {
        const rows = report.symbols.slice(i, i + 200).map((s) => {
          const behind = behindOf(s);
          return {
            update_id: run.id,
            symbol: s.symbol,
            status: s.status,
            provider: s.provider,
            reason:
              s.reason ??
              (s.failures.length > 0
                ? s.failures.map((f) => f.message).join('; ')
                : behind
                  ? behindReason(behind)
                  : null),
            last_bar: s.lastBar,
          };
        });
        if (rows.length > 0) await trx.insertInto('data_update_symbols').values(rows).execute();
      }
      await trx
        .updateTable('data_updates')
        .set({
          session: report.session,
          finished_at: deps.now(),
          status,
          updated: report.updated,
          unchanged: report.unchanged,
          failed: report.failed,
          inserted: report.inserted,
        })
        .where('id', '=', run.id)
        .execute();
    });
    await deps.onFinished?.({ ok: status !== 'failed', at: deps.now() });
    deps.log?.info(
      { update: run.id, trigger, session: report.session, updated: report.updated, failed: report.failed },
      'market data: update finished',
    );
    return { id: run.id, report };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('data_updates')
      .set({ finished_at: deps.now(), status: 'failed', error: message })
      .where('id', '=', run.id)
      .execute();
    await deps.onFinished?.({ ok: false, at: deps.now() });
    deps.log?.warn({ update: run.id, trigger, err: error }, 'market data: update failed');
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/** Runs whose process ended without finishing: 'abandoned', finished at their last heartbeat. */
async function markAbandoned(database: DatabaseHandle, now: number): Promise<void> {
  await database.db
    .updateTable('data_updates')
    .set((eb) => ({
      status: 'abandoned',
      finished_at: eb.fn.coalesce('heartbeat_at', 'started_at'),
      error:
        'its process ended before the run finished (killed or crashed); the next run took up the symbols it had not written',
    }))
    .where('status', '=', 'running')
    .where((eb) => eb(eb.fn.coalesce('heartbeat_at', 'started_at'), '<', now - ABANDONED_AFTER_MS))
    .execute();
}
