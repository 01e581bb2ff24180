import type { FieldTable } from '../scanner/field-table.js';
import type { NumericField } from '../scanner/fields.js';

export const PERIODS = ['1d', '1w', '1m', '3m', '6m', 'ytd', '1y'] as const;
export type Period = (typeof PERIODS)[number];

/** The field-table column holding each period's change (the perf definitions of analytics.md). */
export const PERIOD_FIELD: Record<Period, NumericField> = {
  '1d': 'change1d',
  '1w': 'w1',
  '1m': 'm1',
  '3m': 'm3',
  '6m': 'm6',
  ytd: 'ytd',
  '1y': 'y1',
};

export const SIZE_MODES = ['marketcap', 'dollarvolume', 'equal'] as const;
export type SizeMode = (typeof SIZE_MODES)[number];

/**
 * The one weighting of every sector figure unless a screen asks for another: dollar volume
 * (close × avgVolume20), known for every symbol with prices, unlike market caps.
 */
export const DEFAULT_WEIGHTING: SizeMode = 'dollarvolume';

/** A universe: every stock, one sector's stocks, or a list of symbols (any type). */
export type Universe = { kind: 'all' } | { kind: 'sector'; sector: string } | { kind: 'symbols'; symbols: string[] };

/** Parses `all`, `sector:NAME` or `SYM,SYM,…` (symbols upper-cased); null when empty. */
export function parseUniverse(text: string | undefined): Universe | null {
  const t = (text ?? 'all').trim();
  if (t === '' || t.toLowerCase() === 'all') return { kind: 'all' };
  if (t.toLowerCase().startsWith('sector:')) {
    const sector = t.slice('sector:'.length).trim();
    return sector ? { kind: 'sector', sector } : null;
  }
  const symbols = [
    ...new Set(
      t
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  return symbols.length ? { kind: 'symbols', symbols } : null;
}

/** Row indexes of the table in the universe; a list keeps its order and skips unknown symbols. */
export function universeRows(table: FieldTable, universe: Universe): number[] {
  const rows: number[] = [];
  if (universe.kind === 'symbols') {
    const index = new Map<string, number>();
    table.text.symbol.forEach((s, i) => s !== null && index.set(s.toUpperCase(), i));
    for (const s of universe.symbols) {
      const i = index.get(s);
      if (i !== undefined) rows.push(i);
    }
    return rows;
  }
  const wanted = universe.kind === 'sector' ? universe.sector.toLowerCase() : null;
  for (let i = 0; i < table.size; i++) {
    if (table.text.type[i] !== 'stock') continue;
    if (wanted !== null && table.text.sector[i]?.toLowerCase() !== wanted) continue;
    rows.push(i);
  }
  return rows;
}

/** Each row's weight: market cap, close × avgVolume20, or 1. NaN when unknown. */
export function sizeOf(table: FieldTable, row: number, mode: SizeMode): number {
  if (mode === 'equal') return 1;
  if (mode === 'marketcap') return table.current.marketCap[row] as number;
  return (table.current.close[row] as number) * (table.current.avgVolume20[row] as number);
}

/** Size-weighted mean change over rows with a usable size and a known change; null when none. */
export function weightedChange(
  table: FieldTable,
  rows: readonly number[],
  period: Period,
  mode: SizeMode,
): number | null {
  const col = table.current[PERIOD_FIELD[period]];
  let sw = 0;
  let swc = 0;
  for (const i of rows) {
    const w = sizeOf(table, i, mode);
    const c = col[i] as number;
    if (!(w > 0) || Number.isNaN(c)) continue;
    sw += w;
    swc += w * c;
  }
  return sw > 0 ? swc / sw : null;
}
