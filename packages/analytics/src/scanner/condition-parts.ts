import type { Condition, Operand } from './parser.js';

/** The conditions directly inside `node` (of and, or, not); none for a comparison. */
export function innerConditions(node: Condition): Condition[] {
  if (node.kind === 'and' || node.kind === 'or') return [node.left, node.right];
  return node.kind === 'not' ? [node.operand] : [];
}

/** The operands `node` reads directly (of a comparison, between or cross), in written order. */
export function operandsOf(node: Condition): Operand[] {
  if (node.kind === 'between') return [node.subject, node.low, node.high];
  if (node.kind === 'in') return [node.subject];
  if (node.kind === 'compare' || node.kind === 'cross') return [node.left, node.right];
  return [];
}

/**
 * The first operand inside `o` (itself included, then left before right) that `test` accepts;
 * an accepted operand is not searched further.
 */
export function firstOperand(o: Operand, test: (o: Operand) => boolean): Operand | undefined {
  if (test(o)) return o;
  switch (o.kind) {
    case 'arith':
      return firstOperand(o.left, test) ?? firstOperand(o.right, test);
    case 'timeframe':
    case 'offset':
    case 'rank':
      return firstOperand(o.operand, test);
    case 'fn':
      return o.src ? firstOperand(o.src, test) : undefined;
    default:
      return undefined;
  }
}
