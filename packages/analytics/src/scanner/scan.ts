import { ScanExpressionError } from './errors.js';
import { compileCondition, operandColumn, type CompiledCondition } from './evaluate.js';
import type { FieldTable } from './field-table.js';
import { lookupField, type FieldName, type TextField } from './fields.js';
import {
  parseExpression,
  parseOperand,
  type Condition,
  type Operand,
  type OperandTexts,
  type ParseOptions,
} from './parser.js';
import { checkOperandAlone, kindOf, readsSeason } from './check.js';
import { innerConditions, operandsOf } from './condition-parts.js';

export interface CompiledScan {
  expression: string;
  /** The parsed expression (for termSteps). */
  ast: Condition;
  condition: CompiledCondition;
  /** Fields the expression names, canonical, in order of first appearance. */
  fields: FieldName[];
  /** Each text field compared with a text constant (`sector = "Energy"`, `in (…)`), in order. */
  textValues: { field: TextField; value: string }[];
  /**
   * Each operand of a comparison that is neither a number, a text nor a plain field, under its
   * text as written (trimmed), in order: the rows carry them.
   */
  terms: { key: string; operand: Operand }[];
  /** How its sort and columns parse (the symbols rs() may name). */
  options: ParseOptions;
}

/** Parses, type-checks and compiles an expression; throws ScanExpressionError. */
export function compileScan(expression: string, options: ParseOptions = {}): CompiledScan {
  const written: OperandTexts = new Map();
  const ast = parseExpression(expression, options, written);
  const condition = compileCondition(ast);
  const fields: FieldName[] = [];
  const textValues: CompiledScan['textValues'] = [];
  collectFields(ast, fields, textValues);
  const terms: CompiledScan['terms'] = [];
  for (const [operand, key] of written) {
    if (operand.kind === 'number' || operand.kind === 'string' || operand.kind === 'field') continue;
    if (!terms.some((t) => t.key === key)) terms.push({ key, operand });
  }
  return { expression, ast, condition, fields, textValues, terms, options };
}

/** The fields an operand names, anywhere in it (inside functions and timeframes too). */
function addFields(o: Operand, out: FieldName[]): void {
  switch (o.kind) {
    case 'field':
      if (!out.includes(o.field.name)) out.push(o.field.name);
      return;
    case 'arith':
      addFields(o.left, out);
      addFields(o.right, out);
      return;
    case 'fn':
      if (o.src) addFields(o.src, out);
      return;
    case 'offset':
    case 'timeframe':
    case 'rank':
      addFields(o.operand, out);
      return;
    default:
      return;
  }
}

function collectFields(node: Condition, out: FieldName[], texts: CompiledScan['textValues']): void {
  for (const inner of innerConditions(node)) collectFields(inner, out, texts);
  for (const o of operandsOf(node)) addFields(o, out);
  if (node.kind === 'in') {
    if (node.subject.kind === 'field') {
      for (const v of node.values) texts.push({ field: node.subject.field.name as TextField, value: v.value });
    }
    return;
  }
  if (node.kind !== 'compare') return;
  for (const [f, c] of [
    [node.left, node.right],
    [node.right, node.left],
  ] as const) {
    if (f.kind === 'field' && f.field.kind === 'text' && c.kind === 'string')
      texts.push({ field: f.field.name as TextField, value: c.value });
  }
}

export interface ScanOptions {
  /** Any field name, alias or numeric expression; default symbol. */
  sort?: string;
  desc?: boolean;
  limit?: number;
  offset?: number;
  /** More values shown in each row: fields, aliases or numeric expressions of the language. */
  columns?: readonly string[];
}

/**
 * A problem in a scan's sort or one of its columns: the ScanExpressionError of that text
 * (`position` within it) and which one (`column`: 0-based index, null for the sort).
 */
export class ScanTermError extends ScanExpressionError {
  constructor(
    readonly problem: ScanExpressionError,
    readonly column: number | null,
  ) {
    super(problem.message, problem.position, problem.expected, problem.code, problem.params);
    this.name = 'ScanTermError';
  }
}

/** A sort or column of a scan: a field, an alias or any numeric expression (no condition). */
export interface ScanTerm {
  /** Its key in the rows: a plain field's canonical name, else the text trimmed. */
  key: string;
  operand: Operand;
}

/** Parses a sort or column text; throws ScanExpressionError (positions within `text`). */
export function compileScanTerm(text: string, options: ParseOptions = {}): ScanTerm {
  const trimmed = text.trim();
  const operand = parseOperand(trimmed, options);
  checkOperandAlone(operand);
  return { key: operand.kind === 'field' ? operand.field.name : trimmed, operand };
}

export type ScanRow = { symbol: string; name: string; sector: string | null } & Record<string, string | number | null>;

export interface ScanResult {
  asOf: string | null;
  /** Symbols left out: no bar on `asOf`. */
  stale: number;
  count: number;
  results: ScanRow[];
}

export const DEFAULT_SCAN_LIMIT = 50;

