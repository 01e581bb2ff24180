import { ScanExpressionError } from './errors.js';
import type { Condition, Operand } from './parser.js';
import { firstOperand, innerConditions, operandsOf } from './condition-parts.js';

function describe(o: Operand): string {
  switch (o.kind) {
    case 'arith':
      return `the calculation at position ${o.position}`;
    case 'field':
      return `${o.field.kind === 'text' ? 'text' : 'numeric'} field "${o.field.name}"`;
    case 'number':
      return `the number ${o.value}`;
    case 'string':
      return `the text "${o.value}"`;
    case 'offset':
      return `the offset at position ${o.position}`;
    case 'fn':
      return `${o.name}() at position ${o.position}`;
    case 'timeframe':
      return `${o.timeframe}() at position ${o.position}`;
    default:
      return `${o.kind}() at position ${o.position}`;
  }
}

export function kindOf(o: Operand): 'number' | 'text' {
  if (o.kind === 'field') return o.field.kind;
  return o.kind === 'string' ? 'text' : 'number';
}

/** Where an operand stands: inside which kinds of call (analytics.md, "Logic, bounds and errors"). */
interface Context {
  /** The innermost function, timeframe or rank around it (text is an error inside one). */
  call: string | null;
  inFunction: boolean;
  inOffset: boolean;
  inTimeframe: boolean;
  inRank: boolean;
}

const TOP: Context = { call: null, inFunction: false, inOffset: false, inTimeframe: false, inRank: false };

/** Checks where each kind of term stands and that calculations and functions take numbers. */
function checkOperand(o: Operand, ctx: Context = TOP): void {
  switch (o.kind) {
    case 'number':
      return;
    case 'string':
      if (ctx.call) throw textInCall(ctx.call, `the text "${o.value}"`, o.position);
      return;
    case 'field': {
      if (o.field.kind === 'text') {
        if (ctx.call) throw textInCall(ctx.call, `text field "${o.field.name}"`, o.position);
        return;
      }
      const snapshot = o.field.name === 'marketCap';
      if ((snapshot || o.field.season) && (ctx.inFunction || ctx.inTimeframe)) {
        throw new ScanExpressionError(
          `${o.field.name} cannot be inside a function or a timeframe at position ${o.position}`,
          o.position,
          'a field with a history',
          'field_in_function',
          { field: o.field.name },
        );
      }
      if (snapshot && ctx.inOffset) {
        throw new ScanExpressionError(
          `marketCap has no history: it takes no offset (at position ${o.position})`,
          o.position,
          'a field with a history',
          'field_no_offset',
          { field: o.field.name },
        );
      }
      return;
    }
    case 'fn':
      if (o.src) checkOperand(o.src, { ...ctx, call: o.name, inFunction: true });
      return;
    case 'rs':
      return;
    case 'timeframe':
      if (ctx.inFunction || ctx.inOffset || ctx.inTimeframe) {
        throw new ScanExpressionError(
          `${o.timeframe} cannot be inside a function, an offset or another timeframe at position ${o.position}`,
          o.position,
          'a timeframe outside functions and offsets',
          'timeframe_nested',
          { function: o.timeframe },
        );
      }
      checkOperand(o.operand, { ...ctx, call: o.timeframe, inTimeframe: true });
      return;
    case 'rank':
      if (ctx.inFunction || ctx.inOffset || ctx.inTimeframe || ctx.inRank) {
        throw new ScanExpressionError(
          `rank cannot be inside a function, an offset, a timeframe or another rank at position ${o.position}`,
          o.position,
          'rank() outside functions, offsets and timeframes',
          'rank_nested',
          { function: 'rank' },
        );
      }
      checkOperand(o.operand, { ...ctx, call: 'rank', inRank: true });
      return;
    case 'offset': {
      const inner = o.operand;
      const after =
        inner.kind === 'timeframe'
          ? inner.timeframe
          : inner.kind === 'rank'
            ? 'rank'
            : kindOf(inner) === 'text'
              ? 'text'
              : null;
      if (after) {
        throw new ScanExpressionError(
          `${after === 'text' ? 'Text has no history' : `An offset cannot follow ${after}()`}: no offset at position ${o.position}`,
          o.position,
          after === 'text' ? 'a number with a history' : 'an offset inside the timeframe',
          'offset_not_allowed',
          { after },
        );
      }
      checkOperand(inner, { ...ctx, inOffset: true });
      return;
    }
    case 'arith':
      break;
  }
  for (const side of [o.left, o.right]) {
    checkOperand(side, ctx);
    if (kindOf(side) !== 'number') {
      throw new ScanExpressionError(
        `Cannot calculate with ${describe(side)} ("${o.op}" at position ${o.position})`,
        side.position,
        'a number or a numeric field',
        'cannot_calculate',
        { op: o.op },
      );
    }
  }
}

