import { checkCondition, kindOf, readsSeason } from './check.js';
import { innerConditions, operandsOf } from './condition-parts.js';
import { tableContext, type FieldTable } from './field-table.js';
import type { FieldInfo, NumericField, TextField } from './fields.js';
import type { ArithOp, CompareOp, Condition, Operand } from './parser.js';
import { seasonColumn } from './seasonal-columns.js';
import { canonicalText } from '../language/canonical.js';
import { expressionValueAt } from '../language/series.js';
import { memoized } from '../memo.js';

/**
 * Three-valued logic over all symbols at once: a mask holds 1 (true), 0 (false) or
 * UNKNOWN (a null value took part). `and`/`or`/`not` follow SQL (false and unknown = false,
 * true or unknown = true, not unknown = unknown); only rows that end up true match.
 */
export const UNKNOWN = 2;

export type CompiledCondition = (table: FieldTable) => Uint8Array;

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

/**
 * A numeric operand's values at each row's bar (or the bar before, `previous`). `rows` (null:
 * all) says which rows the answer matters for: a seasonal field is computed for those only.
 */
function numbers(o: Operand, table: FieldTable, rows: Uint8Array | null, previous: boolean): Float64Array {
  if (o.kind === 'arith') {
    const l = numbers(o.left, table, rows, previous);
    return calculate(o.op, l, numbers(o.right, table, rows, previous), table.size);
  }
  if (o.kind === 'field') {
    if (!previous) return fieldColumn(table, o.field, rows);
    const season = o.field.season;
    if (season) return seasonColumn(table.seasonal, table.size, season.days, season.stat, rows, true);
    return table.previous[o.field.name as NumericField];
  }
  if (o.kind === 'number') return new Float64Array(table.size).fill(o.value);
  if (o.kind === 'rank') return rankColumn(table, o);
  if (o.kind === 'fn' || o.kind === 'timeframe' || o.kind === 'rs' || o.kind === 'offset') {
    return termColumn(table, o, rows, previous);
  }
  throw new Error('unreachable: types are checked at compile time');
}

/**
 * A term of the scan language (a function, an offset, a timeframe, rs()) at each row's
 * evaluation bar, or at the bar before (`previous`: weekly bars then built up to that bar),
 * computed once per field table and term.
 */
function termColumn(table: FieldTable, o: Operand, rows: Uint8Array | null, previous: boolean): Float64Array {
  // A seasonal field's offset: its value as of the bar k bars before (its columns, per bar).
  if (o.kind === 'offset' && o.operand.kind === 'field' && o.operand.field.season) {
    const season = o.operand.field.season;
    return seasonColumn(table.seasonal, table.size, season.days, season.stat, rows, o.k + (previous ? 1 : 0));
  }
  return memoized(table.terms, termKey(o, previous), () => {
    const out = new Float64Array(table.size);
    fillTerm(table, o, previous, out, 0, table.size);
    return out;
  });
}

function termKey(o: Operand, previous: boolean): string {
  return `${canonicalText(o)}${previous ? '@previous' : ''}`;
}

/** A term's values for the rows from … to − 1. */
function fillTerm(table: FieldTable, o: Operand, previous: boolean, out: Float64Array, from: number, to: number): void {
  const context = tableContext(table);
  for (let i = from; i < to; i++) {
    const series = table.series[i];
    const at = (table.at[i] as number) - (previous ? 1 : 0);
    out[i] = series && at >= 0 ? expressionValueAt(o, series, at, context, table.traits[i]) : NaN;
  }
}

/** The terms computed per row (functions, offsets, timeframes, rs) an operand reads, and at which bar. */
function termsOf(o: Operand, previous: boolean, out: { operand: Operand; previous: boolean }[]): void {
  switch (o.kind) {
    case 'arith':
      termsOf(o.left, previous, out);
      termsOf(o.right, previous, out);
      return;
    case 'rank':
      termsOf(o.operand, false, out);
      return;
    case 'offset':
      if (o.operand.kind === 'field' && o.operand.field.season) return;
      out.push({ operand: o, previous });
      return;
    case 'fn':
    case 'timeframe':
    case 'rs':
      out.push({ operand: o, previous });
      return;
    default:
      return;
  }
}

