import { ScanExpressionError } from './errors.js';
import type { Condition, Operand } from './parser.js';
import { innerConditions, operandsOf } from './condition-parts.js';

function describe(o: Operand): string {
  if (o.kind === 'arith') return `the calculation at position ${o.position}`;
  if (o.kind === 'field') return `${o.field.kind === 'text' ? 'text' : 'numeric'} field "${o.field.name}"`;
  return o.kind === 'number' ? `the number ${o.value}` : `the text "${o.value}"`;
}

export function kindOf(o: Operand): 'number' | 'text' {
  if (o.kind === 'arith') return 'number';
  if (o.kind === 'field') return o.field.kind;
  return o.kind === 'number' ? 'number' : 'text';
}

/** A calculation takes numbers only. */
function checkOperand(o: Operand): void {
  if (o.kind !== 'arith') return;
  for (const side of [o.left, o.right]) {
    checkOperand(side);
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

/** Checks the types of a parsed expression; throws ScanExpressionError at the offending operand. */
export function checkCondition(node: Condition): void {
  operandsOf(node).forEach(checkOperand);
  innerConditions(node).forEach(checkCondition);
  switch (node.kind) {
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
    default:
      return [...innerConditions(node), ...operandsOf(node)].some(readsSeason);
  }
}
