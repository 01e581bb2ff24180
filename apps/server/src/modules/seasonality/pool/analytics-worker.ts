import {
  bestTrades,
  overfitting,
  seasonalBacktest,
  seasonalityScanPart,
  serializeScanPart,
  walkForward,
  type PriceSeries,
} from '@solstice/analytics';
import type { AnalyticsOutcome, AnalyticsTask } from './analytics-task.js';
import { SharedBuffers } from './shared-buffers.js';
import { sharedSeries } from './shared-market.js';

/**
 * A worker of the analytics pool (analytics-pool.ts). It keeps the views of the latest
 * shared market, so the window tables the analytics memoize per series object survive from
 * one task to the next, and are dropped with the views when the market changes.
 */
let view: { id: number; series: Map<string, PriceSeries> } | null = null;

/** Where this thread writes the parts of scans it sends (released by the event loop once merged). */
const buffers = new SharedBuffers();

class Cancelled extends Error {}

function seriesOf(task: AnalyticsTask, symbol: string): PriceSeries {
  if (view?.id !== task.market.id) view = { id: task.market.id, series: sharedSeries(task.market) };
  const series = view.series.get(symbol);
  if (!series) throw new Error(`analytics worker: no shared series for ${symbol}`);
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

function runJob(task: AnalyticsTask): unknown {
  const { job } = task;
  switch (job.kind) {
    case 'scan':
      return seasonalityScanPart(cancellable(task, job.symbols), job.options, buffers.allocate);
    case 'scanJson': {
      const part = seasonalityScanPart(cancellable(task, job.symbols), job.options, buffers.allocate);
      return serializeScanPart(part, job.options, buffers.allocate);
    }
    case 'bestTrades':
      return bestTrades(seriesOf(task, job.symbol), job.options);
    case 'walkForward':
      return walkForward(seriesOf(task, job.symbol), job.options);
    case 'overfitting':
      return overfitting(seriesOf(task, job.symbol), job.options);
    case 'backtest':
      return seasonalBacktest((symbol) => seriesOf(task, symbol), job.options);
  }
}
