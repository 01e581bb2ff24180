import { z } from 'zod';
import { symbolSchema } from './common.js';
import { directionSchema, monthDaySchema, rollAdjustSchema, SEASONALITY_LIMITS } from './seasonality.js';
import { yearSetFields } from './year-sets.js';

/** Limits of the seasonal backtest (analytics.md, "Seasonal backtest"). */
export const BACKTEST_LIMITS = {
  maxLegs: 20,
  /** Cost per side, in basis points (10 %). */
  maxCostBps: 1000,
  defaultCostBps: 5,
  defaultBenchmark: 'SPY',
} as const;

/** A number from JSON, or from text (the command line's options). */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d*\.?\d+\s*$/.test(v) ? Number(v) : v), schema);

const year = numeric(
  z
    .number({ message: 'expected a year' })
    .int('expected a year')
    .min(SEASONALITY_LIMITS.minYear, `expected a year of at least ${SEASONALITY_LIMITS.minYear}`)
    .max(SEASONALITY_LIMITS.maxYear, `expected a year of at most ${SEASONALITY_LIMITS.maxYear}`),
);

/** One leg: a symbol's window, traded each used year. */
export const backtestLegSchema = z
  .strictObject({
    symbol: symbolSchema,
    start: monthDaySchema,
    end: monthDaySchema,
    direction: directionSchema.default('long'),
  })
  .superRefine((leg, ctx) => {
    if (leg.start === leg.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'expected an end different from the start' });
  });
export type BacktestLegInput = z.input<typeof backtestLegSchema>;

/** POST /api/v1/seasonality/backtest: legs, the years (from, to and a year set), costs and the benchmark. */
export const backtestBodySchema = z
  .strictObject({
    legs: z
      .array(backtestLegSchema, { message: 'expected a list of legs' })
      .min(1, 'expected at least one leg')
      .max(BACKTEST_LIMITS.maxLegs, `expected at most ${BACKTEST_LIMITS.maxLegs} legs`),
    from: year.optional(),
    to: year.optional(),
    ...yearSetFields,
    costBps: numeric(
      z
        .number({ message: 'expected a number of basis points' })
        .min(0, 'expected a cost of at least 0 bps')
        .max(BACKTEST_LIMITS.maxCostBps, `expected a cost of at most ${BACKTEST_LIMITS.maxCostBps} bps`),
    ).default(BACKTEST_LIMITS.defaultCostBps),
    /** Default SPY (else ^GSPC when the market has no SPY). */
    benchmark: symbolSchema.optional(),
    /** Back-adjustment of every future's roll gaps (legs and benchmark); absent: none. */
    rollAdjust: rollAdjustSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from !== undefined && v.to !== undefined && v.from > v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'expected to ≥ from' });
  });
export type BacktestBody = z.input<typeof backtestBodySchema>;
export type BacktestOptions = z.infer<typeof backtestBodySchema>;

/**
 * How a backtest input problem is named to its user: a leg as `legs[2]`, a field of it as
 * `legs[2].start` (path as zod gives it, without the `body.` of the API's issues).
 */
export function backtestFieldLabel(path: readonly PropertyKey[]): string {
  const [first, index, ...rest] = path.map(String);
  if (first === 'legs' && index !== undefined && /^\d+$/.test(index)) return [`legs[${index}]`, ...rest].join('.');
  return path.map(String).join('.') || 'body';
}

// ---- response -----------------------------------------------------------------------

const nullableNumber = z.number().nullable();

export const backtestTradeSchema = z.object({
  symbol: z.string(),
  start: z.string(),
  end: z.string(),
  direction: directionSchema,
  /** The window's start year. */
  year: z.number().int(),
  entryDate: z.string(),
  exitDate: z.string(),
  /** Net of costs. */
  return: z.number(),
  /** A future's roll gaps after the entry up to and including the exit (data-providers.md §15.5); absent otherwise. */
  rollGaps: z.array(z.string()).optional(),
});

export const backtestResponseSchema = z.object({
  /** The sum of the sleeves on each equity date (the legs' trading days from the first entry to the last exit). */
  equity: z.array(z.object({ date: z.string(), value: z.number() })),
  /** In entry-date order; on the same date, in leg order. */
  trades: z.array(backtestTradeSchema),
  /** Every figure but `trades` is null when there is no trade. */
  metrics: z.object({
    totalReturn: nullableNumber,
    cagr: nullableNumber,
    maxDrawdown: nullableNumber,
    volatility: nullableNumber,
    sharpe: nullableNumber,
    sortino: nullableNumber,
    exposure: nullableNumber,
    trades: z.number().int(),
    tradeWinRate: nullableNumber,
    avgTrade: nullableNumber,
  }),
  /**
   * Buy and hold of the benchmark over its own span, no cost (analytics.md, "Seasonal backtest",
   * Benchmark); null when the market has no benchmark.
   */
  benchmark: z
    .object({
      symbol: z.string(),
      totalReturn: nullableNumber,
      cagr: nullableNumber,
      maxDrawdown: nullableNumber,
      sharpe: nullableNumber,
      /**
       * The span: the equity dates on or after the benchmark's first close (all of them when it
       * has one by the first equity date); null without trades or without a close by the last.
       */
      from: z.string().nullable(),
      to: z.string().nullable(),
      /**
       * B(t) on the span's dates (the strategy's equity dates from `from`, same order): the
       * benchmark's last close on or before t / its close on `from`; empty when the span is.
       */
      equity: z.array(z.object({ date: z.string(), value: z.number() })),
      /**
       * The strategy's totalReturn, cagr, maxDrawdown and sharpe over the same span (its equity
       * rebased to 1 on `from`), when the span starts after the first equity date; else null.
       */
      strategyOverSpan: z
        .object({
          totalReturn: nullableNumber,
          cagr: nullableNumber,
          maxDrawdown: nullableNumber,
          sharpe: nullableNumber,
        })
        .nullable(),
    })
    .nullable(),
  /**
   * The legs' price currencies, each once in leg order (analytics.md, "Asset classes and
   * calendars"): returns are in each instrument's own currency, never converted.
   */
  currencies: z.array(z.string()).optional(),
});
export type BacktestResponse = z.infer<typeof backtestResponseSchema>;
