import { checkCondition, checkOperandAlone } from '../scanner/check.js';
import { ScanExpressionError } from '../scanner/errors.js';
import {
  parseExpression,
  parseOperand,
  type CompareOp,
  type Condition,
  type Operand,
  type ParseOptions,
} from '../scanner/parser.js';
import { operandsOf } from '../scanner/condition-parts.js';
import type { TextField } from '../scanner/fields.js';
import type { SeriesTraits } from '../calendar/trading-calendar.js';
import type { PriceSeries } from '../series.js';
import { canonicalText } from './canonical.js';
import type { Timeframe } from './functions.js';
import { expressionSeries, NO_OTHER_SYMBOLS, type SeriesContext } from './series.js';
import { timeframeBars } from './timeframes.js';

/** Three-valued truth: 1 true, 0 false, 2 unknown (a null took part), as the scanner's masks. */
export const TRUTH_UNKNOWN = 2;

/** Parses and checks a condition of the scan language; throws ScanExpressionError at the fault. */
export function parseCondition(text: string, options: ParseOptions = {}): Condition {
  const condition = parseExpression(text, options);
  checkCondition(condition);
  return condition;
}

/** Parses and checks a numeric expression (no comparison); throws ScanExpressionError. */
export function parseNumericExpression(text: string, options: ParseOptions = {}): Operand {
  const operand = parseOperand(text.trim(), options);
  checkOperandAlone(operand);
  if (operand.kind === 'string' || (operand.kind === 'field' && operand.field.kind === 'text')) {
    throw new ScanExpressionError(
      `Expected a number, not text at position ${operand.position}`,
      operand.position,
      'a numeric expression',
      'needs_number',
      {},
    );
  }
  return operand;
}

/** The text fields of the symbol a condition is evaluated on (`sector in (…)`, `type = "etf"`). */
export type ConditionTexts = Partial<Record<TextField, string | null>>;

/**
 * The truth of a condition at the given bar indices of one symbol's daily bars (for issue
 * #44's conditional seasonality), each read with no data after that bar: functions and offsets
 * on the bars up to it, weekly()/monthly() on the bars built up to it (the week in progress),
 * `crosses` against the bar before (weekly bars built up to that bar), rs() on the other
 * symbol's closes on or before each date. Three-valued (1 true, 0 false, TRUTH_UNKNOWN) as the
 * scanner: only 1 counts as a match. What a single symbol cannot know is null, so a comparison
 * with it is unknown: rank(), `marketCap`, the seasonal fields, and a text field not in `texts`.
 * An index outside the series is unknown. Costs one pass over the bars per term, plus, for a
 * timeframe term, one rebuild of the weekly (monthly) bars per index that is not the last
 * session of its week (month).
 */
export function conditionAt(
  condition: Condition,
  daily: PriceSeries,
  indices: readonly number[],
  options: { context?: SeriesContext; texts?: ConditionTexts; traits?: SeriesTraits } = {},
): Uint8Array {
  const wanted = [...new Set(indices.flatMap((i) => [i, i - 1]).filter((i) => i >= 0 && i < daily.dates.length))].sort(
    (a, b) => a - b,
  );
  const memo = new Map<string, Float64Array>();
  const values = (o: Operand): Float64Array => {
    const key = canonicalText(o);
    let out = memo.get(key);
    if (!out) {
      out = expressionSeries(o, daily, options.context ?? NO_OTHER_SYMBOLS, wanted, options.traits);
      memo.set(key, out);
    }
    return out;
  };
  const out = new Uint8Array(indices.length);
  indices.forEach((t, k) => {
    out[k] = t >= 0 && t < daily.dates.length ? truth(condition, t, values, options.texts ?? {}) : TRUTH_UNKNOWN;
  });
  return out;
}

