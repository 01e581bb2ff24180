import { z } from 'zod';
import { symbolSchema } from './common.js';

/** At most this many expressions in one chart request, each at most CHART_SERIES_MAX_CHARS long. */
export const CHART_MAX_SERIES = 12;
export const CHART_SERIES_MAX_CHARS = 200;
/** Bars of one chart answer: at most (about 40 years of sessions), and when the request names none. */
export const CHART_MAX_BARS = 10_000;
export const CHART_DEFAULT_BARS = 250;
export const CHART_TIMEFRAMES = ['daily', 'weekly', 'monthly'] as const;
export type ChartTimeframe = (typeof CHART_TIMEFRAMES)[number];

export const symbolChartParamsSchema = z.strictObject({ symbol: symbolSchema });

// One `series=` is a text, several an array: both are a list here.
const seriesListSchema = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(z.string().max(CHART_SERIES_MAX_CHARS, `an expression has at most ${CHART_SERIES_MAX_CHARS} characters`))
    .max(CHART_MAX_SERIES, `at most ${CHART_MAX_SERIES} series`),
);

export const symbolChartQuerySchema = z.strictObject({
  timeframe: z.enum(CHART_TIMEFRAMES, { message: 'expected daily, weekly or monthly' }).default('daily'),
  /** Numeric expressions of the scan language, each evaluated on the chart's bars. */
  series: seriesListSchema.optional(),
  /** A symbol whose closes are aligned to the bars' dates (a comparison line). */
  compare: symbolSchema.optional(),
  bars: z.coerce
    .number()
    .int('expected a whole number')
    .min(1, 'expected at least 1 bar')
    .max(CHART_MAX_BARS, `at most ${CHART_MAX_BARS} bars`)
    .default(CHART_DEFAULT_BARS),
});
export type SymbolChartQuery = z.infer<typeof symbolChartQuerySchema>;

const value = z.number().nullable();

/** A symbol's chart on one timeframe (analytics.md, "Scan language"): its last bars and each expression on them. */
export const symbolChartResponseSchema = z.object({
  symbol: z.string(),
  timeframe: z.enum(CHART_TIMEFRAMES),
  /** Each bar's date (weekly/monthly: its last session; the last bar may be in progress). */
  dates: z.array(z.string()),
  open: z.array(z.number()),
  high: z.array(z.number()),
  low: z.array(z.number()),
  close: z.array(z.number()),
  volume: z.array(z.number()),
  /** The requested expressions in their order, each with its value at every bar. */
  series: z.array(z.object({ expression: z.string(), values: z.array(value) })),
  /** The comparison symbol's last close on or before each bar's date (null before its first). */
  compare: z.object({ symbol: z.string(), close: z.array(value) }).nullable(),
});
export type SymbolChartResponse = z.infer<typeof symbolChartResponseSchema>;
