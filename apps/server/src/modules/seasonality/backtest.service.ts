import { seasonalBacktest, type SeasonalBacktestOptions } from '@solstice/analytics';
import {
  backtestBodySchema,
  backtestFieldLabel,
  type BacktestOptions,
  type BacktestResponse,
  type FieldIssue,
} from '@solstice/contracts';
import { AppError, validationFailed } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import type { MarketCache } from '../market/market-cache.js';
import type { AnalyticsPool } from './pool/analytics-pool.js';
import { BENCHMARK_SYMBOLS, type PoolContext } from './seasonality.service.js';
import { adjustedClosesFor, rollGapsBySymbol, seriesForMode } from './futures-series.js';
import { rollGapsInYear } from '@solstice/analytics';

/** An issue's path as the API names it (`body.legs.2.start`) → as its message names it (`legs[2].start`). */
const label = (path: string) =>
  backtestFieldLabel(
    path
      .replace(/^body\.?/, '')
      .split('.')
      .filter(Boolean),
  );

/** A 400 whose message names every problem, each leg as `legs[2]` (analytics.md, "Seasonal backtest"). */
function invalid(issues: (FieldIssue & { text: string })[]): AppError {
  return validationFailed(
    issues.map((i) => i.text).join('; '),
    issues.map(({ path, message }) => ({ path, message })),
  );
}

/** The body of POST /api/v1/seasonality/backtest; a 400 names the leg at fault (`legs[2].start: …`). */
export function parseBacktestBody(value: unknown): BacktestOptions {
  try {
    return parseInput(backtestBodySchema, value, 'body');
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'validation_failed')) throw error;
    const { issues } = error.details as { issues: FieldIssue[] };
    throw invalid(issues.map((i) => ({ ...i, text: `${label(i.path)}: ${i.message}` })));
  }
}

/**
 * The analytics' options: every leg's symbol must have market data (a 400 naming the leg:
 * `legs[2]: unknown symbol ZZZZ`), and so must a benchmark given; without one, the first of
 * SPY and ^GSPC the market has (none: no benchmark).
 */
export function backtestOptions(market: MarketCache, o: BacktestOptions): SeasonalBacktestOptions {
  const issues: (FieldIssue & { text: string })[] = [];
  o.legs.forEach((leg, i) => {
    if (!market.series(leg.symbol)) {
      issues.push({
        path: `body.legs.${i}.symbol`,
        message: `unknown symbol ${leg.symbol}`,
        text: `legs[${i}]: unknown symbol ${leg.symbol}`,
      });
    }
  });
  if (o.benchmark !== undefined && !market.series(o.benchmark)) {
    const message = `unknown symbol ${o.benchmark}`;
    issues.push({ path: 'body.benchmark', message, text: `benchmark: ${message}` });
  }
  if (issues.length > 0) throw invalid(issues);
  // each leg on its instrument's calendar (the annualization) and in its currency (never converted)
  const legs = o.legs.map((leg) => {
    const info = market.instrument(leg.symbol);
    if (!info) return leg;
    return { ...leg, calendar: info.calendar, ...(info.currency ? { currency: info.currency } : {}) };
  });
  return { ...o, legs, benchmark: o.benchmark ?? BENCHMARK_SYMBOLS.find((s) => market.series(s)) ?? null };
}

/** The symbols a backtest reads: its legs' and its benchmark's. */
function symbolsOf(options: SeasonalBacktestOptions): string[] {
  const symbols = new Set(options.legs.map((l) => l.symbol));
  if (options.benchmark) symbols.add(options.benchmark);
  return [...symbols];
}

/** Each trade of a future with the roll gaps after its entry up to and including its exit (data-providers.md §15.5). */
function withTradeRollGaps(market: MarketCache, answer: BacktestResponse): BacktestResponse {
  const gaps = rollGapsBySymbol(
    market,
    answer.trades.map((t) => t.symbol),
  );
  if (gaps.size === 0) return answer;
  return {
    ...answer,
    trades: answer.trades.map((t) => {
      const dates = gaps.get(t.symbol);
      return dates ? { ...t, rollGaps: rollGapsInYear(dates, t.entryDate, t.exitDate) } : t;
    }),
  };
}

/**
 * The backtest in this thread (the CLI); the same answer as backtestInPool. Every future,
 * leg or benchmark, is read adjusted by `rollAdjust` (a 400 at body.rollAdjust when a
 * difference adjustment gives a price ≤ 0).
 */
export function backtestOf(market: MarketCache, o: BacktestOptions): BacktestResponse {
  const options = backtestOptions(market, o);
  const answer = seasonalBacktest((symbol) => seriesForMode(market, symbol, o.rollAdjust, 'body.rollAdjust'), options);
  return withTradeRollGaps(market, answer);
}

/** The backtest in the analytics pool (the API). */
export async function backtestInPool(
  market: MarketCache,
  analytics: AnalyticsPool,
  o: BacktestOptions,
  context: PoolContext,
): Promise<BacktestResponse> {
  const options = backtestOptions(market, o);
  const symbols = symbolsOf(options);
  const adjusted = adjustedClosesFor(market, symbols, o.rollAdjust, 'body.rollAdjust');
  const job = { kind: 'backtest' as const, symbols, options, ...(adjusted.length > 0 ? { adjusted } : {}) };
  return withTradeRollGaps(market, await analytics.run(job, context));
}