function compileTerm(text: string, options: ParseOptions, column: number | null): ScanTerm {
  try {
    return compileScanTerm(text, options);
  } catch (error) {
    if (error instanceof ScanExpressionError) throw new ScanTermError(error, column);
    throw error;
  }
}

/**
 * Runs a compiled scan over a field table: filter, sort (nulls last, ties by symbol), page, and
 * shape rows. Rows carry symbol, name, sector, the fields the expression names, its
 * comparison operands that are not plain fields (under their text), the sort, then the
 * columns; a number or null, never NaN. A sort or column that does not parse throws
 * ScanTermError; an unknown plain sort name throws ScanExpressionError 'unknown_sort'.
 */
export function runScan(table: FieldTable, scan: CompiledScan, options: ScanOptions = {}): ScanResult {
  const sortText = options.sort ?? 'symbol';
  if (/^[A-Za-z_][\w.]*$/.test(sortText.trim()) && !lookupField(sortText.trim())) {
    throw new ScanExpressionError(`Unknown sort field "${options.sort}"`, 0, 'a field name', 'unknown_sort', {
      field: options.sort ?? '',
    });
  }
  const sort = compileTerm(sortText, scan.options, null);
  const columnTerms = (options.columns ?? []).map((c, i) => compileTerm(c, scan.options, i));
  const mask = scan.condition(table);
  const matched: number[] = [];
  for (let i = 0; i < table.size; i++) if (mask[i] === 1) matched.push(i);

  const symbols = table.text.symbol;
  const bySymbol = (a: number, b: number) => compareText(symbols[a] ?? null, symbols[b] ?? null);
  const sign = options.desc ? -1 : 1;
  if (kindOf(sort.operand) === 'number') {
    const col = operandColumn(table, sort.operand, readsSeason(sort.operand) ? rowMask(table.size, matched) : null);
    matched.sort((a, b) => {
      const x = col[a] as number;
      const y = col[b] as number;
      const xn = x !== x;
      const yn = y !== y;
      if (xn || yn) return xn === yn ? bySymbol(a, b) : xn ? 1 : -1;
      return x === y ? bySymbol(a, b) : (x < y ? -1 : 1) * sign;
    });
  } else {
    const col = textValuesOf(table, sort.operand);
    matched.sort((a, b) => {
      const x = col[a] ?? null;
      const y = col[b] ?? null;
      if (x === null || y === null) return x === y ? bySymbol(a, b) : x === null ? 1 : -1;
      const c = compareText(x, y);
      return c === 0 ? bySymbol(a, b) : c * sign;
    });
  }

  const offset = options.offset ?? 0;
  const limit = options.limit ?? DEFAULT_SCAN_LIMIT;
  const shown: ScanTerm[] = [];
  const add = (term: ScanTerm) => {
    if (!shown.some((t) => t.key === term.key) && !['symbol', 'name', 'sector'].includes(term.key)) shown.push(term);
  };
  for (const name of scan.fields)
    add({ key: name, operand: { kind: 'field', field: lookupField(name)!, position: 0 } });
  scan.terms.forEach(add);
  // The sort's key, as before: a plain field shown unless it is symbol, name or sector.
  add(sort);
  columnTerms.forEach(add);
  const page = matched.slice(offset, offset + limit);
  const pageRows = rowMask(table.size, page);
  const columns = new Map<string, Float64Array | (string | null)[]>();
  for (const term of shown) {
    columns.set(
      term.key,
      kindOf(term.operand) === 'number'
        ? operandColumn(table, term.operand, pageRows)
        : textValuesOf(table, term.operand),
    );
  }
  const results = page.map((i) => rowOf(table, i, columns));
  return { asOf: table.asOf, stale: table.stale, count: matched.length, results };
}

/** A text operand's values per row: a text field's, or a constant. */
function textValuesOf(table: FieldTable, o: Operand): (string | null)[] {
  if (o.kind === 'field') return table.text[o.field.name as TextField];
  if (o.kind === 'string') return new Array<string | null>(table.size).fill(o.value);
  return new Array<string | null>(table.size).fill(null);
}

/** A mask with the given rows set. */
function rowMask(size: number, rows: readonly number[]): Uint8Array {
  const mask = new Uint8Array(size);
  for (const i of rows) mask[i] = 1;
  return mask;
}

function rowOf(table: FieldTable, i: number, columns: ReadonlyMap<string, Float64Array | (string | null)[]>): ScanRow {
  const row: Record<string, string | number | null> = {
    symbol: table.text.symbol[i] ?? '',
    name: table.text.name[i] ?? '',
    sector: table.text.sector[i] ?? null,
  };
  for (const [key, column] of columns) {
    if (column instanceof Float64Array) {
      const v = column[i] as number;
      row[key] = Number.isFinite(v) ? v : null;
    } else {
      row[key] = column[i] ?? null;
    }
  }
  return row as ScanRow;
}

/** Case-insensitive order (as equality in expressions is); null last. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y ? 0 : x < y ? -1 : 1;
}