/**
 * Computes, in steps, the terms of a condition and of more operands (a scan's sort and
 * columns) that the table does not hold yet, pausing after every `every` rows so that a server
 * can answer other requests meanwhile; a scan then reads them from the table. Optional: a scan
 * computes what it lacks itself, in one go.
 */
export function* termSteps(
  table: FieldTable,
  condition: Condition | null,
  operands: readonly Operand[] = [],
  every = 50,
): Generator<void, void, void> {
  const wanted: { operand: Operand; previous: boolean }[] = [];
  const visit = (node: Condition): void => {
    innerConditions(node).forEach(visit);
    for (const o of operandsOf(node)) {
      termsOf(o, false, wanted);
      if (node.kind === 'cross') termsOf(o, true, wanted);
    }
  };
  if (condition) visit(condition);
  for (const o of operands) termsOf(o, false, wanted);
  for (const { operand, previous } of wanted) {
    const key = termKey(operand, previous);
    if (table.terms.has(key)) continue;
    const out = new Float64Array(table.size);
    for (let from = 0; from < table.size; from += every) {
      fillTerm(table, operand, previous, out, from, Math.min(table.size, from + every));
      yield;
    }
    if (!table.terms.has(key)) table.terms.set(key, out);
  }
}

/**
 * rank(x[, group]) at each row: the percentile of the row's x among the rows of the table (its
 * group's, when named) whose x is not null: 100 × (below + (equal − 1)/2) / (n − 1), 50 when
 * n = 1 (analytics.md, "Cross-sectional rank"); null for a null x or a row without the group.
 */
function rankColumn(table: FieldTable, o: Operand & { kind: 'rank' }): Float64Array {
  return memoized(table.terms, canonicalText(o), () => {
    const x = numbers(o.operand, table, null, false);
    const groups = o.group ? exactCodes(table.text[o.group]) : null;
    return rankWithin(x, groups);
  });
}

/**
 * Each row's text as a code of its exact stored form (−1 = none): a rank's group is the symbols
 * whose group has the same stored text (analytics.md), not a case-insensitive match as `=` is.
 */
function exactCodes(values: readonly (string | null)[]): Int32Array {
  const codes = new Map<string, number>();
  return Int32Array.from(values, (v) => (v === null ? -1 : memoized(codes, v, () => codes.size)));
}

/** The ranks of `x` within each group of `groups` (codes, −1 = none; null: one group). */
export function rankWithin(x: Float64Array, groups: Int32Array | null): Float64Array {
  const n = x.length;
  const out = new Float64Array(n).fill(NaN);
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const g = groups ? (groups[i] as number) : 0;
    if (g < 0 || x[i] !== x[i]) continue;
    let list = members.get(g);
    if (!list) members.set(g, (list = []));
    list.push(i);
  }
  for (const list of members.values()) {
    list.sort((a, b) => (x[a] as number) - (x[b] as number));
    const m = list.length;
    for (let start = 0; start < m;) {
      let end = start + 1;
      while (end < m && x[list[end]!] === x[list[start]!]) end++;
      // below = start, equal = end − start
      const rank = m === 1 ? 50 : (100 * (start + (end - start - 1) / 2)) / (m - 1);
      for (let k = start; k < end; k++) out[list[k]!] = rank;
      start = end;
    }
  }
  return out;
}

/**
 * A numeric operand's values at each row's evaluation bar (NaN = null), `rows` as for
 * numbers(): what columns and sorts of a scan show.
 */
export function operandColumn(table: FieldTable, o: Operand, rows: Uint8Array | null): Float64Array {
  return numbers(o, table, rows, false);
}

/** A numeric field's column at each row's bar; a seasonal one computed for `rows` (null: all). */
export function fieldColumn(table: FieldTable, field: FieldInfo, rows: Uint8Array | null): Float64Array {
  const season = field.season;
  if (season) return seasonColumn(table.seasonal, table.size, season.days, season.stat, rows);
  return table.current[field.name as NumericField];
}

