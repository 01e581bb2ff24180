import type { IndicatorBar } from '../indicators/snapshot.js';
import { NO_INDICATOR_VALUES } from '../indicators/test-series.js';
import { ScanExpressionError } from './errors.js';
import { compileScan } from './scan.js';
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
    ...NO_INDICATOR_VALUES,
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

/** The ScanExpressionError compiling `expression` throws; fails when it compiles or throws another error. */
export function scanErrorOf(expression: string): ScanExpressionError {
  try {
    compileScan(expression);
  } catch (error) {
    if (error instanceof ScanExpressionError) return error;
    throw error;
  }
  throw new Error(`no error for ${expression}`);
}
