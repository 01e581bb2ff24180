import { periodBars, withTraits, type PeriodBars, type SeriesTraits } from '../calendar/trading-calendar.js';
import { civilDate, dayNumberOf, isoDate, type PriceSeries } from '../series.js';
import { emaSeries, orNull, smaAt, windowMean, windowStdDev } from './moving-averages.js';
import { atrSeries, macdSeries, rsiSeries } from './oscillators.js';

export interface Performance {
  w1: number | null;
  m1: number | null;
  m3: number | null;
  m6: number | null;
  ytd: number | null;
  y1: number | null;
}

/** The indicators of one symbol at one bar (the JSON shape). */
export interface IndicatorSnapshot {
  symbol: string;
  asOf: string;
  close: number;
  sma20: number | null;
  sma50: number | null;
  sma200: number | null;
  ema20: number | null;
  ema50: number | null;
  rsi14: number | null;
  macd: number | null;
  macdSignal: number | null;
  macdHist: number | null;
  atr14: number | null;
  bbUpper: number | null;
  bbMiddle: number | null;
  bbLower: number | null;
  high52w: number | null;
  low52w: number | null;
  change1d: number | null;
  gap: number | null;
  perf: Performance;
  avgVolume20: number | null;
  relVolume: number | null;
  volatility20: number | null;
}

/** A snapshot plus the bar itself, as the scanner's field table needs it. */
export interface IndicatorBar extends IndicatorSnapshot {
  open: number;
  high: number;
  low: number;
  volume: number;
}

/** The recursive indicators, computed once over the whole series and read at any bar. */
interface RecursiveSeries {
  ema20: Float64Array;
  ema50: Float64Array;
  rsi14: Float64Array;
  macd: Float64Array;
  macdSignal: Float64Array;
  macdHist: Float64Array;
  atr14: Float64Array;
}

function recursiveSeries(s: PriceSeries): RecursiveSeries {
  const m = macdSeries(s.close, 12, 26, 9);
  return {
    ema20: emaSeries(s.close, 20),
    ema50: emaSeries(s.close, 50),
    rsi14: rsiSeries(s.close, 14),
    macd: m.macd,
    macdSignal: m.signal,
    macdHist: m.hist,
    atr14: atrSeries(s.high, s.low, s.close, 14),
  };
}

/**
 * Indicators at the latest bar; null for an empty series. `traits` (default: a US stock) give
 * the bars per period of the symbol's calendar and whether it has volume (without, volume,
 * avgVolume20 and relVolume are null).
 */
export function indicatorSnapshot(series: PriceSeries, traits?: SeriesTraits): IndicatorBar | null {
  return indicatorBars(series, 1, series.close.length - 1, traits)[0] ?? null;
}

/**
 * Indicators at each of the last `count` bars up to bar `last` (default: the series' last),
 * oldest first (fewer when the series is shorter). The scanner reads [previous, latest] for
 * "crosses above/below"; a replay as of a past session passes that session's bar as `last`.
 */
export function indicatorBars(
  series: PriceSeries,
  count: number,
  last = series.close.length - 1,
  traits?: SeriesTraits,
): IndicatorBar[] {
  const n = Math.min(series.close.length, last + 1);
  if (n <= 0 || count <= 0) return [];
  const own = withTraits(series, traits);
  const bars = periodBars(traits?.calendar);
  const rec = recursiveSeries(own);
  const out: IndicatorBar[] = [];
  for (let at = Math.max(0, n - count); at < n; at++) out.push(indicatorsAt(own, at, rec, bars));
  return out;
}

/** Indicators at bar `at` (0-based) of the series. */
export function indicatorBarAt(series: PriceSeries, at: number, traits?: SeriesTraits): IndicatorBar {
  const own = withTraits(series, traits);
  return indicatorsAt(own, at, recursiveSeries(own), periodBars(traits?.calendar));
}

