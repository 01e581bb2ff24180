import { ScanExpressionError } from './errors.js';
import { compileCondition, fieldColumn, type CompiledCondition } from './evaluate.js';
import type { FieldTable } from './field-table.js';
import { lookupField, type FieldName, type TextField } from './fields.js';
import { parseExpression, type Condition, type Operand } from './parser.js';
import { innerConditions, operandsOf } from './condition-parts.js';

export interface CompiledScan {
  expression: string;
  condition: CompiledCondition;
  /** Fields the expression names, canonical, in order of first appearance. */
  fields: FieldName[];
  /** Each text field compared with a text constant (`sector = "Energy"`), in order. */
  textValues: { field: TextField; value: string }[];
}

/** Parses, type-checks and compiles an expression; throws ScanExpressionError. */
export function compileScan(expression: string): CompiledScan {
  const ast = parseExpression(expression);
  const condition = compileCondition(ast);
  const fields: FieldName[] = [];
  const textValues: CompiledScan['textValues'] = [];
  collectFields(ast, fields, textValues);
  return { expression, condition, fields, textValues };
}

function collectFields(node: Condition, out: FieldName[], texts: CompiledScan['textValues']): void {
  const add = (o: Operand): void => {
    if (o.kind === 'arith') {
      add(o.left);
      add(o.right);
    } else if (o.kind === 'field' && !out.includes(o.field.name)) out.push(o.field.name);
  };
  for (const inner of innerConditions(node)) collectFields(inner, out, texts);
  operandsOf(node).forEach(add);
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
  /** Any field name or alias; default symbol. */
  sort?: string;
  desc?: boolean;
  limit?: number;
  offset?: number;
  /** More fields shown in each row (any field name or alias; unknown names are skipped). */
  columns?: readonly string[];
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

/** Runs a compiled scan over a field table: filter, sort (nulls last), page, and shape rows. */
export function runScan(table: FieldTable, scan: CompiledScan, options: ScanOptions = {}): ScanResult {
  const sortField = lookupField(options.sort ?? 'symbol');
  if (!sortField) {
    throw new ScanExpressionError(`Unknown sort field "${options.sort}"`, 0, 'a field name', 'unknown_sort', {
      field: options.sort ?? '',
    });
  }
  const mask = scan.condition(table);
  const matched: number[] = [];
  for (let i = 0; i < table.size; i++) if (mask[i] === 1) matched.push(i);

  const symbols = table.text.symbol;
  const bySymbol = (a: number, b: number) => compareText(symbols[a] ?? null, symbols[b] ?? null);
  const sign = options.desc ? -1 : 1;
  if (sortField.kind === 'number') {
    const col = fieldColumn(table, sortField, sortField.season ? rowMask(table.size, matched) : null);
    matched.sort((a, b) => {
      const x = col[a] as number;
      const y = col[b] as number;
      const xn = x !== x;
      const yn = y !== y;
      if (xn || yn) return xn === yn ? bySymbol(a, b) : xn ? 1 : -1;
      return x === y ? bySymbol(a, b) : (x < y ? -1 : 1) * sign;
    });
  } else {
    const col = table.text[sortField.name as TextField];
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
  const shown = [...scan.fields];
  if (!shown.includes(sortField.name)) shown.push(sortField.name);
  for (const column of options.columns ?? []) {
    const name = lookupField(column)?.name;
    if (name && !shown.includes(name) && !['symbol', 'name', 'sector'].includes(name)) shown.push(name);
  }
  const page = matched.slice(offset, offset + limit);
  const columns = new Map<FieldName, Float64Array>();
  const pageRows = rowMask(table.size, page);
  for (const name of shown) {
    const info = lookupField(name);
    if (info?.kind === 'number') columns.set(name, fieldColumn(table, info, pageRows));
  }
  const results = page.map((i) => rowOf(table, i, shown, columns));
  return { asOf: table.asOf, stale: table.stale, count: matched.length, results };
}

/** A mask with the given rows set. */
function rowMask(size: number, rows: readonly number[]): Uint8Array {
  const mask = new Uint8Array(size);
  for (const i of rows) mask[i] = 1;
  return mask;
}

function rowOf(
  table: FieldTable,
  i: number,
  fields: readonly FieldName[],
  columns: ReadonlyMap<FieldName, Float64Array>,
): ScanRow {
  const row: Record<string, string | number | null> = {
    symbol: table.text.symbol[i] ?? '',
    name: table.text.name[i] ?? '',
    sector: table.text.sector[i] ?? null,
  };
  for (const f of fields) {
    const column = columns.get(f);
    if (column) {
      const v = column[i] as number;
      row[f] = Number.isNaN(v) ? null : v;
    } else {
      row[f] = table.text[f as TextField][i] ?? null;
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
