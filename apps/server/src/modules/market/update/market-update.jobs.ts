import type { JobQueue } from '../../jobs/job-queue.js';
import type { DataUpdateTrigger } from './data-updates.tables.js';
import { runMarketUpdate, type MarketUpdateDeps } from './market-update.js';
import { afterTheClose } from './update-schedule.js';

export const MARKET_UPDATE_JOB = 'market.update';
export const MARKET_UPDATE_NOW_JOB = 'market.update.now';

/**
 * The daily update after the US close on NYSE sessions (DATA_UPDATE_TIME, New York time),
 * one occurrence per session however many processes share the database; and updates an
 * admin starts (all symbols, or a new ticker's backfill) through the same queue.
 */
export function registerMarketUpdateJobs(jobs: JobQueue, deps: MarketUpdateDeps): void {
  if (deps.settings.DATA_UPDATE_ENABLED) {
    jobs.every(MARKET_UPDATE_JOB, afterTheClose(deps.settings.DATA_UPDATE_TIME), async () => {
      await runMarketUpdate(deps, 'schedule');
    });
  }
  jobs.register(MARKET_UPDATE_NOW_JOB, async (payload) => {
    const symbols = Array.isArray(payload.symbols) ? payload.symbols.filter((s) => typeof s === 'string') : undefined;
    const trigger = (payload.trigger === 'backfill' ? 'backfill' : 'admin') satisfies DataUpdateTrigger;
    await runMarketUpdate(deps, trigger, symbols ? { symbols } : {});
  });
}

/** Starts an update now, off the request path: every symbol, or only `symbols` (a backfill). */
export async function startMarketUpdate(
  jobs: JobQueue,
  now: number,
  request: { symbols?: string[]; trigger: 'admin' | 'backfill' },
): Promise<string> {
  const key = `${MARKET_UPDATE_NOW_JOB}@${new Date(now).toISOString()}${request.symbols ? `:${request.symbols.join(',')}` : ''}`;
  await jobs.enqueueNow(MARKET_UPDATE_NOW_JOB, key, { ...request });
  return key;
}
