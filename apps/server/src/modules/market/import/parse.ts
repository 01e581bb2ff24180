import path from 'node:path';
import { detectLayout, normalizeSymbol, parseDate, parseNumber, SYMBOL_PATTERN, type Layout } from './formats.js';
import { FileRejected, readLines, splitCsv, type ReadLimits } from './line-reader.js';

export type IssueAction = 'skip' | 'repair' | 'reject' | 'replace';

/** One reported problem: a row skipped or repaired, or a whole file rejected (line null). */
export interface ImportIssue {
  file: string;
  line: number | null;
  reason: string;
  action: IssueAction;
}

/** symbol, date, open, high, low, close, volume */
export type BarTuple = [string, string, number, number, number, number, number];

export interface InstrumentRow {
  symbol: string;
  name: string;
  type: 'stock' | 'etf' | 'index';
  sector: string | null;
  industry: string | null;
  /** undefined: the file has no market-cap column (keep what is stored). */
  marketCap: number | null | undefined;
}

/** How far outside the day's range an open or close may be and still count as rounding. */
export const RANGE_TOLERANCE = 0.005;
/** Issues kept per file; beyond it one summary line says how many more rows were skipped. */
export const MAX_ISSUES_PER_FILE = 1000;
export const BATCH_ROWS = 4096;

/** Collects a file's issues with a cap, so a garbage file cannot fill memory with reports. */
export class IssueLog {
  readonly kept: ImportIssue[] = [];
  private dropped = 0;
  /** withholdContent: reasons never quote the file's text (the API must not read files out through them). */
  constructor(
    private readonly file: string,
    readonly withholdContent = false,
  ) {}
  /** A value from the file as a reason shows it (` "abc"`), or nothing when content is withheld. */
  quote(value: string): string {
    return this.withholdContent ? '' : ` ${JSON.stringify(value)}`;
  }
  add(line: number | null, reason: string, action: IssueAction): void {
    if (this.kept.length < MAX_ISSUES_PER_FILE) this.kept.push({ file: this.file, line, reason, action });
    else this.dropped += 1;
  }
  finish(): ImportIssue[] {
    if (this.dropped > 0)
      this.kept.push({
        file: this.file,
        line: null,
        reason: `${this.dropped} more rows had problems (only the first ${MAX_ISSUES_PER_FILE} are listed)`,
        action: 'skip',
      });
    return this.kept;
  }
}

export interface OpenedFile {
  layout: Layout;
  /** The rows after the header, numbered from line 2. */
  lines: Generator<string, void, undefined>;
  /** For daily files without a ticker column: the symbol from the file name. */
  fileSymbol: string | null;
}

export interface OpenOptions {
  /** Regular files only, up to a size (the admin API). */
  limits?: ReadLimits;
  /** Reject an unknown header without quoting it. */
  withholdContent?: boolean;
  /** The name the file was asked for by, when not the path opened: the symbol is taken from it. */
  name?: string;
}

/** Reads the header and recognises the layout; throws FileRejected when the file cannot be imported. */
export function openCsv(file: string, symbol?: string, options: OpenOptions = {}): OpenedFile {
  const lines = readLines(file, options.limits);
  try {
    return recognise(options.name ?? file, lines, symbol, options.withholdContent ?? false);
  } catch (error) {
    lines.return();
    throw error;
  }
}

function recognise(
  file: string,
  lines: Generator<string, void, undefined>,
  symbol: string | undefined,
  withholdContent: boolean,
): OpenedFile {
  const next = lines.next();
  if (next.done) throw new FileRejected('empty file');
  const header = next.value;
  if (header.trim() === '') throw new FileRejected('empty file (no header line)');
  const layout = detectLayout(splitCsv(header));
  if (!layout) {
    const shown = header.length > 80 ? `${header.slice(0, 80)}…` : header;
    throw new FileRejected(
      `unknown header${withholdContent ? '' : ` ${JSON.stringify(shown)}`}: expected Stooq (<TICKER>,<PER>,<DATE>,…), Yahoo (Date,Open,High,Low,Close,Adj Close,Volume), plain (Date,Open,High,Low,Close,Volume[,OpenInt]) or instruments (symbol,name,type,sector,industry[,marketCap])`,
    );
  }
  let fileSymbol: string | null = null;
  if (layout.format === 'yahoo' || layout.format === 'plain') {
    const base = symbol ?? path.basename(file).replace(/\.[^.]*$/, '');
    fileSymbol = normalizeSymbol(base);
    if (!SYMBOL_PATTERN.test(fileSymbol)) throw new FileRejected(`cannot take a symbol from the file name "${base}"`);
  }
  return { layout, lines, fileSymbol };
}

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

/** trim() only when needed: most fields have no surrounding spaces, and this runs 5 times a row. */
function clean(field: string): string {
  const n = field.length;
  return n > 0 && field.charCodeAt(0) > 32 && field.charCodeAt(n - 1) > 32 ? field : field.trim();
}

