import type { Operand } from '../scanner/parser.js';

/**
 * One text per meaning of a numeric term (names canonical, spacing fixed, every calculation in
 * parentheses): the key under which a term's values are computed once and cached.
 */
export function canonicalText(o: Operand): string {
  switch (o.kind) {
    case 'number':
      return String(o.value);
    case 'string':
      return JSON.stringify(o.value);
    case 'field':
      return o.field.name;
    case 'arith':
      return `(${canonicalText(o.left)} ${o.op} ${canonicalText(o.right)})`;
    case 'fn':
      return o.src ? `${o.name}(${canonicalText(o.src)}, ${o.period})` : `${o.name}(${o.period})`;
    case 'timeframe':
      return `${o.timeframe}(${canonicalText(o.operand)})`;
    case 'rank':
      return o.group ? `rank(${canonicalText(o.operand)}, ${o.group})` : `rank(${canonicalText(o.operand)})`;
    case 'rs':
      return `rs(${JSON.stringify(o.symbol.toUpperCase())}, ${o.period})`;
    case 'offset':
      return `${canonicalText(o.operand)}[${o.k}]`;
  }
}

/** Whether an operand holds a weekly() or monthly() term. */
export function hasTimeframe(o: Operand): boolean {
  switch (o.kind) {
    case 'timeframe':
      return true;
    case 'arith':
      return hasTimeframe(o.left) || hasTimeframe(o.right);
    case 'rank':
    case 'offset':
      return hasTimeframe(o.operand);
    case 'fn':
      return o.src !== null && hasTimeframe(o.src);
    default:
      return false;
  }
}
