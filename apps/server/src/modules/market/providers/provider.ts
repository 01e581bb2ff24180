import type { TradingCalendar } from '@solstice/analytics';
import type { DailyBar } from '../bars/stored-series.js';
import type { ImportIssue } from '../import/parse.js';
import type { InstrumentDescription } from './yahoo-instrument.js';

export type ProviderId = 'tiingo' | 'yahoo' | 'eodhd';
export const PROVIDER_IDS: readonly ProviderId[] = ['tiingo', 'yahoo', 'eodhd'];

/**
 * A daily bar as the store holds it: prices split- and dividend-adjusted (backward, CRSP
 * style: the latest bar is as traded), volume split-adjusted where the provider gives it so.
 */
export type ProviderBar = Omit<DailyBar, 'symbol'>;

/** A dividend (cash per share) or split (new shares per old share, 4 for 4-for-1) with its ex-date. */
export type CorporateAction =
  { date: string; kind: 'dividend'; cash: number } | { date: string; kind: 'split'; ratio: number };

export interface History {
  provider: ProviderId;
  /** The canonical symbol (the instrument file's: BRK.B, ^GSPC). */
  symbol: string;
  /** Ascending, one per session, each passed the importer's row rules. */
  bars: ProviderBar[];
  /** Rows skipped or repaired by those rules. */
  issues: ImportIssue[];
  /** Dividends and splits the provider reported inside the range (none for EODHD's /eod). */
  actions: CorporateAction[];
}

/** Bars of one session for many symbols from one request (EODHD's bulk day). */
export interface LatestDay {
  provider: ProviderId;
  date: string;
  /** By canonical symbol; symbols the provider had no valid row for are absent. */
  bars: Map<string, ProviderBar>;
  issues: ImportIssue[];
}

export interface ProviderInfo {
  id: ProviderId;
  name: string;
  /** What the provider's terms allow; shown to admins and in docs/data-import.md. */
  terms: string;
  /** Whatever the plan: no licence to show the data to others (Yahoo). Keyed providers sell one. */
  personalUseOnly: boolean;
  /** Serves index levels (^GSPC, ^DJI, ^IXIC, ^VIX). */
  indexes: boolean;
}

export interface MarketDataProvider {
  readonly info: ProviderInfo;
  /**
   * Whether the provider can be asked for a symbol at all (Tiingo has no indexes); Tiingo
   * and EODHD serve only instruments on the NYSE calendar (§15.3).
   */
  supports(symbol: string, calendar?: TradingCalendar): boolean;
  /**
   * The bars of `symbol` from `from` to `to` (YYYY-MM-DD, both included, dates in the
   * instrument's time zone); rows after `to` (a live row) are dropped, rows on dates the
   * calendar (default nyse) does not accept are skipped with an issue. Throws
   * ProviderError, never returns rows from a response that is not data.
   */
  fetchHistory(
    symbol: string,
    from: string,
    to: string,
    signal?: AbortSignal,
    calendar?: TradingCalendar,
  ): Promise<History>;
  /** What a symbol is, from one request of its last 31 days (Yahoo only: the others name no instrument type). */
  describe?(symbol: string, now: number, signal?: AbortSignal): Promise<InstrumentDescription>;
  /** One session for the whole market in one request, for the symbols asked (EODHD only). */
  fetchLatestDay?(date: string, symbols: readonly string[], signal?: AbortSignal): Promise<LatestDay>;
}

/** `from` of a whole-history request: earlier than any US listing the providers serve. */
export const WHOLE_HISTORY_FROM = '1900-01-01';
