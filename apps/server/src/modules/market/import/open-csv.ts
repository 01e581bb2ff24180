import path from 'node:path';
import { detectLayout, normalizeSymbol, SYMBOL_PATTERN, type Layout } from './formats.js';
import { FileRejected, LineReader, linesOf, splitCsv, type ReadLimits } from './line-reader.js';

export interface OpenedFile {
  layout: Layout;
  /** The rows after the header, numbered from line 2. */
  lines: Generator<string, void, undefined>;
  /** For daily files without a ticker column: the symbol from the file name. */
  fileSymbol: string | null;
  /** The file's reader, for reading the rows as bytes instead (`lines` still closes it). */
  reader?: LineReader;
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
  const reader = new LineReader(file, options.limits);
  const lines = closing(reader);
  try {
    return { ...recognise(options.name ?? file, lines, symbol, options.withholdContent ?? false), reader };
  } catch (error) {
    lines.return();
    reader.close();
    throw error;
  }
}

function* closing(reader: LineReader): Generator<string, void, undefined> {
  try {
    yield* linesOf(reader);
  } finally {
    reader.close();
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
