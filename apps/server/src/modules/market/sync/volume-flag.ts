import type { DatabaseHandle } from '../../../db/database.js';
import { readStoredSeries } from '../bars/stored-series.js';
import type { SyncTarget } from './stored-bars.js';

/** hasVolume looks at this many of the latest stored bars (data-providers.md §15.2). */
export const VOLUME_LOOKBACK_BARS = 252;

/**
 * Sets an instrument's has_volume after a sync wrote its bars: false for fx, else whether
 * one of its last 252 stored bars (all, when fewer) has a volume > 0.
 */
export async function refreshVolumeFlag(database: DatabaseHandle, target: SyncTarget): Promise<void> {
  let hasVolume = false;
  if (!target.fx) {
    const { volume } = await readStoredSeries(database.db, target.symbol);
    for (let i = Math.max(0, volume.length - VOLUME_LOOKBACK_BARS); i < volume.length && !hasVolume; i++)
      hasVolume = volume[i]! > 0;
  }
  await database.db
    .updateTable('instruments')
    .set({ has_volume: hasVolume ? 1 : 0 })
    .where('symbol', '=', target.symbol)
    .execute();
}
