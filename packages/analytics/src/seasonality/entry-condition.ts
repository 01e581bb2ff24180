// Conditional seasonality (analytics.md, "Conditional seasonality"): a technical-scanner
// condition evaluated at each counted year's entry bar, with no later bar read.
import { conditionAt, parseCondition, type ConditionTexts } from '../language/condition.js';
import type { SeriesContext } from '../language/series.js';
import type { SeriesTraits } from '../calendar/trading-calendar.js';
import { firstOperand, innerConditions, operandsOf } from '../scanner/condition-parts.js';
import { ScanExpressionError } from '../scanner/errors.js';
import { BOLLINGER_FIELDS, MACD_FIELDS, MOVING_AVERAGE_FIELDS, PERFORMANCE_FIELDS } from '../scanner/fields.js';
import type { Condition, Operand, ParseOptions } from '../scanner/parser.js';
import type { PriceSeries } from '../series.js';
import { DAYS_IN_CALENDAR } from './calendar-days.js';
import { entryAt, exitAt, NONE, type WindowTable } from './window-table.js';

/** A parsed entry condition and its text as given. */
export interface EntryCondition {
  expression: string;
  condition: Condition;
}

/**
 * Parses a seasonal condition: the technical scanner's language without the seasonal fields
 * (`season<L>.*`: a window conditioned on windows) and without rank() (a rank needs the whole
 * market at each entry date). Throws ScanExpressionError naming the position.
 */
export function parseEntryCondition(text: string, options: ParseOptions = {}): EntryCondition {
  const condition = parseCondition(text, options);
  const bad = forbidden(condition);
  if (bad) {
    const rank = bad.kind === 'rank';
    const name = rank ? 'rank()' : bad.kind === 'field' ? bad.field.name : '';
    throw new ScanExpressionError(
      `${name} cannot be used in a seasonal condition (${
        rank ? 'it needs the whole market at each entry date' : 'a window cannot be conditioned on seasonal fields'
      }) at position ${bad.position}`,
      bad.position,
      rank ? 'no rank() in a seasonal condition' : 'no seasonal fields in a seasonal condition',
      'not_in_season_condition',
      { field: name },
    );
  }
  return { expression: text.trim(), condition };
}

function forbidden(node: Condition): Operand | undefined {
  for (const inner of innerConditions(node)) {
    const found = forbidden(inner);
    if (found) return found;
  }
  for (const o of operandsOf(node)) {
    const found = firstOperand(o, isForbidden);
    if (found) return found;
  }
  return undefined;
}

/** rank() and the seasonal fields: what a seasonal condition may not read. */
const isForbidden = (o: Operand): boolean => o.kind === 'rank' || (o.kind === 'field' && !!o.field.season);

/**
 * Whether each entry bar keeps its year: one evaluation over every distinct entry index (the
 * truth depends on the entry bar alone), true only (false and unknown remove the year).
 */
export function keptEntries(
  entry: EntryCondition,
  daily: PriceSeries,
  indices: readonly number[],
  options: { context?: SeriesContext; texts?: ConditionTexts; traits?: SeriesTraits } = {},
): (index: number) => boolean {
  const distinct = [...new Set(indices)];
  const truth = conditionAt(entry.condition, daily, distinct, options);
  const kept = new Set<number>();
  distinct.forEach((index, k) => {
    if (truth[k] === 1) kept.add(index);
  });
  return (index) => kept.has(index);
}

/** The fields whose values come from closes alone (dates and closes: what the pool's threads share). */
const CLOSE_FIELDS = new Set<string>([
  'price',
  'close',
  ...MOVING_AVERAGE_FIELDS,
  'rsi14',
  ...MACD_FIELDS,
  ...BOLLINGER_FIELDS,
  'change1d',
  ...PERFORMANCE_FIELDS,
  'volatility20',
  'pctFromSma20',
  'pctFromSma50',
  'pctFromSma200',
]);

/**
 * Whether a condition reads a symbol's open, high, low or volume (a field of them, or atr()),
 * rather than its closes alone; text fields and other symbols' closes (rs()) do not count.
 */
export function readsBeyondCloses(entry: EntryCondition): boolean {
  const beyond = (o: Operand): boolean =>
    (o.kind === 'field' && o.field.kind === 'number' && !CLOSE_FIELDS.has(o.field.name)) ||
    (o.kind === 'fn' && o.src === null);
  const operand = (o: Operand): boolean => firstOperand(o, beyond) !== undefined;
  const condition = (node: Condition): boolean =>
    innerConditions(node).some(condition) || operandsOf(node).some(operand);
  return condition(entry.condition);
}

