import {
  bestTrades,
  seasonalBacktest,
  seasonalityScanPart,
  serializeScanPart,
  walkForward,
  type PriceSeries,
} from '@solstice/analytics';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { AnalyticsOutcome, AnalyticsTask } from './analytics-task.js';
import { sharedSeries } from './shared-market.js';

/**
 * A worker of the analytics pool (analytics-pool.ts). It keeps the views of the latest
 * shared market, so the window tables the analytics memoize per series object survive from
 * one task to the next, and are dropped with the views when the market changes.
 */
let view: { id: number; series: Map<string, PriceSeries> } | null = null;

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
    const result = runJob(task);
    // A scan's part is made for this answer alone: its buffers can leave the thread.
    const kind = task.job.kind;
    const moved = kind === 'scan' || kind === 'scanJson' ? buffersOf(result) : [];
    return withBuffersMoved({ cancelled: false, result }, moved);
  } catch (error) {
    if (error instanceof Cancelled) return { cancelled: true };
    throw error;
  }
}

function runJob(task: AnalyticsTask): unknown {
  const { job } = task;
  switch (job.kind) {
    case 'scan':
      return seasonalityScanPart(cancellable(task, job.symbols), job.options);
    case 'scanJson':
      return serializeScanPart(seasonalityScanPart(cancellable(task, job.symbols), job.options), job.options);
    case 'bestTrades':
      return bestTrades(seriesOf(task, job.symbol), job.options);
    case 'walkForward':
      return walkForward(seriesOf(task, job.symbol), job.options);
    case 'backtest':
      return seasonalBacktest((symbol) => seriesOf(task, symbol), job.options);
  }
}

/**
 * The typed arrays of a result worth moving to the caller's thread rather than copying twice
 * (a scan's part of 10,000 symbols: its text and its tests, about 10 MB): those that own their
 * whole buffer, once each.
 */
function buffersOf(result: unknown): ArrayBuffer[] {
  if (typeof result !== 'object' || result === null) return [];
  const buffers = new Set<ArrayBuffer>();
  const add = (value: unknown) => {
    if (!ArrayBuffer.isView(value)) return;
    const { buffer } = value;
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength)
      buffers.add(buffer);
  };
  for (const value of Object.values(result)) {
    add(value);
    if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !Array.isArray(value))
      Object.values(value).forEach(add);
  }
  return [...buffers];
}

/** The outcome, its buffers moved (transferred) with it when there are any. */
function withBuffersMoved(outcome: AnalyticsOutcome, buffers: ArrayBuffer[]): AnalyticsOutcome {
  if (buffers.length === 0) return outcome;
  // Piscina posts the value with the buffers in its transfer list: the caller receives the outcome.
  return move({ [transferableSymbol]: buffers, [valueSymbol]: outcome }) as unknown as AnalyticsOutcome;
}