export function texts(o: Operand, table: FieldTable): Int32Array {
  if (o.kind === 'field') return table.textCodes[o.field.name as TextField];
  if (o.kind !== 'string') throw new Error('unreachable: types are checked at compile time');
  // A text constant that no symbol has gets code −2: equal to nothing, unequal to every non-null value.
  return new Int32Array(table.size).fill(table.codeOf.get(o.value.toLowerCase()) ?? -2);
}

/** Checks the types of a parsed expression and turns it into a function over a field table. */
export function compileCondition(node: Condition): CompiledCondition {
  checkCondition(node);
  return (table) => run(node, table, null);
}

/**
 * The rows the second side of `and` (`or`) still matters for: those where the first side is
 * not false (not true), among `rows`.
 */
function undecided(first: Uint8Array, decided: number, rows: Uint8Array | null): Uint8Array {
  const out = new Uint8Array(first.length);
  for (let i = 0; i < out.length; i++) out[i] = first[i] !== decided && (rows === null || rows[i] !== 0) ? 1 : 0;
  return out;
}

/**
 * The mask of a condition. Only the rows set in `rows` (null: all) must be right; `and`/`or`
 * evaluate a side that reads a seasonal field last (SQL's and/or are commutative) and only on
 * the rows the other side left undecided, so those fields are computed for few rows.
 */
function run(node: Condition, table: FieldTable, rows: Uint8Array | null): Uint8Array {
  const n = table.size;
  switch (node.kind) {
    case 'and':
    case 'or': {
      const swap = readsSeason(node.left) && !readsSeason(node.right);
      const [first, second] = swap ? [node.right, node.left] : [node.left, node.right];
      const a = run(first, table, rows);
      const decided = node.kind === 'and' ? 0 : 1;
      const b = run(second, table, readsSeason(second) ? undecided(a, decided, rows) : rows);
      if (node.kind === 'and') {
        for (let i = 0; i < n; i++) {
          const x = a[i] as number;
          const y = b[i] as number;
          a[i] = x === 0 || y === 0 ? 0 : x === 1 && y === 1 ? 1 : UNKNOWN;
        }
      } else {
        for (let i = 0; i < n; i++) {
          const x = a[i] as number;
          const y = b[i] as number;
          a[i] = x === 1 || y === 1 ? 1 : x === 0 && y === 0 ? 0 : UNKNOWN;
        }
      }
      return a;
    }
    case 'not': {
      const a = run(node.operand, table, rows);
      for (let i = 0; i < n; i++) if (a[i] !== UNKNOWN) a[i] = 1 - (a[i] as number);
      return a;
    }
    case 'compare': {
      if (kindOf(node.left) === 'text') {
        return compareText(node.op, texts(node.left, table), texts(node.right, table), n);
      }
      const l = numbers(node.left, table, rows, false);
      return compareNumbers(node.op, l, numbers(node.right, table, rows, false), n);
    }
    case 'in': {
      const subject = texts(node.subject, table);
      const codes = new Set(node.values.map((v) => table.codeOf.get(v.value.toLowerCase()) ?? -2));
      const out = new Uint8Array(n);
      const hit = node.negated ? 0 : 1;
      for (let i = 0; i < n; i++) {
        const c = subject[i] as number;
        out[i] = c === -1 ? UNKNOWN : codes.has(c) ? hit : 1 - hit;
      }
      return out;
    }
    case 'between': {
      const s = numbers(node.subject, table, rows, false);
      const lo = numbers(node.low, table, rows, false);
      const hi = numbers(node.high, table, rows, false);
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
      const lc = numbers(node.left, table, rows, false);
      const rc = numbers(node.right, table, rows, false);
      const lp = numbers(node.left, table, rows, true);
      const rp = numbers(node.right, table, rows, true);
      const out = new Uint8Array(n);
      const above = node.direction === 'above';
      for (let i = 0; i < n; i++) {
        const a = lc[i] as number;
        const b = rc[i] as number;
        const pa = lp[i] as number;
        const pb = rp[i] as number;
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
