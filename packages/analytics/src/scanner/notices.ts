import type { FieldTable } from './field-table.js';
import { fieldColumn } from './evaluate.js';
import { lookupField, type FieldInfo, type NumericField, type TextField } from './fields.js';
import type { CompiledScan } from './scan.js';

/** Text fields whose values are few enough to list (a symbol or a name is not). */
export const LISTED_TEXT_FIELDS = ['sector', 'industry', 'type', 'assetClass'] as const satisfies readonly TextField[];

/** Whether any row of the table has a value for a numeric field. */
export function fieldHasData(table: FieldTable, field: NumericField): boolean {
  return anyValue(table.current[field], table.size);
}

function anyValue(col: Float64Array, size: number): boolean {
  for (let i = 0; i < size; i++) if (!Number.isNaN(col[i] as number)) return true;
  return false;
}

/**
 * Whether any row has a value for a seasonal field: first among the rows computed already,
 * else its count over all rows (a window that counts has every statistic, pValue included).
 */
function seasonHasData(table: FieldTable, field: FieldInfo): boolean {
  if (anyValue(fieldColumn(table, field, new Uint8Array(table.size)), table.size)) return true;
  const count: FieldInfo = { ...field, season: { days: field.season!.days, stat: 'count' } };
  return anyValue(fieldColumn(table, count, null), table.size);
}

/** The distinct values of a text field in the table, sorted case-insensitively. */
export function fieldValues(table: FieldTable, field: TextField): string[] {
  const seen = new Map<string, string>();
  for (const v of table.text[field]) if (v !== null && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  return [...seen.values()].sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * Why a scan may match nothing although it parsed: a numeric field that no symbol has a value
 * for (a condition on it is never true), or a text constant that no symbol has (with the
 * values there are, for the fields that have few).
 */
export function scanNotices(table: FieldTable, scan: CompiledScan): string[] {
  const notices: string[] = [];
  for (const name of scan.fields) {
    const info = lookupField(name);
    if (info?.kind !== 'number') continue;
    if (!(info.season ? seasonHasData(table, info) : fieldHasData(table, name as NumericField))) {
      notices.push(`No instrument has a value for ${name} in this data: a condition on it is never true.`);
    }
  }
  const told = new Set<string>();
  for (const { field, value } of scan.textValues) {
    const code = table.codeOf.get(value.toLowerCase());
    const codes = table.textCodes[field];
    let found = false;
    if (code !== undefined) for (let i = 0; i < table.size && !found; i++) found = codes[i] === code;
    const key = `${field}\u0000${value.toLowerCase()}`;
    if (found || told.has(key)) continue;
    told.add(key);
    const listed = (LISTED_TEXT_FIELDS as readonly string[]).includes(field);
    const values = listed ? fieldValues(table, field) : [];
    notices.push(
      listed && values.length > 0
        ? `No instrument has ${field} "${value}". The values are: ${values.map((v) => `"${v}"`).join(', ')}.`
        : `No instrument has ${field} "${value}".`,
    );
  }
  return notices;
}