/**
 * The bars of a daily file in batches, after the rules of docs/data-import.md: every row
 * that is not taken as it is gets an issue (skip or repair) with its line number.
 */
export function* dailyBars(opened: OpenedFile, issues: IssueLog): Generator<BarTuple[], void, undefined> {
  const { layout, lines, fileSymbol } = opened;
  const col = layout.columns;
  const volumeCol = col.volume ?? col.vol!;
  const priceCols = PRICE_FIELDS.map((name) => col[name]!);
  const dateCol = col.date!;
  const lastDate = new Map<string, string>();
  let batch: BarTuple[] = [];
  let lineNo = 1;
  const values = [0, 0, 0, 0];
  for (const text of lines) {
    lineNo += 1;
    if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim().length === 0)) {
      issues.add(lineNo, 'empty line', 'skip');
      continue;
    }
    const f = splitCsv(text);
    if (f.length !== layout.width) {
      issues.add(lineNo, `expected ${layout.width} fields, found ${f.length}`, 'skip');
      continue;
    }
    let symbol = fileSymbol;
    if (layout.format === 'stooq') {
      symbol = normalizeSymbol(f[col.ticker!]!);
      if (!SYMBOL_PATTERN.test(symbol)) {
        issues.add(lineNo, `invalid ticker${issues.quote(f[col.ticker!]!)}`, 'skip');
        continue;
      }
      const per = f[col.per!]!.trim().toUpperCase();
      if (per !== 'D') {
        issues.add(
          lineNo,
          issues.withholdContent ? 'not a daily bar' : `not a daily bar (period ${JSON.stringify(per)})`,
          'skip',
        );
        continue;
      }
    }
    if (layout.format === 'yahoo' && f.some((v, i) => i !== col.date && v.trim() === 'null')) {
      issues.add(lineNo, 'missing day (null values)', 'skip');
      continue;
    }
    const rawDate = clean(f[dateCol]!);
    const date = parseDate(rawDate);
    if (date === null) {
      issues.add(lineNo, rawDate === '' ? 'missing date' : `unparseable date${issues.quote(rawDate)}`, 'skip');
      continue;
    }
    let bad: string | null = null;
    for (let k = 0; k < 4 && bad === null; k++) {
      const raw = clean(f[priceCols[k]!]!);
      const x = parseNumber(raw);
      if (raw === '') bad = `missing ${PRICE_FIELDS[k]}`;
      else if (Number.isNaN(x)) bad = `unparseable number${issues.quote(raw)} for ${PRICE_FIELDS[k]}`;
      values[k] = x;
    }
    const rawVolume = clean(f[volumeCol]!);
    const volume = parseNumber(rawVolume);
    if (bad === null && rawVolume === '') bad = 'missing volume';
    else if (bad === null && Number.isNaN(volume)) bad = `unparseable number${issues.quote(rawVolume)} for volume`;
    let factor = 1;
    if (bad === null && layout.format === 'yahoo') {
      const rawAdj = f[col.adjclose!]!.trim();
      const adj = parseNumber(rawAdj);
      if (rawAdj === '') bad = 'missing adj close';
      else if (Number.isNaN(adj)) bad = `unparseable number${issues.quote(rawAdj)} for adj close`;
      else if (adj <= 0) bad = 'non-positive price (adj close)';
      else if (values[3]! > 0) factor = adj / values[3]!;
    }
    if (bad !== null) {
      issues.add(lineNo, bad, 'skip');
      continue;
    }
    let [open, high, low, close] = values as [number, number, number, number];
    if (open <= 0 || high <= 0 || low <= 0 || close <= 0) {
      issues.add(lineNo, 'non-positive price', 'skip');
      continue;
    }
    if (volume < 0) {
      issues.add(lineNo, 'negative volume', 'skip');
      continue;
    }
    if (high < low) {
      issues.add(lineNo, `high ${high} below low ${low}`, 'skip');
      continue;
    }
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    if (top > high || bottom < low) {
      const which = open > high || open < low ? 'open' : 'close';
      const value = which === 'open' ? open : close;
      if (top <= high * (1 + RANGE_TOLERANCE) && bottom >= low * (1 - RANGE_TOLERANCE)) {
        high = Math.max(high, top);
        low = Math.min(low, bottom);
        issues.add(
          lineNo,
          `${which} ${value} slightly outside the day's range: range widened to ${low}–${high}`,
          'repair',
        );
      } else {
        issues.add(lineNo, `${which} ${value} outside the day's range ${low}–${high}`, 'skip');
        continue;
      }
    }
    const previous = lastDate.get(symbol!);
    if (previous !== undefined && date <= previous) {
      issues.add(
        lineNo,
        date === previous ? `duplicate date ${date}` : `out-of-order date ${date} (after ${previous})`,
        'skip',
      );
      continue;
    }
    lastDate.set(symbol!, date);
    if (factor !== 1) {
      open *= factor;
      high *= factor;
      low *= factor;
      close *= factor;
    }
    batch.push([symbol!, date, open, high, low, close, volume]);
    if (batch.length === BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
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