function truth(node: Condition, t: number, values: (o: Operand) => Float64Array, texts: ConditionTexts): number {
  switch (node.kind) {
    case 'and': {
      const a = truth(node.left, t, values, texts);
      if (a === 0) return 0;
      const b = truth(node.right, t, values, texts);
      return b === 0 ? 0 : a === 1 && b === 1 ? 1 : TRUTH_UNKNOWN;
    }
    case 'or': {
      const a = truth(node.left, t, values, texts);
      if (a === 1) return 1;
      const b = truth(node.right, t, values, texts);
      return b === 1 ? 1 : a === 0 && b === 0 ? 0 : TRUTH_UNKNOWN;
    }
    case 'not': {
      const a = truth(node.operand, t, values, texts);
      return a === TRUTH_UNKNOWN ? a : 1 - a;
    }
    case 'in': {
      const v = textOf(node.subject, texts);
      if (v === null) return TRUTH_UNKNOWN;
      const hit = node.values.some((x) => x.value.toLowerCase() === v);
      return hit !== node.negated ? 1 : 0;
    }
    case 'compare': {
      const [l, r] = operandsOf(node) as [Operand, Operand];
      if (l.kind === 'string' || (l.kind === 'field' && l.field.kind === 'text')) {
        const a = textOf(l, texts);
        const b = textOf(r, texts);
        if (a === null || b === null) return TRUTH_UNKNOWN;
        return (a === b) === (node.op === '=') ? 1 : 0;
      }
      return compare(node.op, valueAt(l, t, values), valueAt(r, t, values));
    }
    case 'between': {
      const x = valueAt(node.subject, t, values);
      const lo = valueAt(node.low, t, values);
      const hi = valueAt(node.high, t, values);
      if (x !== x || lo !== lo || hi !== hi) return TRUTH_UNKNOWN;
      return x >= lo && x <= hi ? 1 : 0;
    }
    case 'cross': {
      const a = valueAt(node.left, t, values);
      const b = valueAt(node.right, t, values);
      const pa = valueAt(node.left, t - 1, values);
      const pb = valueAt(node.right, t - 1, values);
      if (a !== a || b !== b || pa !== pa || pb !== pb) return TRUTH_UNKNOWN;
      return node.direction === 'above' ? (pa <= pb && a > b ? 1 : 0) : pa >= pb && a < b ? 1 : 0;
    }
  }
}

function valueAt(o: Operand, t: number, values: (o: Operand) => Float64Array): number {
  if (t < 0) return NaN;
  if (o.kind === 'number') return o.value;
  return values(o)[t] ?? NaN;
}

function textOf(o: Operand, texts: ConditionTexts): string | null {
  if (o.kind === 'string') return o.value.toLowerCase();
  if (o.kind === 'field' && o.field.kind === 'text')
    return texts[o.field.name as keyof ConditionTexts]?.toLowerCase() ?? null;
  return null;
}

function compare(op: CompareOp, a: number, b: number): number {
  if (a !== a || b !== b) return TRUTH_UNKNOWN;
  switch (op) {
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '=':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
  }
}

/** A chart's series of one expression: the bars' dates and the expression's value at each (null). */
export interface ChartExpressionSeries {
  timeframe: 'daily' | Timeframe;
  /** Day numbers of the bars (weekly/monthly: each bar's last session). */
  dates: Int32Array;
  values: (number | null)[];
}

/**
 * A numeric expression over one symbol's whole history for a chart, on daily, weekly or
 * monthly bars (built from `daily`): on weekly bars `sma(close, 10)` is the 10-week average.
 * The same evaluator as the scanner, so the values agree with a scan's for the same bar (a
 * daily chart of `weekly(x)` gives at each day x on the weekly bars built up to that day).
 * rank() is null (it exists at a scan's date only). Throws ScanExpressionError for a bad text.
 */
export function chartExpressionSeries(
  expression: string | Operand,
  daily: PriceSeries,
  timeframe: 'daily' | Timeframe = 'daily',
  options: ParseOptions & { context?: SeriesContext; traits?: SeriesTraits } = {},
): ChartExpressionSeries {
  const node = typeof expression === 'string' ? parseNumericExpression(expression, options) : expression;
  const bars = timeframe === 'daily' ? daily : timeframeBars(daily, timeframe);
  const values = expressionSeries(node, bars, options.context ?? NO_OTHER_SYMBOLS, undefined, options.traits);
  return { timeframe, dates: bars.dates, values: Array.from(values, (v) => (Number.isFinite(v) ? v : null)) };
}
