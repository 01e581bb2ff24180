import { parseOperand, type Operand } from '../scanner/parser.js';
import type { NumericField } from '../scanner/fields.js';

/**
 * The fixed fields of "Indicators" as the expressions they name (analytics.md, "Functions of a
 * period"): a series evaluates a fixed field through its expression, so `weekly(rsi14)` is
 * `weekly(rsi(close, 14))`. `price` and the bar's own values are columns; `ytd` reads dates.
 */
const DEFINITIONS: Partial<Record<NumericField, string>> = {
  sma20: 'sma(close, 20)',
  sma50: 'sma(close, 50)',
  sma200: 'sma(close, 200)',
  ema20: 'ema(close, 20)',
  ema50: 'ema(close, 50)',
  rsi14: 'rsi(close, 14)',
  atr14: 'atr(14)',
  macd: 'ema(close, 12) - ema(close, 26)',
  macdSignal: 'ema(ema(close, 12) - ema(close, 26), 9)',
  macdHist: '(ema(close, 12) - ema(close, 26)) - ema(ema(close, 12) - ema(close, 26), 9)',
  bbMiddle: 'sma(close, 20)',
  bbUpper: 'sma(close, 20) + 2 * stdev(close, 20)',
  bbLower: 'sma(close, 20) - 2 * stdev(close, 20)',
  high52w: 'highest(high, 252)',
  low52w: 'lowest(low, 252)',
  change1d: 'roc(close, 1)',
  gap: 'open / close[1] - 1',
  w1: 'roc(close, 5)',
  m1: 'roc(close, 21)',
  m3: 'roc(close, 63)',
  m6: 'roc(close, 126)',
  y1: 'roc(close, 252)',
  avgVolume20: 'sma(volume, 20)',
  relVolume: 'volume / sma(volume, 20)[1]',
  // The sample deviation of 20 returns, annualised: population × √(20/19) × √252.
  volatility20: `stdev(roc(close, 1), 20) * ${Math.sqrt(20 / 19) * Math.sqrt(252)}`,
  pctFromHigh52w: 'close / highest(high, 252) - 1',
  pctFromLow52w: 'close / lowest(low, 252) - 1',
  pctFromSma20: 'close / sma(close, 20) - 1',
  pctFromSma50: 'close / sma(close, 50) - 1',
  pctFromSma200: 'close / sma(close, 200) - 1',
};

const parsed = new Map<string, Operand>();

/** The expression a fixed field is a name for, or undefined (a bar value, ytd, marketCap). */
export function fixedFieldExpression(field: string): Operand | undefined {
  const text = DEFINITIONS[field as NumericField];
  if (text === undefined) return undefined;
  let node = parsed.get(field);
  if (!node) {
    node = parseOperand(text);
    parsed.set(field, node);
  }
  return node;
}

/** The text of a fixed field's definition (for docs and tests). */
export function fixedFieldDefinition(field: NumericField): string | undefined {
  return DEFINITIONS[field];
}
