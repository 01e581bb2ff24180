import { z } from 'zod';
import { nullableFields, sampleStatsShape } from './sample-stats.js';
import { directionSchema } from './seasonality.js';

/** The answers of the seasonality API (analytics.md); the queries are in seasonality.ts. */

export const windowStatsSchema = z.object({
  ...sampleStatsShape,
  avgGain: z.number().nullable(),
  avgLoss: z.number().nullable(),
  annualized: z.number().nullable(),
  sharpe: z.number().nullable(),
  calendarDays: z.number().int(),
  pValue: z.number().nullable(),
  withoutBest: z.number().nullable(),
  recent: z.number(),
});
export type WindowStats = z.infer<typeof windowStatsSchema>;

/** How a window went against and for the holder (analytics.md, "Risk inside a window"). */
export const windowRiskSchema = z.object({
  meanMae: z.number(),
  medianMae: z.number(),
  worstMae: z.number(),
  /** The earliest start year whose MAE is worstMae. */
  worstMaeYear: z.number().int(),
  meanMfe: z.number(),
  medianMfe: z.number(),
  /** mean / |meanMae|; null when meanMae is 0 (no close went against the trade in any year). */
  returnToRisk: z.number().nullable(),
});
/**
 * A window's statistics with its risk: what pattern, best trades and the scanner report. With a
 * condition, over the kept years, and `conditionRemoved`: the years that count that it removed.
 */
export const windowRiskStatsSchema = windowStatsSchema.extend({
  ...windowRiskSchema.shape,
  conditionRemoved: z.number().int().optional(),
});
export type WindowRiskStats = z.infer<typeof windowRiskStatsSchema>;

export const patternYearSchema = z.object({
  year: z.number().int(),
  entryDate: z.string(),
  exitDate: z.string(),
  entryClose: z.number(),
  exitClose: z.number(),
  return: z.number(),
  /** The MFE. */
  maxRise: z.number(),
  /** The MAE. */
  maxDrop: z.number(),
  /** Trading days after entry of the first close that gives the MAE (0: the entry day), and its date. */
  maeDay: z.number().int(),
  maeDate: z.string(),
  mfeDay: z.number().int(),
  mfeDate: z.string(),
  tradingDays: z.number().int(),
  /** A future's only: its roll gaps after entry up to and including exit (data-providers.md §15.5). */
  rollGaps: z.array(z.string()).optional(),
});

export const patternResponseSchema = z.object({
  symbol: z.string(),
  start: z.string(),
  end: z.string(),
  direction: directionSchema,
  years: z.array(patternYearSchema),
  /** Null when no year counts (with a condition: none is kept). */
  stats: windowRiskStatsSchema.nullable(),
  /** With a condition only: `years` and `stats` are then the kept years'; these were removed. */
  condition: z
    .object({ expression: z.string(), removed: z.number().int(), removedYears: z.array(z.number().int()) })
    .optional(),
  /**
   * The same window on the benchmark index (SPY, else ^GSPC), over the years that count for
   * both; null when neither exists or the symbol is the benchmark itself.
   */
  benchmark: z
    .object({
      symbol: z.string(),
      /** The benchmark's statistics over the years both count. */
      stats: windowStatsSchema.nullable(),
      /** The symbol's mean return over those years; null when none. */
      symbolMean: z.number().nullable(),
      /** Mean over the years both count of (symbol's return − benchmark's return); null when none. */
      excessMean: z.number().nullable(),
      /** Those years with the benchmark's return and the difference. */
      years: z.array(z.object({ year: z.number().int(), return: z.number(), excess: z.number() })),
    })
    .nullable(),
});
export type PatternResponse = z.infer<typeof patternResponseSchema>;

