import { emaSeries, smaSeries, wilderSeries, windowStdDev } from './moving-averages.js';

/**
 * rsi(n), Wilder: changes c_t = close_t − close_{t−1} (from the second bar); the first
 * average gain/loss is the simple mean of the first n gains/losses, then Wilder smoothing.
 * 100 when the average loss is 0. First value at bar index n.
 */
export function rsiSeries(close: ArrayLike<number>, n = 14): Float64Array {
  const len = close.length;
  const gains = new Float64Array(len);
  const losses = new Float64Array(len);
  for (let i = 1; i < len; i++) {
    const c = (close[i] as number) - (close[i - 1] as number);
    gains[i] = c > 0 ? c : 0;
    losses[i] = c < 0 ? -c : 0;
  }
  const avgGain = wilderSeries(gains, n, 1);
  const avgLoss = wilderSeries(losses, n, 1);
  const out = new Float64Array(len).fill(NaN);
  for (let i = n; i < len; i++) {
    const g = avgGain[i] as number;
    const l = avgLoss[i] as number;
    out[i] = l === 0 ? 100 : 100 - 100 / (1 + g / l);
  }
  return out;
}

export interface MacdSeries {
  macd: Float64Array;
  signal: Float64Array;
  hist: Float64Array;
}

/** macd = ema(fast) − ema(slow); signal = ema(signal) of macd seeded by the sma of its first values. */
export function macdSeries(close: ArrayLike<number>, fast = 12, slow = 26, signalN = 9): MacdSeries {
  const f = emaSeries(close, fast);
  const s = emaSeries(close, slow);
  const macd = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) macd[i] = (f[i] as number) - (s[i] as number);
  const signal = emaSeries(macd, signalN);
  const hist = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) hist[i] = (macd[i] as number) - (signal[i] as number);
  return { macd, signal, hist };
}

/** True range; the first bar's is high − low. */
export function trueRangeSeries(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) {
    const h = high[i] as number;
    const l = low[i] as number;
    if (i === 0) {
      out[i] = h - l;
    } else {
      const pc = close[i - 1] as number;
      out[i] = Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc));
    }
  }
  return out;
}

/** atr(n), Wilder: the first value (bar n−1) is the mean of the first n true ranges. */
export function atrSeries(
  high: ArrayLike<number>,
  low: ArrayLike<number>,
  close: ArrayLike<number>,
  n = 14,
): Float64Array {
  return wilderSeries(trueRangeSeries(high, low, close), n, 0);
}

export interface BollingerSeries {
  upper: Float64Array;
  middle: Float64Array;
  lower: Float64Array;
}

/** middle = sma(n); upper/lower = middle ± k × population sd of the last n closes. */
export function bollingerSeries(close: ArrayLike<number>, n = 20, k = 2): BollingerSeries {
  const middle = smaSeries(close, n);
  const upper = new Float64Array(close.length).fill(NaN);
  const lower = new Float64Array(close.length).fill(NaN);
  for (let i = n - 1; i < close.length; i++) {
    const sd = windowStdDev(close, i - n + 1, i + 1, false);
    upper[i] = (middle[i] as number) + k * sd;
    lower[i] = (middle[i] as number) - k * sd;
  }
  return { upper, middle, lower };
}

/** Sample sd of the last n daily returns × √(bars per year: 252, or the calendar's y1), at every bar (first at bar n). */
export function volatilitySeries(close: ArrayLike<number>, n = 20, barsPerYear = 252): Float64Array {
  const len = close.length;
  const returns = new Float64Array(len).fill(NaN);
  for (let i = 1; i < len; i++) returns[i] = (close[i] as number) / (close[i - 1] as number) - 1;
  const out = new Float64Array(len).fill(NaN);
  for (let i = n; i < len; i++) out[i] = windowStdDev(returns, i - n + 1, i + 1, true) * Math.sqrt(barsPerYear);
  return out;
}