function textInCall(call: string, what: string, position: number): ScanExpressionError {
  return new ScanExpressionError(
    `${call} needs a number, not ${what} at position ${position}`,
    position,
    'a number or a numeric field',
    'function_text',
    { function: call },
  );
}

/** The first rank() inside an operand, if any. */
const rankIn = (o: Operand): Operand | undefined => firstOperand(o, (x) => x.kind === 'rank');

/**
 * Checks a numeric expression standing alone (a column or a sort of a scan): where each term
 * stands, and that calculations and functions take numbers. A plain text field passes.
 */
export function checkOperandAlone(o: Operand): void {
  checkOperand(o);
}

/** Checks the types of a parsed expression; throws ScanExpressionError at the offending operand. */
export function checkCondition(node: Condition): void {
  operandsOf(node).forEach((o) => checkOperand(o));
  innerConditions(node).forEach(checkCondition);
  switch (node.kind) {
    case 'in': {
      if (kindOf(node.subject) !== 'text') {
        throw new ScanExpressionError(
          `"in" needs a text field, not ${describe(node.subject)} at position ${node.subject.position}`,
          node.subject.position,
          'a text field',
          'in_needs_text',
          {},
        );
      }
      return;
    }
    case 'compare': {
      const [a, b] = [kindOf(node.left), kindOf(node.right)];
      if (a !== b) {
        throw new ScanExpressionError(
          `Cannot compare ${describe(node.left)} with ${describe(node.right)} at position ${node.right.position}`,
          node.right.position,
          a === 'number' ? 'a number or a numeric field' : 'a "string" or a text field',
          'cannot_compare',
          { expectedKind: a },
        );
      }
      if (a === 'text' && node.op !== '=' && node.op !== '!=') {
        throw new ScanExpressionError(
          `Text can only be compared with = or != ("${node.op}" at position ${node.position})`,
          node.position,
          '= or !=',
          'text_operator',
          { op: node.op },
        );
      }
      return;
    }
    case 'between':
    case 'cross': {
      const rank = node.kind === 'cross' ? (rankIn(node.left) ?? rankIn(node.right)) : undefined;
      if (rank) {
        throw new ScanExpressionError(
          `rank cannot be a side of "crosses" (it exists at the scan's date only) at position ${rank.position}`,
          rank.position,
          'no rank() with crosses',
          'rank_crosses',
          { function: 'rank' },
        );
      }
      const word = node.kind === 'between' ? 'between' : `crosses ${node.direction}`;
      for (const o of operandsOf(node)) {
        if (kindOf(o) !== 'number') {
          throw new ScanExpressionError(
            `"${word}" needs numbers, not ${describe(o)} at position ${o.position}`,
            o.position,
            'a number or a numeric field',
            'needs_numbers',
            { word },
          );
        }
      }
      return;
    }
  }
}

/** Whether an operand or condition reads a seasonal field (computed on demand, so costly). */
export function readsSeason(node: Condition | Operand): boolean {
  switch (node.kind) {
    case 'field':
      return node.field.season !== undefined;
    case 'number':
    case 'string':
      return false;
    case 'arith':
      return readsSeason(node.left) || readsSeason(node.right);
    case 'fn':
      return node.src !== null && readsSeason(node.src);
    case 'rs':
      return false;
    case 'offset':
    case 'timeframe':
    case 'rank':
      return readsSeason(node.operand);
    default:
      return [...innerConditions(node), ...operandsOf(node)].some(readsSeason);
  }
}