export const calendarResponseSchema = z.object({
  symbol: z.string(),
  /** `partial`: the month (year) holding the latest bar, "to date", in no statistic. */
  months: z.array(
    z.object({ year: z.number().int(), month: z.number().int(), return: z.number(), partial: z.boolean() }),
  ),
  years: z.array(z.object({ year: z.number().int(), return: z.number(), partial: z.boolean() })),
  /** Per month, complete months only. */
  summary: z.array(
    z.object({
      month: z.number().int(),
      count: z.number().int(),
      ...nullableFields(sampleStatsShape, ['mean', 'median', 'winRate', 'min', 'max', 'stdDev']),
    }),
  ),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

export const chartResponseSchema = z.object({
  symbol: z.string(),
  years: z.array(z.number().int()),
  /** 365 values; null when no complete year. */
  curve: z.array(z.number()).nullable(),
  detrended: z.array(z.number()).nullable(),
  current: z.object({ year: z.number().int(), values: z.array(z.number()) }).nullable(),
  /** With paths=1: each year of `years` (365 values) and their day-by-day median (null without a year). */
  paths: z.array(z.object({ year: z.number().int(), values: z.array(z.number()) })).optional(),
  median: z.array(z.number()).nullable().optional(),
  /**
   * Against the benchmark index (SPY, else ^GSPC): both average years over only the years both
   * symbols use; null when neither exists or the symbol is the benchmark itself.
   */
  benchmark: z
    .object({
      symbol: z.string(),
      years: z.array(z.number().int()),
      /** The symbol's curve over those years; null when they share none. */
      curve: z.array(z.number()).nullable(),
      detrended: z.array(z.number()).nullable(),
      benchmarkCurve: z.array(z.number()).nullable(),
      benchmarkDetrended: z.array(z.number()).nullable(),
    })
    .nullable(),
});
export type ChartResponse = z.infer<typeof chartResponseSchema>;

export const seasonalWindowSchema = z.object({
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  stats: windowStatsSchema,
});
export type SeasonalWindow = z.infer<typeof seasonalWindowSchema>;

/** A reported window whose pValue is adjusted by Benjamini–Hochberg over the answer's `tested` windows. */
export const testedWindowSchema = seasonalWindowSchema.extend({
  stats: windowRiskStatsSchema.extend({ qValue: z.number().nullable() }),
  /** A future's only: per traded year, its roll gaps after entry up to and including exit (data-providers.md §15.5). */
  rollGaps: z.array(z.object({ year: z.number().int(), dates: z.array(z.string()) })).optional(),
});
export type TestedWindow = z.infer<typeof testedWindowSchema>;

export const bestTradesResponseSchema = z.object({
  symbol: z.string(),
  /** analytics.md "Multiple testing": every (start, length, direction) window with count ≥ the effective minYears. */
  tested: z.number().int(),
  long: z.array(testedWindowSchema),
  short: z.array(testedWindowSchema),
});
export type BestTradesResponse = z.infer<typeof bestTradesResponseSchema>;

export const seasonalScanResponseSchema = z.object({
  /** Each result's stats.qValue: its pValue adjusted by Benjamini–Hochberg over the `tested` windows. */
  results: z.array(
    testedWindowSchema.extend({
      symbol: z.string(),
      direction: directionSchema,
      /** count below 10, the scanner's least default minYears: possible only with a smaller minYears given. */
      smallSample: z.boolean(),
      /** Upcoming mode: the mean of close × volume over the 20 bars ending with the session's (null with fewer). */
      dollarVolume20: z.number().nullable().optional(),
      /** Upcoming mode: the window's next start and end dates (YYYY-MM-DD) after the session. */
      startDate: z.string().optional(),
      endDate: z.string().optional(),
    }),
  ),
  /** analytics.md "Multiple testing": the windows the scan tested (count ≥ each symbol's effective minYears). */
  tested: z.number().int(),
  /** Upcoming mode: the session the scan reads up to (null when no symbol has a bar by the date given). */
  asOf: z.string().nullable().optional(),
  /** Upcoming mode: the start days searched (MM-DD; null without a session). */
  startFrom: z.string().nullable().optional(),
  startTo: z.string().nullable().optional(),
  /** Upcoming mode: symbols whose first bar is on or before the session but have no bar on it. */
  stale: z.number().int().optional(),
  /** Upcoming mode: symbols left out for their 20-day dollar volume (null or below minDollarVolume). */
  illiquid: z.number().int().optional(),
});
export type SeasonalScanResponse = z.infer<typeof seasonalScanResponseSchema>;