function indicatorsAt(s: PriceSeries, at: number, rec: RecursiveSeries, bars: Readonly<PeriodBars>): IndicatorBar {
  const close = s.close[at] as number;
  const prevClose = at >= 1 ? (s.close[at - 1] as number) : NaN;
  const sma20 = smaAt(s.close, 20, at);
  const sd20 = at >= 19 ? windowStdDev(s.close, at - 19, at + 1, false) : NaN;
  return {
    symbol: s.symbol,
    asOf: isoDate(s.dates[at] as number),
    close,
    open: s.open[at] as number,
    high: s.high[at] as number,
    low: s.low[at] as number,
    volume: s.volume[at] as number,
    sma20: orNull(sma20),
    sma50: orNull(smaAt(s.close, 50, at)),
    sma200: orNull(smaAt(s.close, 200, at)),
    ema20: orNull(rec.ema20[at] as number),
    ema50: orNull(rec.ema50[at] as number),
    rsi14: orNull(rec.rsi14[at] as number),
    macd: orNull(rec.macd[at] as number),
    macdSignal: orNull(rec.macdSignal[at] as number),
    macdHist: orNull(rec.macdHist[at] as number),
    atr14: orNull(rec.atr14[at] as number),
    bbUpper: orNull(sma20 + 2 * sd20),
    bbMiddle: orNull(sma20),
    bbLower: orNull(sma20 - 2 * sd20),
    high52w: at >= bars.y1 - 1 ? extreme(s.high, at - bars.y1 + 1, at + 1, true) : null,
    low52w: at >= bars.y1 - 1 ? extreme(s.low, at - bars.y1 + 1, at + 1, false) : null,
    change1d: orNull(close / prevClose - 1),
    gap: orNull((s.open[at] as number) / prevClose - 1),
    perf: {
      w1: barsBack(s.close, at, bars.w1),
      m1: barsBack(s.close, at, bars.m1),
      m3: barsBack(s.close, at, bars.m3),
      m6: barsBack(s.close, at, bars.m6),
      ytd: ytdAt(s, at),
      y1: barsBack(s.close, at, bars.y1),
    },
    avgVolume20: orNull(smaAt(s.volume, 20, at)),
    relVolume: at >= 20 ? orNull((s.volume[at] as number) / windowMean(s.volume, at - 20, at)) : null,
    volatility20: orNull(volatilityAt(s.close, at, 20, bars.y1)),
  };
}

function extreme(values: Float64Array, from: number, to: number, max: boolean): number {
  let best = values[from] as number;
  for (let i = from + 1; i < to; i++) {
    const v = values[i] as number;
    if (max ? v > best : v < best) best = v;
  }
  return best;
}

/** close/close_{−k} − 1, null when there are not k earlier bars. */
export function barsBack(close: ArrayLike<number>, at: number, k: number): number | null {
  if (at - k < 0) return null;
  return orNull((close[at] as number) / (close[at - k] as number) - 1);
}

/**
 * close / close(last trading day of the previous calendar year) − 1. Null when the symbol has
 * no bar in the previous calendar year (listed this year, or a gap over the whole year).
 */
export function ytdAt(s: PriceSeries, at: number): number | null {
  const year = civilDate(s.dates[at] as number).year;
  const jan1 = dayNumberOf(year, 1, 1);
  let j = at;
  while (j >= 0 && (s.dates[j] as number) >= jan1) j--;
  if (j < 0 || (s.dates[j] as number) < dayNumberOf(year - 1, 1, 1)) return null;
  return orNull((s.close[at] as number) / (s.close[j] as number) - 1);
}

function volatilityAt(close: ArrayLike<number>, at: number, n: number, barsPerYear: number): number {
  if (at < n) return NaN;
  const r = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = at - n + 1 + k;
    r[k] = (close[i] as number) / (close[i - 1] as number) - 1;
  }
  return windowStdDev(r, 0, n, true) * Math.sqrt(barsPerYear);
}

/** The public snapshot shape (drops the raw bar fields). */
export function toSnapshot(bar: IndicatorBar): IndicatorSnapshot {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { open, high, low, volume, ...snapshot } = bar;
  return snapshot;
}
