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

/** What the analytics pool runs: the seasonality computations whose cost grows with their inputs. */
export type AnalyticsJob =
  | { kind: 'scan'; symbols: readonly string[]; options: SeasonalityScanOptions }
  /** The same scan, its answer as JSON text (the route's): each thread writes its own results. */
  | { kind: 'scanJson'; symbols: readonly string[]; options: SeasonalityScanOptions }
  | { kind: 'bestTrades'; symbol: string; options: BestTradesOptions }
  | { kind: 'walkForward'; symbol: string; options: WalkForwardOptions }
  | { kind: 'overfitting'; symbol: string; options: OverfittingOptions }
  | { kind: 'backtest'; symbols: readonly string[]; options: SeasonalBacktestOptions };

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
