import {
  bestTrades,
  overfitting,
  seasonalBacktest,
  seasonalityScanPart,
  serializeScanPart,
  walkForward,
  type PriceSeries,
} from '@solstice/analytics';
import type { AdjustedCloses, AnalyticsOutcome, AnalyticsTask } from './analytics-task.js';
import { SharedBuffers } from './shared-buffers.js';
import { sharedSeries } from './shared-market.js';

/**
 * A worker of the analytics pool (analytics-pool.ts). It keeps the views of the latest
 * shared market, so the window tables the analytics memoize per series object survive from
 * one task to the next, and are dropped with the views when the market changes.
 */
let view: { id: number; series: Map<string, PriceSeries>; adjusted: Map<string, PriceSeries> } | null = null;

/** Where this thread writes the parts of scans it sends (released by the event loop once merged). */
const buffers = new SharedBuffers();

class Cancelled extends Error {}

function seriesOf(task: AnalyticsTask, symbol: string): PriceSeries {
  if (view?.id !== task.market.id)
    view = { id: task.market.id, series: sharedSeries(task.market), adjusted: new Map() };
  const series = view.series.get(symbol);
  if (!series) throw new Error(`analytics worker: no shared series for ${symbol}`);
  const adjusted = 'adjusted' in task.job ? task.job.adjusted?.find((a) => a.symbol === symbol) : undefined;
  return adjusted ? adjustedSeries(view.adjusted, series, adjusted) : series;
}

/** A future's series on its adjusted closes, kept per market version and mode (its window tables are memoized per object). */
function adjustedSeries(
  kept: Map<string, PriceSeries>,
  shared: PriceSeries,
  { symbol, mode, close }: AdjustedCloses,
): PriceSeries {
  const key = `${symbol}\u0000${mode}`;
  let series = kept.get(key);
  if (!series) {
    series = { symbol, dates: shared.dates, open: close, high: close, low: close, close, volume: close };
    kept.set(key, series);
  }
  return series;
}

/** The universe, checking between two symbols whether the caller has gone. */
function* cancellable(task: AnalyticsTask, symbols: readonly string[]): Generator<PriceSeries> {
  for (const symbol of symbols) {
    if (Atomics.load(task.cancel, 0) !== 0) throw new Cancelled();
    yield seriesOf(task, symbol);
  }
}

export default function run(task: AnalyticsTask): AnalyticsOutcome {
  if (Atomics.load(task.cancel, 0) !== 0) return { cancelled: true };
  try {
    return { cancelled: false, result: runJob(task) };
  } catch (error) {
    if (error instanceof Cancelled) return { cancelled: true };
    throw error;
  }
}

/** A condition's rs() reads the other symbols' shared closes (a context cannot be sent to a thread). */
function withConditionContext<T extends { condition?: unknown }>(task: AnalyticsTask, options: T): T {
  if (!options.condition) return options;
  return { ...options, conditionContext: { series: (symbol: string) => trySeries(task, symbol) } };
}

function trySeries(task: AnalyticsTask, symbol: string): PriceSeries | undefined {
  try {
    return seriesOf(task, symbol);
  } catch {
    return undefined;
  }
}

function runJob(task: AnalyticsTask): unknown {
  const { job } = task;
  switch (job.kind) {
    case 'scan':
      return seasonalityScanPart(
        cancellable(task, job.symbols),
        withConditionContext(task, job.options),
        buffers.allocate,
      );
    case 'scanJson': {
      const options = withConditionContext(task, job.options);
      const part = seasonalityScanPart(cancellable(task, job.symbols), options, buffers.allocate);
      return serializeScanPart(part, job.options, buffers.allocate);
    }
    case 'bestTrades':
      return bestTrades(seriesOf(task, job.symbol), withConditionContext(task, job.options));
    case 'walkForward':
      return walkForward(seriesOf(task, job.symbol), job.options);
    case 'overfitting':
      return overfitting(seriesOf(task, job.symbol), job.options);
    case 'backtest':
      return seasonalBacktest((symbol) => seriesOf(task, symbol), job.options);
  }
}
