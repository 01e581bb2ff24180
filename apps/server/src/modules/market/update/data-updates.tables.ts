import type { Generated } from 'kysely';

export type DataUpdateTrigger = 'schedule' | 'admin' | 'cli' | 'backfill';
/** 'abandoned': its process ended without finishing (killed, crashed); the next run marked it. */
export type DataUpdateStatus = 'running' | 'ok' | 'partial' | 'failed' | 'abandoned';

export interface DataUpdatesTable {
  id: Generated<number>;
  trigger: DataUpdateTrigger;
  session: string | null;
  started_at: number;
  finished_at: number | null;
  /** Stamped while the run's process lives; null in rows from before migration 0008. */
  heartbeat_at: number | null;
  status: DataUpdateStatus;
  /** Provider ids in fallback order, comma-separated. */
  providers: string;
  updated: number;
  unchanged: number;
  failed: number;
  inserted: number;
  error: string | null;
}

export interface DataUpdateSymbolsTable {
  update_id: number;
  symbol: string;
  status: 'updated' | 'unchanged' | 'failed';
  provider: string | null;
  reason: string | null;
  last_bar: string | null;
}

export interface DataUpdateTables {
  data_updates: DataUpdatesTable;
  data_update_symbols: DataUpdateSymbolsTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends DataUpdateTables {}
}
