import type { Generated } from 'kysely';
import type { BillingTables } from '../modules/billing/billing.tables.js';
import type { MailTables } from '../modules/mail/mail.tables.js';
import type { AccountTables } from '../modules/auth/accounts.tables.js';
import type { JobTables } from '../modules/jobs/jobs.tables.js';
import type { DataUpdateTables } from '../modules/market/update/data-updates.tables.js';
import type { AlertTables } from '../modules/alerts/alerts.tables.js';

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
  type: 'stock' | 'etf' | 'index';
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  currency: string;
  market_cap: number | null;
  synthetic: number;
  /** 0 once an admin removed it: kept with its history, no longer updated. */
  tracked: Generated<number>;
  updated_at: number;
}

export interface DailyBarsTable {
  symbol: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface CoreTables {
  app_meta: AppMetaTable;
  instruments: InstrumentsTable;
  daily_bars: DailyBarsTable;
}

/**
 * Every table. A module declares its tables in its own `<module>.tables.ts` and adds the
 * interface here.
 */
export interface Database
  extends CoreTables, AccountTables, BillingTables, MailTables, JobTables, DataUpdateTables, AlertTables {}

export type { Generated };
