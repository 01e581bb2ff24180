import type { Generated } from 'kysely';

export interface WatchlistsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  position: number;
  /** JSON array of { sym, description }. */
  symbols: string;
  created_at: number;
  updated_at: number;
}

export interface WatchlistTables {
  watchlists: WatchlistsTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends WatchlistTables {}
}
