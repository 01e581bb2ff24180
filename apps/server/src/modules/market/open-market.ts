import { seedOnEmpty, type Settings } from '../../config/settings.js';
import type { DatabaseHandle } from '../../db/database.js';
import { DatabaseMarketCache } from './database-market-cache.js';
import { hasBars } from './bulk-load.js';
import { seedEmbeddedDefault } from './seed/seed.js';
import { snapshotFileFor } from './snapshot/market-snapshot.js';

export interface MarketStartOptions {
  /** Load the cache now (default true). Commands that only write (import, seed, sync) skip it. */
  loadMarket?: boolean;
  /** Seed the embedded default when the database has no bars (default: seedOnEmpty(settings)). */
  seedOnEmpty?: boolean;
  /** Reload when another process announces a change (default: when the cache is loaded). */
  watch?: boolean;
}

/** The market part of start-up: seed an empty database, load the cache, watch for changes. */
export async function openMarket(
  database: DatabaseHandle,
  settings: Settings,
  log: { info(message: string): void; warn(message: string): void },
  options: MarketStartOptions = {},
): Promise<DatabaseMarketCache> {
  if ((options.seedOnEmpty ?? seedOnEmpty(settings)) && !(await hasBars(database))) {
    log.info('market data: the database has no bars; loading the embedded default (S&P 500 history + demo universe)');
    const report = await seedEmbeddedDefault(database, { today: new Date() });
    log.info(
      `market data: seeded ${report.instruments} instruments, ${report.bars} bars in ${(report.ms / 1000).toFixed(1)} s`,
    );
  }
  const cache = new DatabaseMarketCache(database, { snapshotFile: snapshotFileFor(database, settings), log });
  if (options.loadMarket === false) return cache;
  await cache.reload();
  if (options.watch ?? true) {
    await cache.watch({ onError: (error) => log.warn(`market data: reload failed: ${String(error)}`) });
  }
  return cache;
}
