import {
  dayAt,
  decimalAt,
  normalizeSymbol,
  parseDate,
  parseDayIn,
  parseNumber,
  parseNumberIn,
  SYMBOL_PATTERN,
  type Layout,
} from './formats.js';
import type { IssueLog } from './import-issues.js';
import { splitCsv } from './line-reader.js';
import { dayNumberFast, isoFromDay } from '../dates.js';
import type { OpenedFile } from './open-csv.js';

export { IssueLog, MAX_ISSUES_PER_FILE, type ImportIssue, type IssueAction } from './import-issues.js';
export { openCsv, type OpenedFile, type OpenOptions } from './open-csv.js';
export { instrumentRows, type InstrumentRow } from './instrument-rows.js';

/** How far outside the day's range an open or close may be and still count as rounding. */
export const RANGE_TOLERANCE = 0.005;
export const BATCH_ROWS = 4096;

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

/** trim() only when needed: most fields have no surrounding spaces. */
function clean(field: string): string {
  const n = field.length;
  return n > 0 && field.charCodeAt(0) > 32 && field.charCodeAt(n - 1) > 32 ? field : field.trim();
}

/** symbol, date, open, high, low, close, volume: one bar as a row (tests, reports). */
export type BarTuple = [string, string, number, number, number, number, number];

/**
 * Parsed bars in columns, as they are written and as they cross between threads: the symbols
 * as runs in row order, each row's date as a day number, and its open, high, low, close and
 * volume five values a row.
 */
export interface BarBatch {
  runs: Array<[symbol: string, rows: number]>;
  days: Int32Array;
  values: Float64Array;
}

/** A batch's bars as rows. */
export function batchRows(batch: BarBatch): BarTuple[] {
  const rows: BarTuple[] = [];
  const v = batch.values;
  let i = 0;
  for (const [symbol, count] of batch.runs) {
    for (let k = 0; k < count; k++, i++) {
      const o = i * 5;
      rows.push([symbol, isoFromDay(batch.days[i]!), v[o]!, v[o + 1]!, v[o + 2]!, v[o + 3]!, v[o + 4]!]);
    }
  }
  return rows;
}

class BatchBuilder {
  private runs: Array<[string, number]> = [];
  private days = new Int32Array(BATCH_ROWS);
  private values = new Float64Array(BATCH_ROWS * 5);
  n = 0;

  push(symbol: string, day: number, open: number, high: number, low: number, close: number, volume: number): void {
    const last = this.runs[this.runs.length - 1];
    if (last !== undefined && last[0] === symbol) last[1] += 1;
    else this.runs.push([symbol, 1]);
    const i = this.n++;
    this.days[i] = day;
    const v = this.values;
    const o = i * 5;
    v[o] = open;
    v[o + 1] = high;
    v[o + 2] = low;
    v[o + 3] = close;
    v[o + 4] = volume;
  }

  take(): BarBatch {
    const n = this.n;
    const full = n === this.days.length;
    const batch = {
      runs: this.runs,
      days: full ? this.days : this.days.slice(0, n),
      values: full ? this.values : this.values.slice(0, n * 5),
    };
    this.runs = [];
    if (full) {
      this.days = new Int32Array(BATCH_ROWS);
      this.values = new Float64Array(BATCH_ROWS * 5);
    }
    this.n = 0;
    return batch;
  }
}

/**
 * The bars of a daily file in batches, after the rules of docs/data-import.md: every row
 * that is not taken as it is gets an issue (skip or repair) with its line number.
 */
