import { packedCivilDate, type PriceSeries } from '../series.js';
import type { Timeframe } from './functions.js';

/** The period a day belongs to: Monday–Sunday weeks, calendar months, as comparable numbers. */
export function periodOf(timeframe: Timeframe, day: number): number {
  if (timeframe === 'weekly') return Math.floor((day + 3) / 7); // day 4 (1970-01-05) is a Monday
  const packed = packedCivilDate(day);
  return Math.floor(packed / 10_000) * 12 + (Math.floor(packed / 100) % 100);
}

/**
 * Weekly or monthly bars built from the daily bars 0 … end (analytics.md, "Timeframes"): a
 * bar per period holding its sessions, open = the first's open, high = the largest high, low =
 * the smallest low, close = the last's close, volume = the sum, date = the last session's. The
 * last bar holds only the sessions up to `end` (the bar in progress).
 */
export function timeframeBars(daily: PriceSeries, timeframe: Timeframe, end = daily.dates.length - 1): PriceSeries {
  const n = Math.min(end + 1, daily.dates.length);
  const count = countPeriods(daily.dates, timeframe, n);
  const out: PriceSeries = {
    symbol: daily.symbol,
    dates: new Int32Array(count),
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
  };
  let k = -1;
  let current = NaN;
  for (let i = 0; i < n; i++) {
    const day = daily.dates[i]!;
    const p = periodOf(timeframe, day);
    if (p !== current) {
      current = p;
      k++;
      out.open[k] = daily.open[i]!;
      out.high[k] = daily.high[i]!;
      out.low[k] = daily.low[i]!;
      out.volume[k] = daily.volume[i]!;
    } else {
      if (daily.high[i]! > out.high[k]! || out.high[k] !== out.high[k]) out.high[k] = daily.high[i]!;
      if (daily.low[i]! < out.low[k]! || out.low[k] !== out.low[k]) out.low[k] = daily.low[i]!;
      out.volume[k] = out.volume[k]! + daily.volume[i]!;
    }
    out.close[k] = daily.close[i]!;
    out.dates[k] = day;
  }
  return out;
}

function countPeriods(dates: Int32Array, timeframe: Timeframe, n: number): number {
  let count = 0;
  let current = NaN;
  for (let i = 0; i < n; i++) {
    const p = periodOf(timeframe, dates[i]!);
    if (p !== current) {
      current = p;
      count++;
    }
  }
  return count;
}

/** Whether daily bar i is the last session of its period among the bars 0 … end. */
export function endsPeriod(dates: Int32Array, timeframe: Timeframe, i: number, end: number): boolean {
  return i === end || periodOf(timeframe, dates[i]!) !== periodOf(timeframe, dates[i + 1]!);
}
