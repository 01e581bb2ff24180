import { ScanExpressionError } from './errors.js';
import type { FieldTable } from './field-table.js';
import type { NumericField, TextField } from './fields.js';
import type { ArithOp, CompareOp, Condition, Operand } from './parser.js';

/**
 * Three-valued logic over all symbols at once: a mask holds 1 (true), 0 (false) or
 * UNKNOWN (a null value took part). `and`/`or`/`not` follow SQL (false and unknown = false,
 * true or unknown = true, not unknown = unknown); only rows that end up true match.
 */
export const UNKNOWN = 2;

export type CompiledCondition = (table: FieldTable) => Uint8Array;

type Resolved = { kind: 'number'; current: Float64Array; previous: Float64Array } | { kind: 'text'; codes: Int32Array };

function describe(o: Operand): string {
  if (o.kind === 'arith') return `the calculation at position ${o.position}`;
  if (o.kind === 'field') return `${o.field.kind === 'text' ? 'text' : 'numeric'} field "${o.field.name}"`;
  return o.kind === 'number' ? `the number ${o.value}` : `the text "${o.value}"`;
}

function kindOf(o: Operand): 'number' | 'text' {
  if (o.kind === 'arith') return 'number';
  if (o.kind === 'field') return o.field.kind;
  return o.kind === 'number' ? 'number' : 'text';
}

type Numbers = Extract<Resolved, { kind: 'number' }>;

/** An operation with a null operand (NaN), or a division by zero, is null (analytics.md). */
function calculate(op: ArithOp, a: Float64Array, b: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  switch (op) {
    case '+':
      for (let i = 0; i < n; i++) out[i] = (a[i] as number) + (b[i] as number);
      break;
    case '-':
      for (let i = 0; i < n; i++) out[i] = (a[i] as number) - (b[i] as number);
      break;
    case '*':
      for (let i = 0; i < n; i++) out[i] = (a[i] as number) * (b[i] as number);
      break;
    case '/':
      for (let i = 0; i < n; i++) out[i] = b[i] === 0 ? NaN : (a[i] as number) / (b[i] as number);
      break;
  }
  return out;
}

function resolve(o: Operand, table: FieldTable): Resolved {
  if (o.kind === 'arith') {
    const l = resolve(o.left, table) as Numbers;
    const r = resolve(o.right, table) as Numbers;
    return {
      kind: 'number',
      current: calculate(o.op, l.current, r.current, table.size),
      previous: calculate(o.op, l.previous, r.previous, table.size),
    };
  }
  if (o.kind === 'field') {
    if (o.field.kind === 'text') return { kind: 'text', codes: table.textCodes[o.field.name as TextField] };
    const name = o.field.name as NumericField;
    return { kind: 'number', current: table.current[name], previous: table.previous[name] };
  }
  if (o.kind === 'number') {
    const constant = new Float64Array(table.size).fill(o.value);
    return { kind: 'number', current: constant, previous: constant };
  }
  // A text constant that no symbol has gets code −2: equal to nothing, unequal to every non-null value.
  return { kind: 'text', codes: new Int32Array(table.size).fill(table.codeOf.get(o.value.toLowerCase()) ?? -2) };
}

/** Checks the types of a parsed expression and turns it into a function over a field table. */
export function compileCondition(node: Condition): CompiledCondition {
  check(node);
  return (table) => run(node, table);
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
      );
    }
  }
}

function check(node: Condition): void {
  if (node.kind === 'compare') [node.left, node.right].forEach(checkOperand);
  else if (node.kind === 'between') [node.subject, node.low, node.high].forEach(checkOperand);
  else if (node.kind === 'cross') [node.left, node.right].forEach(checkOperand);
  switch (node.kind) {
    case 'and':
    case 'or':
      check(node.left);
      check(node.right);
      return;
    case 'not':
      check(node.operand);
      return;
    case 'compare': {
      const [a, b] = [kindOf(node.left), kindOf(node.right)];
      if (a !== b) {
        throw new ScanExpressionError(
          `Cannot compare ${describe(node.left)} with ${describe(node.right)} at position ${node.right.position}`,
          node.right.position,
          a === 'number' ? 'a number or a numeric field' : 'a "string" or a text field',
        );
      }
      if (a === 'text' && node.op !== '=' && node.op !== '!=') {
        throw new ScanExpressionError(
          `Text can only be compared with = or != ("${node.op}" at position ${node.position})`,
          node.position,
          '= or !=',
        );
      }
      return;
    }
    case 'between':
    case 'cross': {
      const operands = node.kind === 'between' ? [node.subject, node.low, node.high] : [node.left, node.right];
      const word = node.kind === 'between' ? 'between' : `crosses ${node.direction}`;
      for (const o of operands) {
        if (kindOf(o) !== 'number') {
          throw new ScanExpressionError(
            `"${word}" needs numbers, not ${describe(o)} at position ${o.position}`,
            o.position,
            'a number or a numeric field',
          );
        }
      }
      return;
    }
  }
}

