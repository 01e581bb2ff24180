import { overfitting, type OverfittingOptions } from '@solstice/analytics';
import { parseWindowSpec, type OverfittingQuery, type OverfittingResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { checkOverfittingCost, overfittingCost } from './overfitting-cost.js';
import { symbolAnalysis } from './symbol-series.js';
import { adjustedClosesFor, seasonalSeries } from './futures-series.js';
import type { AnalyticsJob } from './pool/analytics-task.js';
import { windowRollGaps, yearSetOf } from './seasonality.service.js';

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

/**
 * A future's selected window with its traded years' roll gaps (data-providers.md §15.5), its
 * pattern taken on the series the search read; any other answer as it is.
 */
export function withSelectedRollGaps(
  market: MarketCache,
  q: OverfittingQuery,
  answer: OverfittingResponse,
): OverfittingResponse {
  const { series, rollGaps } = seasonalSeries(market, q.symbol, q.rollAdjust, 'query.rollAdjust');
  if (!rollGaps || !answer.selected) return answer;
  const { selected } = answer;
  return {
    ...answer,
    selected: { ...selected, rollGaps: windowRollGaps(series, rollGaps, selected, yearSetOf(q), selected.direction) },
  };
}

/** The answer in this thread (the command line): a future's series adjusted by rollAdjust. */
export function overfittingOf(market: MarketCache, q: OverfittingQuery): OverfittingResponse {
  const { series } = seasonalSeries(market, q.symbol, q.rollAdjust, 'query.rollAdjust');
  return withSelectedRollGaps(market, q, overfitting(series, overfittingOptions(q)));
}

/** The job of the analytics pool: a future's adjusted closes sent with it (the threads share the stored ones). */
export function overfittingJob(
  market: MarketCache,
  q: OverfittingQuery,
): Extract<AnalyticsJob, { kind: 'overfitting' }> {
  const job = analysis.job(market, q);
  const adjusted = adjustedClosesFor(market, [q.symbol], q.rollAdjust, 'query.rollAdjust');
  return adjusted.length > 0 ? { ...job, adjusted } : job;
}
