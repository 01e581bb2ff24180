import { normalizeSymbol, parseNumber, SYMBOL_PATTERN } from './formats.js';
import type { IssueLog } from './import-issues.js';
import { splitCsv } from './line-reader.js';
import type { OpenedFile } from './open-csv.js';

export interface InstrumentRow {
  symbol: string;
  name: string;
  type: 'stock' | 'etf' | 'index';
  sector: string | null;
  industry: string | null;
  /** undefined: the file has no market-cap column (keep what is stored). */
  marketCap: number | null | undefined;
}

const TYPES = new Set(['stock', 'etf', 'index']);

/** The rows of an instruments file, after the rules of docs/data-import.md. */
export function* instrumentRows(opened: OpenedFile, issues: IssueLog): Generator<InstrumentRow, void, undefined> {
  const { layout, lines } = opened;
  const col = layout.columns;
  const seen = new Set<string>();
  let lineNo = 1;
  for (const text of lines) {
    lineNo += 1;
    if (text.trim().length === 0) {
      issues.add(lineNo, 'empty line', 'skip');
      continue;
    }
    const f = splitCsv(text).map((v) => v.trim());
    if (f.length !== layout.width) {
      issues.add(lineNo, `expected ${layout.width} fields, found ${f.length}`, 'skip');
      continue;
    }
    const symbol = normalizeSymbol(f[col.symbol!]!);
    if (!SYMBOL_PATTERN.test(symbol)) {
      issues.add(lineNo, `invalid symbol${issues.quote(f[col.symbol!]!)}`, 'skip');
      continue;
    }
    const name = f[col.name!]!;
    if (name === '') {
      issues.add(lineNo, 'missing name', 'skip');
      continue;
    }
    const type = f[col.type!]!.toLowerCase();
    if (!TYPES.has(type)) {
      issues.add(lineNo, `unknown type${issues.quote(f[col.type!]!)} (expected stock, etf or index)`, 'skip');
      continue;
    }
    if (seen.has(symbol)) {
      issues.add(lineNo, `duplicate symbol ${symbol}`, 'skip');
      continue;
    }
    seen.add(symbol);
    let marketCap: number | null | undefined = undefined;
    if (col.marketcap !== undefined) {
      const raw = f[col.marketcap]!;
      const x = parseNumber(raw);
      if (raw === '') marketCap = null;
      else if (Number.isNaN(x) || x <= 0) {
        marketCap = null;
        issues.add(lineNo, `invalid market cap${issues.quote(raw)}: stored as unknown`, 'repair');
      } else marketCap = x;
    }
    yield {
      symbol,
      name,
      type: type as InstrumentRow['type'],
      sector: f[col.sector!] || null,
      industry: f[col.industry!] || null,
      marketCap,
    };
  }
}
