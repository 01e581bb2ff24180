import type { PriceSeries } from '@solstice/analytics';
import { notFound } from '../../http/errors.js';
import type { MarketCache } from '../market/market-cache.js';
import type { AnalyticsJob } from './pool/analytics-task.js';

/** The series of a symbol; a 404 when the market has no data for it. */
export function seriesOf(market: MarketCache, symbol: string): PriceSeries {
  const series = market.series(symbol);
  if (!series) throw notFound(`No market data for ${symbol}.`);
  return series;
}

type SymbolJob<K extends AnalyticsJob['kind']> = Extract<AnalyticsJob, { kind: K; symbol: string }>;

/**
 * An analysis of one symbol's series, both ways: `here` answers in this thread (the command
 * line), `job` is the same as a job of the analytics pool, after `check` (which refuses, with a
 * 400, what would cost too much). A symbol without data is a 404 before either.
 */
export function symbolAnalysis<K extends SymbolJob<AnalyticsJob['kind']>['kind'], Q extends { symbol: string }, R>(
  kind: K,
  analyse: (series: PriceSeries, options: SymbolJob<K>['options']) => R,
  optionsOf: (q: Q) => SymbolJob<K>['options'],
  check: (series: PriceSeries, q: Q) => void = () => {},
) {
  return {
    here: (market: MarketCache, q: Q): R => analyse(seriesOf(market, q.symbol), optionsOf(q)),
    job: (market: MarketCache, q: Q): SymbolJob<K> => {
      check(seriesOf(market, q.symbol), q);
      return { kind, symbol: q.symbol, options: optionsOf(q) } as SymbolJob<K>;
    },
  };
}
