import type { IndicatorBar } from '../indicators/snapshot.js';
import type { ScanInstrument } from './field-table.js';

/** Test helpers: an indicator bar with every value null unless given, and an instrument. */
export function testBar(values: Partial<IndicatorBar> & { close: number }): IndicatorBar {
  return {
    symbol: 'X',
    asOf: '2024-05-10',
    open: values.close,
    high: values.close,
    low: values.close,
    volume: 1000,
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
    ...values,
  };
}

export function testInstrument(
  symbol: string,
  sector: string | null,
  extra: Partial<ScanInstrument> = {},
): ScanInstrument {
  return { symbol, name: `${symbol} Inc.`, type: 'stock', sector, industry: null, marketCap: null, ...extra };
}
