import { z } from 'zod';
import { symbolSchema } from './common.js';

const value = z.number().nullable();

export const indicatorsParamsSchema = z.strictObject({ symbol: symbolSchema });

export const indicatorsQuerySchema = z.strictObject({
  /** `1` adds the chart series (close, SMAs, EMAs, Bollinger bands) of the last `bars` bars. */
  series: z.enum(['0', '1']).optional(),
  bars: z.coerce.number().int('expected a whole number').min(1).max(5000).optional(),
});
export type IndicatorsQuery = z.infer<typeof indicatorsQuerySchema>;

export const performanceSchema = z.object({ w1: value, m1: value, m3: value, m6: value, ytd: value, y1: value });

/** Indicators of one symbol at its latest bar (analytics.md, "Indicators"). */
export const indicatorSnapshotSchema = z.object({
  symbol: z.string(),
  asOf: z.string(),
  close: z.number(),
  sma20: value,
  sma50: value,
  sma200: value,
  ema20: value,
  ema50: value,
  rsi14: value,
  macd: value,
  macdSignal: value,
  macdHist: value,
  atr14: value,
  bbUpper: value,
  bbMiddle: value,
  bbLower: value,
  high52w: value,
  low52w: value,
  change1d: value,
  gap: value,
  perf: performanceSchema,
  avgVolume20: value,
  relVolume: value,
  volatility20: value,
});
export type IndicatorSnapshotResponse = z.infer<typeof indicatorSnapshotSchema>;

export const indicatorChartSeriesSchema = z.object({
  symbol: z.string(),
  dates: z.array(z.string()),
  close: z.array(z.number()),
  sma20: z.array(value),
  sma50: z.array(value),
  sma200: z.array(value),
  ema20: z.array(value),
  ema50: z.array(value),
  bbUpper: z.array(value),
  bbMiddle: z.array(value),
  bbLower: z.array(value),
});

export const indicatorsResponseSchema = indicatorSnapshotSchema.extend({
  series: indicatorChartSeriesSchema.optional(),
});
export type IndicatorsResponse = z.infer<typeof indicatorsResponseSchema>;
