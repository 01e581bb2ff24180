import { dayNumberOf, isoDate, type PriceSeries } from '../series.js';

/**
 * A series for tests: bar i is on consecutive calendar days from `start` unless dates are
 * given; open/high/low default to the close, volume to 1000.
 */
export function testSeries(
  symbol: string,
  close: number[],
  opts: { open?: number[]; high?: number[]; low?: number[]; volume?: number[]; dates?: string[]; start?: string } = {},
): PriceSeries {
  const n = close.length;
  const start = opts.start ?? '2020-01-01';
  const first = dayNumberOf(+start.slice(0, 4), +start.slice(5, 7), +start.slice(8, 10));
  const dates = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const iso = opts.dates?.[i];
    dates[i] = iso ? dayNumberOf(+iso.slice(0, 4), +iso.slice(5, 7), +iso.slice(8, 10)) : first + i;
  }
  return {
    symbol,
    dates,
    open: Float64Array.from(opts.open ?? close),
    high: Float64Array.from(opts.high ?? close),
    low: Float64Array.from(opts.low ?? close),
    close: Float64Array.from(close),
    volume: Float64Array.from(opts.volume ?? close.map(() => 1000)),
  };
}

export const isoOf = isoDate;

/** Every indicator value of a bar or snapshot null: what a too-short history gives. */
export const NO_INDICATOR_VALUES = {
  sma20: null,
  sma50: null,
  sma200: null,
  ema20: null,
  ema50: null,
  rsi14: null,
  macd: null,
  macdSignal: null,
  macdHist: null,
  atr14: null,
  bbUpper: null,
  bbMiddle: null,
  bbLower: null,
  high52w: null,
  low52w: null,
  change1d: null,
  gap: null,
  perf: { w1: null, m1: null, m3: null, m6: null, ytd: null, y1: null },
  avgVolume20: null,
  relVolume: null,
  volatility20: null,
} as const;
