// Conditional seasonality (analytics.md, "Conditional seasonality"): a technical-scanner
// condition evaluated at each counted year's entry bar, with no later bar read.
import { conditionAt, parseCondition, type ConditionTexts } from '../language/condition.js';
import type { SeriesContext } from '../language/series.js';
import { innerConditions, operandsOf } from '../scanner/condition-parts.js';
import { ScanExpressionError } from '../scanner/errors.js';
import type { Condition, Operand, ParseOptions } from '../scanner/parser.js';
import type { PriceSeries } from '../series.js';

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
    const found = forbiddenOperand(o);
    if (found) return found;
  }
  return undefined;
}

function forbiddenOperand(o: Operand): Operand | undefined {
  switch (o.kind) {
    case 'rank':
      return o;
    case 'field':
      return o.field.season ? o : undefined;
    case 'arith':
      return forbiddenOperand(o.left) ?? forbiddenOperand(o.right);
    case 'timeframe':
    case 'offset':
      return forbiddenOperand(o.operand);
    case 'fn':
      return o.src ? forbiddenOperand(o.src) : undefined;
    default:
      return undefined;
  }
}

/**
 * Whether each entry bar keeps its year: one evaluation over every distinct entry index (the
 * truth depends on the entry bar alone), true only (false and unknown remove the year).
 */
export function keptEntries(
  entry: EntryCondition,
  daily: PriceSeries,
  indices: readonly number[],
  options: { context?: SeriesContext; texts?: ConditionTexts } = {},
): (index: number) => boolean {
  const distinct = [...new Set(indices)];
  const truth = conditionAt(entry.condition, daily, distinct, options);
  const kept = new Set<number>();
  distinct.forEach((index, k) => {
    if (truth[k] === 1) kept.add(index);
  });
  return (index) => kept.has(index);
}