/** What a search's condition reads besides each series: other symbols for rs(), each symbol's texts. */
export interface ConditionInputs {
  condition?: EntryCondition;
  /** rs()'s other symbols (none: rs() is null). */
  conditionContext?: SeriesContext;
  /** The symbols' text fields (sector, type …) by symbol; a symbol not listed has none (null). */
  conditionTexts?: Readonly<Record<string, ConditionTexts>>;
  /** The symbols' calendars and volume by symbol; a symbol not listed is a US stock (nyse, with volume). */
  conditionTraits?: Readonly<Record<string, SeriesTraits>>;
  /**
   * The open, high, low and volume of symbols whose series lack them (an analytics worker
   * shares only dates and closes), from their first bar; the condition reads them, the
   * counting never does.
   */
  conditionBars?: Readonly<Record<string, ConditionBars>>;
}

/** The columns besides dates and closes that a condition may read. */
export type ConditionBars = Pick<PriceSeries, 'open' | 'high' | 'low' | 'volume'>;

/** The series a condition reads: the given one, with the columns of conditionBars when given. */
function conditionSeries(series: PriceSeries, inputs: ConditionInputs): PriceSeries {
  const bars = inputs.conditionBars?.[series.symbol];
  if (!bars) return series;
  const n = series.dates.length;
  return {
    symbol: series.symbol,
    dates: series.dates,
    close: series.close,
    open: bars.open.subarray(0, n),
    high: bars.high.subarray(0, n),
    low: bars.low.subarray(0, n),
    volume: bars.volume.subarray(0, n),
  };
}

/**
 * The window table as the condition sees it: a (row, start day) cell whose entry bar does not
 * satisfy the condition holds no entry, so that the grid, the window details and the pValues
 * skip that year as one that does not count for that window, exactly as a year set's left-out
 * years; the exits are kept, and the base rates (yearCounts) still read every start day of
 * the kept years whatever the condition says there. The truth depends on the entry bar
 * alone: one conditionAt call over every distinct entry bar of rows lo … hi.
 */
export function conditionTable(
  series: PriceSeries,
  table: WindowTable,
  lo: number,
  hi: number,
  inputs: ConditionInputs,
): WindowTable {
  const { condition } = inputs;
  if (!condition || lo > hi) return table;
  const D = DAYS_IN_CALENDAR;
  const { base, entry } = table;
  const bars = new Uint8Array(series.dates.length);
  const wanted: number[] = [];
  for (let row = Math.max(0, lo); row <= hi; row++) {
    for (let k = 0; k < D; k++) {
      const a = entryAt(base[row]!, entry[row * D + k]!);
      if (a >= 0 && bars[a] === 0) {
        bars[a] = 1;
        wanted.push(a);
      }
    }
  }
  const truth = conditionAt(condition.condition, conditionSeries(series, inputs), wanted, {
    context: inputs.conditionContext,
    texts: inputs.conditionTexts?.[series.symbol],
    traits: inputs.conditionTraits?.[series.symbol],
  });
  wanted.forEach((a, i) => (bars[a] = truth[i] === 1 ? 2 : 0));
  const masked = Int16Array.from(entry);
  for (let row = Math.max(0, lo); row <= hi; row++) {
    for (let k = 0; k < D; k++) {
      const a = entryAt(base[row]!, entry[row * D + k]!);
      if (a >= 0 && bars[a] !== 2) masked[row * D + k] = NONE;
    }
  }
  return { ...table, entry: masked };
}

/** The years a window counts in over rows lo … hi of a table (its count by the pattern definition). */
export function countedYears(table: WindowTable, k: number, days: number, lo: number, hi: number): number {
  const D = DAYS_IN_CALENDAR;
  const cross = k + days >= D ? 1 : 0;
  const e = k + days - cross * D;
  let n = 0;
  for (let row = Math.max(0, lo); row <= hi && row + cross < table.years; row++) {
    const a = entryAt(table.base[row]!, table.entry[row * D + k]!);
    const b = exitAt(table.base[row + cross]!, table.exit[(row + cross) * D + e]!);
    if (a >= 0 && b > a) n++;
  }
  return n;
}
