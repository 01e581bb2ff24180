import type {
  BacktestResult,
  BestTradesOptions,
  BestTradesResult,
  OverfittingOptions,
  OverfittingResult,
  SeasonalityScanAnswer,
  SeasonalityScanOptions,
  SerializedScanAnswer,
  SeasonalBacktestOptions,
  WalkForwardOptions,
  WalkForwardResult,
} from '@solstice/analytics';
import type { SharedMarket } from './shared-market.js';

/**
 * A future's closes back-adjusted at its roll gaps (data-providers.md §15.5), computed on the
 * event loop, which has the opens: a thread shares only the stored closes. Sent with the job
 * that reads them in place of the shared ones.
 */
export interface AdjustedCloses {
  symbol: string;
  mode: string;
  close: Float64Array;
}

/** What the analytics pool runs: the seasonality computations whose cost grows with their inputs. */
export type AnalyticsJob =
  | { kind: 'scan'; symbols: readonly string[]; options: SeasonalityScanOptions; adjusted?: AdjustedCloses[] }
  /** The same scan, its answer as JSON text (the route's): each thread writes its own results. */
  | { kind: 'scanJson'; symbols: readonly string[]; options: SeasonalityScanOptions; adjusted?: AdjustedCloses[] }
  | { kind: 'bestTrades'; symbol: string; options: BestTradesOptions }
  | { kind: 'walkForward'; symbol: string; options: WalkForwardOptions }
  | { kind: 'overfitting'; symbol: string; options: OverfittingOptions; adjusted?: AdjustedCloses[] }
  | {
      kind: 'backtest';
      symbols: readonly string[];
      options: SeasonalBacktestOptions;
      adjusted?: AdjustedCloses[];
    };

export interface AnalyticsResults {
  scan: SeasonalityScanAnswer;
  scanJson: SerializedScanAnswer;
  bestTrades: BestTradesResult;
  walkForward: WalkForwardResult;
  overfitting: OverfittingResult;
  backtest: BacktestResult;
}

/** One message to a worker. `cancel` is an Int32Array on a SharedArrayBuffer: 1 = the caller has gone. */
export interface AnalyticsTask {
  market: SharedMarket;
  cancel: Int32Array;
  job: AnalyticsJob;
}

export type AnalyticsOutcome = { cancelled: true } | { cancelled: false; result: unknown };