export function* dailyBars(opened: OpenedFile, issues: IssueLog): Generator<BarBatch, void, undefined> {
  const { layout, lines, fileSymbol } = opened;
  const col = layout.columns;
  const width = layout.width;
  const volumeCol = col.volume ?? col.vol!;
  const priceCols = PRICE_FIELDS.map((name) => col[name]!);
  const dateCol = col.date!;
  const lastDay = new Map<string, number>();
  const batch = new BatchBuilder();
  let lineNo = 1;
  const values = [0, 0, 0, 0];
  // The current row: its text and its fields' bounds, or its fields split when it has quotes.
  let text = '';
  let split: string[] | null = null;
  const starts = new Int32Array(width);
  const ends = new Int32Array(width);
  const field = (k: number): string => (split ? split[k]! : text.slice(starts[k], ends[k]));
  const numberAt = (k: number): number =>
    split ? parseNumber(clean(split[k]!)) : parseNumberIn(text, starts[k]!, ends[k]!);
  /** A number field that did not parse: why, as the reason names it. */
  const badNumber = (k: number, name: string): string => {
    const raw = clean(field(k));
    return raw === '' ? `missing ${name}` : `unparseable number${issues.quote(raw)} for ${name}`;
  };
  /** One line, with every rule of docs/data-import.md: its bar pushed, or its issue logged. */
  const slowRow = (line: string): void => {
    text = line;
    if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim().length === 0)) {
      issues.add(lineNo, 'empty line', 'skip');
      return;
    }
    let count: number;
    if (text.includes('"')) {
      split = splitCsv(text);
      count = split.length;
    } else {
      split = null;
      count = fieldBounds(text, starts, ends);
    }
    if (count !== width) {
      issues.add(lineNo, `expected ${width} fields, found ${count}`, 'skip');
      return;
    }
    let symbol = fileSymbol;
    if (layout.format === 'stooq') {
      const ticker = field(col.ticker!);
      symbol = normalizeSymbol(ticker);
      if (!SYMBOL_PATTERN.test(symbol)) {
        issues.add(lineNo, `invalid ticker${issues.quote(ticker)}`, 'skip');
        return;
      }
      const per = field(col.per!).trim().toUpperCase();
      if (per !== 'D') {
        issues.add(
          lineNo,
          issues.withholdContent ? 'not a daily bar' : `not a daily bar (period ${JSON.stringify(per)})`,
          'skip',
        );
        return;
      }
    }
    if (layout.format === 'yahoo' && text.includes('null') && hasNullField(width, dateCol, field)) {
      issues.add(lineNo, 'missing day (null values)', 'skip');
      return;
    }
    let day = split ? Number.NaN : parseDayIn(text, starts[dateCol]!, ends[dateCol]!);
    if (Number.isNaN(day)) {
      const rawDate = clean(field(dateCol));
      const date = parseDate(rawDate);
      if (date === null) {
        issues.add(lineNo, rawDate === '' ? 'missing date' : `unparseable date${issues.quote(rawDate)}`, 'skip');
        return;
      }
      day = dayNumberFast(date);
    }
    let bad: string | null = null;
    for (let k = 0; k < 4 && bad === null; k++) {
      const x = numberAt(priceCols[k]!);
      if (Number.isNaN(x)) bad = badNumber(priceCols[k]!, PRICE_FIELDS[k]!);
      values[k] = x;
    }
    const volume = numberAt(volumeCol);
    if (bad === null && Number.isNaN(volume)) bad = badNumber(volumeCol, 'volume');
    let factor = 1;
    if (bad === null && layout.format === 'yahoo') {
      const adj = numberAt(col.adjclose!);
      if (Number.isNaN(adj)) bad = badNumber(col.adjclose!, 'adj close');
      else if (adj <= 0) bad = 'non-positive price (adj close)';
      else if (values[3]! > 0) factor = adj / values[3]!;
    }
    if (bad !== null) {
      issues.add(lineNo, bad, 'skip');
      return;
    }
    let [open, high, low, close] = values as [number, number, number, number];
    if (open <= 0 || high <= 0 || low <= 0 || close <= 0) {
      issues.add(lineNo, 'non-positive price', 'skip');
      return;
    }
    if (volume < 0) {
      issues.add(lineNo, 'negative volume', 'skip');
      return;
    }
    if (high < low) {
      issues.add(lineNo, `high ${high} below low ${low}`, 'skip');
      return;
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
        return;
      }
    }
    const previous = lastDay.get(symbol!);
    if (previous !== undefined && day <= previous) {
      const date = isoFromDay(day);
      issues.add(
        lineNo,
        day === previous ? `duplicate date ${date}` : `out-of-order date ${date} (after ${isoFromDay(previous)})`,
        'skip',
      );
      return;
    }
    lastDay.set(symbol!, day);
    if (factor !== 1) {
      open *= factor;
      high *= factor;
      low *= factor;
      close *= factor;
    }
    batch.push(symbol!, day, open, high, low, close, volume);
  };
  // Plain and Yahoo files: clean rows straight from the bytes, any other through slowRow.
  const fast =
    opened.reader && layout.format !== 'stooq'
      ? new FastRows(layout, fileSymbol!, (day, o, h, l, c, v) => {
          lastDay.set(fileSymbol!, day);
          batch.push(fileSymbol!, day, o, h, l, c, v);
        })
      : null;
  try {
    if (fast) {
      const reader = opened.reader!;
      for (let block = reader.nextBlock(); block; block = reader.nextBlock()) {
        const { buffer, end } = block;
        let from = block.start;
        while (from < end) {
          let nl = buffer.indexOf(10, from);
          if (nl < 0 || nl >= end) nl = end;
          let to = nl;
          if (to > from && buffer[to - 1] === 13) to--;
          // The end of the file after a last line break and a CR: no line (as readLines).
          if (nl === end && to === from) break;
          lineNo += 1;
          if (!fast.take(buffer, from, to, lastDay.get(fileSymbol!))) slowRow(buffer.toString('utf8', from, to));
          if (batch.n === BATCH_ROWS) yield batch.take();
          from = nl + 1;
        }
      }
    } else {
      for (const line of lines) {
        lineNo += 1;
        slowRow(line);
        if (batch.n === BATCH_ROWS) yield batch.take();
      }
    }
  } finally {
    lines.return();
  }
  if (batch.n > 0) yield batch.take();
}

