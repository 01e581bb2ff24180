import { overfitting, type OverfittingOptions } from '@solstice/analytics';
import { parseWindowSpec, type OverfittingQuery, type OverfittingResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { checkOverfittingCost, overfittingCost } from './overfitting-cost.js';
import { symbolAnalysis } from './symbol-series.js';

/** The analytics' options of a parsed query (analytics.md, "Overfitting of a best-trades search"). */
export function overfittingOptions(q: OverfittingQuery): OverfittingOptions {
  return {
    minDays: q.minDays,
    maxDays: q.maxDays,
    from: q.from,
    to: q.to,
    cycle: q.cycle,
    parity: q.parity,
    exclude: q.exclude,
    minYears: q.minYears,
    direction: q.direction,
    blocks: q.blocks,
    window: q.window === undefined ? undefined : parseWindowSpec(q.window),
    bootstrap: q.bootstrap,
    seed: BigInt(q.seed),
  };
}

/**
 * The answer in this thread (the command line), or the same as a job of the analytics pool
 * after the cost model (a 400 naming the input to narrow, before any work).
 */
const analysis = symbolAnalysis('overfitting', overfitting, overfittingOptions, (series, q: OverfittingQuery) =>
  checkOverfittingCost(overfittingCost(series, q), q),
);

export const overfittingOf: (market: MarketCache, q: OverfittingQuery) => OverfittingResponse = analysis.here;

export const overfittingJob = analysis.job;
