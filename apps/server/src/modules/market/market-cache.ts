import type { PriceSeries } from '@solstice/analytics';
import type { AssetClass, CalendarName } from '@solstice/contracts';
import type { InstrumentsTable } from '../../db/schema.js';

/** An instruments row as the cache serves it (the market cap and the synthetic flag in their own types). */
export interface InstrumentInfo extends Pick<
  InstrumentsTable,
  'symbol' | 'name' | 'type' | 'exchange' | 'sector' | 'industry' | 'currency'
> {
  marketCap: number | null;
  synthetic: boolean;
  assetClass: AssetClass;
  timezone: string;
  calendar: CalendarName;
  hasVolume: boolean;
}

/**
 * The in-memory columnar copy of the market data that every analytics endpoint reads.
 * Loaded from the database at start; reloaded after an import or sync (and, on PostgreSQL,
 * when another process announces a change).
 */
export interface MarketCache {
  /** Increments at every reload; derived caches key on it. */
  readonly version: number;
  /**
   * The market-wide date (YYYY-MM-DD): the latest bar of the NYSE-calendar instruments (of any
   * instrument when none is on that calendar; marketAsOf); null when empty.
   */
  asOf(): string | null;
  instruments(): readonly InstrumentInfo[];
  instrument(symbol: string): InstrumentInfo | undefined;
  series(symbol: string): PriceSeries | undefined;
  reload(): Promise<void>;
  /** Calls `listener` after every completed reload, which waits for it (the alerts schedule their evaluation there). */
  onReload?(listener: () => Promise<void>): void;
  /** Stops watching for changes made elsewhere (optional: in-memory fakes have nothing to stop). */
  close?(): Promise<void>;
}