/**
 * The byte-level fast path of a plain or Yahoo file: a row whose fields are all printable
 * ASCII without spaces or quotes, whose date and numbers are plain (parseDayIn's dates,
 * decimals of up to 15 digits without a sign) and that needs no issue at all is read
 * straight from the file's bytes, to the same values slowRow would give. Anything else is
 * declined (take returns false) and goes through slowRow, which applies every rule.
 */
class FastRows {
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly width: number;
  private readonly dateCol: number;
  private readonly cols: Int32Array;
  private readonly adjCol: number;

  constructor(
    layout: Layout,
    readonly symbol: string,
    private readonly push: (day: number, o: number, h: number, l: number, c: number, v: number) => void,
  ) {
    const col = layout.columns;
    this.width = layout.width;
    this.starts = new Int32Array(this.width);
    this.ends = new Int32Array(this.width);
    this.dateCol = col.date!;
    this.cols = Int32Array.from([col.open!, col.high!, col.low!, col.close!, col.volume!]);
    this.adjCol = layout.format === 'yahoo' ? col.adjclose! : -1;
  }

  take(b: Buffer, from: number, to: number, previous: number | undefined): boolean {
    const { starts, ends, width } = this;
    let k = 0;
    starts[0] = from;
    for (let i = from; i < to; i++) {
      const c = b[i]!;
      if (c === 44) {
        if (i === starts[k] || ++k === width) return false;
        ends[k - 1] = i;
        starts[k] = i + 1;
      } else if (c <= 32 || c >= 127 || c === 34) return false;
    }
    if (k !== width - 1 || to === starts[k]) return false;
    ends[k] = to;
    const day = dayAt(b, starts[this.dateCol]!, ends[this.dateCol]!);
    if (Number.isNaN(day) || (previous !== undefined && day <= previous)) return false;
    const cols = this.cols;
    let open = decimalAt(b, starts[cols[0]!]!, ends[cols[0]!]!);
    let high = decimalAt(b, starts[cols[1]!]!, ends[cols[1]!]!);
    let low = decimalAt(b, starts[cols[2]!]!, ends[cols[2]!]!);
    let close = decimalAt(b, starts[cols[3]!]!, ends[cols[3]!]!);
    const volume = decimalAt(b, starts[cols[4]!]!, ends[cols[4]!]!);
    // NaN fails every comparison: a field that is no plain decimal declines the row here.
    if (!(open > 0 && high > 0 && low > 0 && close > 0 && volume >= 0)) return false;
    if (!(high >= low && open <= high && open >= low && close <= high && close >= low)) return false;
    if (this.adjCol >= 0) {
      const adj = decimalAt(b, starts[this.adjCol]!, ends[this.adjCol]!);
      if (!(adj > 0)) return false;
      const factor = adj / close;
      if (factor !== 1) {
        open *= factor;
        high *= factor;
        low *= factor;
        close *= factor;
      }
    }
    this.push(day, open, high, low, close, volume);
    return true;
  }
}

/** Yahoo's marker of a missing day: a field (other than the date) that is "null". */
function hasNullField(width: number, dateCol: number, field: (k: number) => string): boolean {
  for (let k = 0; k < width; k++) if (k !== dateCol && field(k).trim() === 'null') return true;
  return false;
}

/**
 * The bounds of a line's comma-separated fields, as many as `starts` holds; returns how many
 * fields the line has (splitCsv's count for a line without quotes).
 */
function fieldBounds(text: string, starts: Int32Array, ends: Int32Array): number {
  const max = starts.length;
  let count = 0;
  let from = 0;
  for (;;) {
    const comma = text.indexOf(',', from);
    const to = comma < 0 ? text.length : comma;
    if (count < max) {
      starts[count] = from;
      ends[count] = to;
    }
    count++;
    if (comma < 0) return count;
    from = comma + 1;
  }
}
