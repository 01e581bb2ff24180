import type { Generated } from 'kysely';

export interface AlertsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  kind: 'scan' | 'condition' | 'seasonal';
  expression: string | null;
  on_exit: number;
  symbol: string | null;
  /** No foreign key: a deleted watchlist pauses the alert with the reason, it does not vanish. */
  watchlist_id: number | null;
  /** Seasonal criteria as JSON (SeasonalAlertParams); null for the other kinds. */
  params: string | null;
  paused: number;
  paused_reason: string | null;
  mail: number;
  webhook_url: string | null;
  webhook_secret: string | null;
  /** Set when its deliveries kept failing: nothing is sent until the owner resumes the webhook. */
  webhook_paused_at: number | null;
  webhook_paused_reason: string | null;
  created_at: number;
  updated_at: number;
  last_fired_at: number | null;
  last_fired_bar_date: string | null;
  last_fired_message: string | null;
}

/**
 * What fired: one row per (alert, symbol, bar date), unique, so that an evaluation that is
 * retried, replayed or run by two processes at once records each trigger once. Each row is
 * also the user's notification.
 */
export interface AlertTriggersTable {
  id: Generated<number>;
  alert_id: number;
  user_id: number;
  symbol: string;
  bar_date: string;
  event: string;
  message: string;
  /** JSON: the seasonal window, the expression. */
  detail: string;
  link: string;
  read_at: number | null;
  created_at: number;
}

/** Every session the alerts were evaluated at (the live job's bookkeeping; replays add rows too). */
export interface AlertEvaluationsTable {
  bar_date: string;
  status: 'running' | 'done';
  started_at: number;
  finished_at: number | null;
  alerts: number;
  triggers: number;
}

export interface SavedScansTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  expression: string;
  created_at: number;
  updated_at: number;
}

export interface AlertTables {
  alerts: AlertsTable;
  alert_triggers: AlertTriggersTable;
  alert_evaluations: AlertEvaluationsTable;
  saved_scans: SavedScansTable;
}

// The module's tables, declared into the one Database type the repositories query (db/schema.ts).
declare module '../../db/schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends AlertTables {}
}
