/** A symbol whose provider history did not join the stored one (§15.6): nothing of it is written until an admin replaces it. */
export interface HistoryMismatchesTable {
  symbol: string;
  provider: string;
  /** The first date where q = provider close / stored close breaks. */
  date: string;
  stored_close: number | null;
  provider_close: number;
  reason: string;
  detected_at: number;
}

export interface ContinuityTables {
  history_mismatches: HistoryMismatchesTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ContinuityTables {}
}
