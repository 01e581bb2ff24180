import type { Generated } from 'kysely';

/**
 * Column conventions, the same on SQLite and PostgreSQL:
 * - dates of the exchange are TEXT 'YYYY-MM-DD';
 * - instants are INTEGER/BIGINT milliseconds since the epoch (pg's int8 parser returns numbers);
 * - booleans are INTEGER 0/1.
 */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface InstrumentsTable {
  symbol: string;
  name: string;
  type: 'stock' | 'etf' | 'index' | 'future' | 'fx' | 'crypto';
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  currency: string;
  market_cap: number | null;
  synthetic: number;
  /** 0 once an admin removed it: kept with its history, no longer updated. */
  tracked: Generated<number>;
  updated_at: number;
  asset_class: Generated<'equity' | 'etf' | 'index' | 'future' | 'fx' | 'crypto'>;
  /** The IANA zone the provider's timestamps are read in (Yahoo's exchangeTimezoneName). */
  timezone: Generated<string>;
  calendar: Generated<'nyse' | 'exchange' | 'fx' | 'crypto'>;
  /** 0 when none of the last 252 bars has a volume (fx always): volume is then null everywhere. */
  has_volume: Generated<number>;
}

/**
 * The daily bars of one symbol in one calendar year (decision 0024): `data` holds the year's
 * columns (bars/chunk-codec.ts); `bars`, `first_date` and `last_date` describe it for queries
 * that do not need the values.
 */
export interface BarChunksTable {
  symbol: string;
  year: number;
  bars: number;
  first_date: string;
  last_date: string;
  data: Uint8Array;
}

/**
 * Chunks of bars an admin's history replacement removed (decision 0044), kept until the next
 * backup holds them; `replaced_at` groups one replacement's chunks.
 */
export interface ReplacedBarChunksTable extends BarChunksTable {
  replaced_at: number;
}

export interface CoreTables {
  app_meta: AppMetaTable;
  instruments: InstrumentsTable;
  bar_chunks: BarChunksTable;
  replaced_bar_chunks: ReplacedBarChunksTable;
}

/**
 * Every table. The database layer declares the core ones; a module declares its own tables
 * in its `<module>.tables.ts` and merges them into this interface there (`declare module`),
 * so that the database layer imports no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends CoreTables {}

export type { Generated };
