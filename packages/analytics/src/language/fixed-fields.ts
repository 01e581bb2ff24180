import { DEFAULT_CALENDAR, periodBars, type PeriodBars, type TradingCalendar } from '../calendar/trading-calendar.js';
import { parseOperand, type Operand } from '../scanner/parser.js';
import type { NumericField } from '../scanner/fields.js';

/**
 * The fixed fields of "Indicators" as the expressions they name (analytics.md, "Functions of a
 * period"): a series evaluates a fixed field through its expression, so `weekly(rsi14)` is
 * `weekly(rsi(close, 14))`. `price` and the bar's own values are columns; `ytd` reads dates.
 * The periods of a year and of perf are the calendar's bars ("Asset classes and calendars").
 */
const definitions = (p: Readonly<PeriodBars>): Partial<Record<NumericField, string>> => ({
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
  high52w: `highest(high, ${p.y1})`,
  low52w: `lowest(low, ${p.y1})`,
  change1d: 'roc(close, 1)',
  gap: 'open / close[1] - 1',
  w1: `roc(close, ${p.w1})`,
  m1: `roc(close, ${p.m1})`,
  m3: `roc(close, ${p.m3})`,
  m6: `roc(close, ${p.m6})`,
  y1: `roc(close, ${p.y1})`,
  avgVolume20: 'sma(volume, 20)',
  relVolume: 'volume / sma(volume, 20)[1]',
  // The sample deviation of 20 returns, annualised: population × √(20/19) × √y1.
  volatility20: `stdev(roc(close, 1), 20) * ${Math.sqrt(20 / 19) * Math.sqrt(p.y1)}`,
  pctFromHigh52w: `close / highest(high, ${p.y1}) - 1`,
  pctFromLow52w: `close / lowest(low, ${p.y1}) - 1`,
  pctFromSma20: 'close / sma(close, 20) - 1',
  pctFromSma50: 'close / sma(close, 50) - 1',
  pctFromSma200: 'close / sma(close, 200) - 1',
});

const DEFINITIONS = new Map<TradingCalendar, Partial<Record<NumericField, string>>>();
const parsed = new Map<string, Operand>();

function definitionsOf(calendar: TradingCalendar): Partial<Record<NumericField, string>> {
  let out = DEFINITIONS.get(calendar);
  if (!out) {
    out = definitions(periodBars(calendar));
    DEFINITIONS.set(calendar, out);
  }
  return out;
}

/**
 * The expression a fixed field is a name for on a symbol of `calendar` (default `nyse`), or
 * undefined (a bar value, ytd, marketCap).
 */
export function fixedFieldExpression(field: string, calendar: TradingCalendar = DEFAULT_CALENDAR): Operand | undefined {
  const text = definitionsOf(calendar)[field as NumericField];
  if (text === undefined) return undefined;
  const key = `${calendar} ${field}`;
  let node = parsed.get(key);
  if (!node) {
    node = parseOperand(text);
    parsed.set(key, node);
  }
  return node;
}

/** The text of a fixed field's definition on a symbol of `calendar` (for docs and tests). */
export function fixedFieldDefinition(
  field: NumericField,
  calendar: TradingCalendar = DEFAULT_CALENDAR,
): string | undefined {
  return definitionsOf(calendar)[field];
}
