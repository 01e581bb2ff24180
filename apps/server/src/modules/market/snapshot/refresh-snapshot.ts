import type { PriceSeries } from '@solstice/analytics';
import type { Settings } from '../../../config/settings.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { DatabaseMarketCache } from '../database-market-cache.js';
import { marketFingerprint, MarketSnapshotStore, snapshotFileFor, type SnapshotLog } from './market-snapshot.js';

/**
 * Brings the market snapshot up to date after a change made without a loaded cache (the
 * command line's import and sync): from `written` when the import could give every series
 * it wrote; else reads it back when it still matches the database, or loads through SQL and
 * writes it, so the next server start reads one file. The server
 * itself rewrites the snapshot when its cache reloads after an import or update.
 */
export async function refreshMarketSnapshot(
  database: DatabaseHandle,
  settings: Settings,
  log?: SnapshotLog,
  written?: ReadonlyMap<string, PriceSeries> | null,
): Promise<'off' | 'fresh' | 'written'> {
  const snapshotFile = snapshotFileFor(database, settings);
  if (!snapshotFile) return 'off';
  if (written) {
    // The series the import wrote (importer's onSeries), trusted only when they are every bar.
    const fingerprint = await marketFingerprint(database);
    let total = 0;
    for (const s of written.values()) total += s.dates.length;
    if ((JSON.parse(fingerprint) as { n: number }).n === total) {
      if (await new MarketSnapshotStore(snapshotFile, log).write(fingerprint, written)) return 'written';
    }
  }
  const cache = new DatabaseMarketCache(database, { snapshotFile, log });
  await cache.reload();
  await cache.close();
  return cache.loadedFrom === 'snapshot' ? 'fresh' : 'written';
}