function run(node: Condition, table: FieldTable): Uint8Array {
  const n = table.size;
  switch (node.kind) {
    case 'and': {
      const a = run(node.left, table);
      const b = run(node.right, table);
      for (let i = 0; i < n; i++) {
        const x = a[i] as number;
        const y = b[i] as number;
        a[i] = x === 0 || y === 0 ? 0 : x === 1 && y === 1 ? 1 : UNKNOWN;
      }
      return a;
    }
    case 'or': {
      const a = run(node.left, table);
      const b = run(node.right, table);
      for (let i = 0; i < n; i++) {
        const x = a[i] as number;
        const y = b[i] as number;
        a[i] = x === 1 || y === 1 ? 1 : x === 0 && y === 0 ? 0 : UNKNOWN;
      }
      return a;
    }
    case 'not': {
      const a = run(node.operand, table);
      for (let i = 0; i < n; i++) if (a[i] !== UNKNOWN) a[i] = 1 - (a[i] as number);
      return a;
    }
    case 'compare': {
      const l = resolve(node.left, table);
      const r = resolve(node.right, table);
      if (l.kind === 'text' && r.kind === 'text') return compareText(node.op, l.codes, r.codes, n);
      if (l.kind === 'number' && r.kind === 'number') return compareNumbers(node.op, l.current, r.current, n);
      throw new Error('unreachable: types are checked at compile time');
    }
    case 'between': {
      const [s, lo, hi] = [node.subject, node.low, node.high].map((o) => (resolve(o, table) as Numbers).current) as [
        Float64Array,
        Float64Array,
        Float64Array,
      ];
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const x = s[i] as number;
        const a = lo[i] as number;
        const b = hi[i] as number;
        out[i] = x !== x || a !== a || b !== b ? UNKNOWN : x >= a && x <= b ? 1 : 0;
      }
      return out;
    }
    case 'cross': {
      const l = resolve(node.left, table) as Numbers;
      const r = resolve(node.right, table) as Numbers;
      const out = new Uint8Array(n);
      const above = node.direction === 'above';
      for (let i = 0; i < n; i++) {
        const a = l.current[i] as number;
        const b = r.current[i] as number;
        const pa = l.previous[i] as number;
        const pb = r.previous[i] as number;
        if (a !== a || b !== b || pa !== pa || pb !== pb) out[i] = UNKNOWN;
        else out[i] = above ? (pa <= pb && a > b ? 1 : 0) : pa >= pb && a < b ? 1 : 0;
      }
      return out;
    }
  }
}

function compareNumbers(op: CompareOp, a: Float64Array, b: Float64Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  // One loop per operator keeps the branch out of the hot loop.
  switch (op) {
    case '<':
      for (let i = 0; i < n; i++) out[i] = cmp(a[i] as number, b[i] as number, (a[i] as number) < (b[i] as number));
      break;
    case '<=':
      for (let i = 0; i < n; i++) out[i] = cmp(a[i] as number, b[i] as number, (a[i] as number) <= (b[i] as number));
      break;
    case '>':
      for (let i = 0; i < n; i++) out[i] = cmp(a[i] as number, b[i] as number, (a[i] as number) > (b[i] as number));
      break;
    case '>=':
      for (let i = 0; i < n; i++) out[i] = cmp(a[i] as number, b[i] as number, (a[i] as number) >= (b[i] as number));
      break;
    case '=':
      for (let i = 0; i < n; i++) out[i] = cmp(a[i] as number, b[i] as number, a[i] === b[i]);
      break;
    case '!=':
      for (let i = 0; i < n; i++) out[i] = cmp(a[i] as number, b[i] as number, a[i] !== b[i]);
      break;
  }
  return out;
}

function cmp(x: number, y: number, result: boolean): number {
  return x !== x || y !== y ? UNKNOWN : result ? 1 : 0;
}

function compareText(op: CompareOp, a: Int32Array, b: Int32Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  const equal = op === '=';
  for (let i = 0; i < n; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    out[i] = x === -1 || y === -1 ? UNKNOWN : (x === y) === equal ? 1 : 0;
  }
  return out;
}
