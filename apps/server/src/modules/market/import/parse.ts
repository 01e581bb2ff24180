import { normalizeSymbol, parseDate, parseNumber, SYMBOL_PATTERN } from './formats.js';
import type { IssueLog } from './import-issues.js';
import { splitCsv } from './line-reader.js';
import type { OpenedFile } from './open-csv.js';

export { IssueLog, MAX_ISSUES_PER_FILE, type ImportIssue, type IssueAction } from './import-issues.js';
export { openCsv, type OpenedFile, type OpenOptions } from './open-csv.js';
export { instrumentRows, type InstrumentRow } from './instrument-rows.js';

/** symbol, date, open, high, low, close, volume */
export type BarTuple = [string, string, number, number, number, number, number];

/** How far outside the day's range an open or close may be and still count as rounding. */
export const RANGE_TOLERANCE = 0.005;
export const BATCH_ROWS = 4096;

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
