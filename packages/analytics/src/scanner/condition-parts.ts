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
