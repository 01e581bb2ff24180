import { isoDate, type PriceSeries } from '../series.js';
import { emaSeries, orNull, smaSeries } from './moving-averages.js';
import { bollingerSeries } from './oscillators.js';

/** The last `bars` points of the overlays drawn on a symbol's price chart. */
export interface IndicatorChartSeries {
  symbol: string;
  dates: string[];
  close: number[];
  sma20: (number | null)[];
  sma50: (number | null)[];
  sma200: (number | null)[];
  ema20: (number | null)[];
  ema50: (number | null)[];
  bbUpper: (number | null)[];
  bbMiddle: (number | null)[];
  bbLower: (number | null)[];
}

export function indicatorChartSeries(series: PriceSeries, bars: number): IndicatorChartSeries {
  const n = series.close.length;
  const from = Math.max(0, n - bars);
  const pick = (values: Float64Array) => Array.from(values.subarray(from), orNull);
  const bb = bollingerSeries(series.close, 20, 2);
  return {
    symbol: series.symbol,
    dates: Array.from(series.dates.subarray(from), isoDate),
    close: Array.from(series.close.subarray(from)),
    sma20: pick(smaSeries(series.close, 20)),
    sma50: pick(smaSeries(series.close, 50)),
    sma200: pick(smaSeries(series.close, 200)),
    ema20: pick(emaSeries(series.close, 20)),
    ema50: pick(emaSeries(series.close, 50)),
    bbUpper: pick(bb.upper),
    bbMiddle: pick(bb.middle),
    bbLower: pick(bb.lower),
  };
}
