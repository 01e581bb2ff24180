import { daysFromCivil, isValidCivil } from '../dates.js';

/** The layouts the importer reads, recognised from the header line. */
export type FileFormat = 'stooq' | 'yahoo' | 'plain' | 'instruments';

export interface Layout {
  format: FileFormat;
  /** Column index of each field this format has. */
  columns: Record<string, number>;
  width: number;
}

const norm = (h: string) =>
  h
    .trim()
    .replace(/^<|>$/g, '')
    .replace(/^"|"$/g, '')
    .toLowerCase()
    .replace(/[\s_]+/g, '');

/** Required header names per format, in normalised form; extra columns listed are optional. */
const FORMATS: Array<{ format: FileFormat; required: string[]; optional: string[] }> = [
  {
    format: 'stooq',
    required: ['ticker', 'per', 'date', 'time', 'open', 'high', 'low', 'close', 'vol'],
    optional: ['openint'],
  },
  { format: 'yahoo', required: ['date', 'open', 'high', 'low', 'close', 'adjclose', 'volume'], optional: [] },
  { format: 'plain', required: ['date', 'open', 'high', 'low', 'close', 'volume'], optional: ['openint'] },
  { format: 'instruments', required: ['symbol', 'name', 'type', 'sector', 'industry'], optional: ['marketcap'] },
];

/** The layout of a header line, or null when it is none of the known ones. */
export function detectLayout(fields: string[]): Layout | null {
  const names = fields.map(norm);
  for (const f of FORMATS) {
    const allowed = new Set([...f.required, ...f.optional]);
    if (names.length < f.required.length || names.some((n) => !allowed.has(n))) continue;
    if (!f.required.every((r) => names.includes(r))) continue;
    if (new Set(names).size !== names.length) continue;
    const columns: Record<string, number> = {};
    names.forEach((n, i) => (columns[n] = i));
    return { format: f.format, columns, width: names.length };
  }
  return null;
}

/**
 * 'YYYY-MM-DD' or 'YYYYMMDD' (Stooq) → 'YYYY-MM-DD', or null when it is not a real date.
 * Character-code arithmetic without closures: this runs once per row.
 */
export function parseDate(text: string): string | null {
  const ymd = civilIn(text, 0, text.length);
  if (ymd < 0) return null;
  return text.length === 10 ? text : `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** The day number of a date parseDate takes, at [start, end) of `text`; NaN for anything else. */
export function parseDayIn(text: string, start: number, end: number): number {
  const ymd = civilIn(text, start, end);
  return ymd < 0 ? Number.NaN : daysFromCivil(Math.floor(ymd / 10000), Math.floor(ymd / 100) % 100, ymd % 100);
}

/** A real date at [start, end) as year × 10000 + month × 100 + day, or -1. */
function civilIn(text: string, start: number, end: number): number {
  const n = end - start;
  if (n !== 10 && n !== 8) return -1;
  const dash = n === 10;
  if (dash && (text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45)) return -1;
  const mAt = start + (dash ? 5 : 4);
  const dAt = start + (dash ? 8 : 6);
  const y0 = text.charCodeAt(start) - 48;
  const y1 = text.charCodeAt(start + 1) - 48;
  const y2 = text.charCodeAt(start + 2) - 48;
  const y3 = text.charCodeAt(start + 3) - 48;
  const m0 = text.charCodeAt(mAt) - 48;
  const m1 = text.charCodeAt(mAt + 1) - 48;
  const d0 = text.charCodeAt(dAt) - 48;
  const d1 = text.charCodeAt(dAt + 1) - 48;
  // (x >>> 0) > 9 is "not a digit" for x = code - 48.
  if (y0 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9) return -1;
  if (m0 >>> 0 > 9 || m1 >>> 0 > 9 || d0 >>> 0 > 9 || d1 >>> 0 > 9) return -1;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (!isValidCivil(year, month, day)) return -1;
  return year * 10000 + month * 100 + day;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * A decimal number, strictly: no empty text, hex, 'Infinity' or trailing garbage; NaN
 * otherwise. Plain decimals of up to 15 digits are read digit by digit: m / 10^k of two
 * exact doubles is correctly rounded, so the result equals Number(text).
 */
export function parseNumber(text: string): number {
  return decimalIn(text, 0, text.length);
}

/**
 * parseNumber of the field at [start, end) of a line, trimmed as the importer trims fields
 * (only when its first or last character is a space or control character), without making
 * the substring unless it has to.
 */
export function parseNumberIn(text: string, start: number, end: number): number {
  if (end > start && text.charCodeAt(start) > 32 && text.charCodeAt(end - 1) > 32) return decimalIn(text, start, end);
  return parseNumber(text.slice(start, end).trim());
}

/** A date at [start, end) of a file's bytes, as parseDayIn reads it from text; NaN for anything else. */
export function dayAt(b: Uint8Array, start: number, end: number): number {
  const n = end - start;
  if (n !== 10 && n !== 8) return Number.NaN;
  const dash = n === 10;
  if (dash && (b[start + 4] !== 45 || b[start + 7] !== 45)) return Number.NaN;
  const mAt = start + (dash ? 5 : 4);
  const dAt = start + (dash ? 8 : 6);
  const y0 = b[start]! - 48;
  const y1 = b[start + 1]! - 48;
  const y2 = b[start + 2]! - 48;
  const y3 = b[start + 3]! - 48;
  const m0 = b[mAt]! - 48;
  const m1 = b[mAt + 1]! - 48;
  const d0 = b[dAt]! - 48;
  const d1 = b[dAt + 1]! - 48;
  if (y0 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9) return Number.NaN;
  if (m0 >>> 0 > 9 || m1 >>> 0 > 9 || d0 >>> 0 > 9 || d1 >>> 0 > 9) return Number.NaN;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  return isValidCivil(year, month, day) ? daysFromCivil(year, month, day) : Number.NaN;
}

/**
 * An unsigned plain decimal of up to 15 digits at [start, end) of a file's bytes, read as
 * decimalIn reads it (so equal to Number() of the text); NaN for anything else, including
 * what decimalIn would hand to Number() (exponents, more digits, a sign).
 */
export function decimalAt(b: Uint8Array, start: number, end: number): number {
  let m = 0;
  let digits = 0;
  let fraction = -1;
  for (let i = start; i < end; i++) {
    const c = b[i]! - 48;
    if (c >>> 0 <= 9) {
      m = m * 10 + c;
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === -2 && fraction < 0) fraction = 0;
    else return Number.NaN;
  }
  if (digits === 0 || digits > 15) return Number.NaN;
  return fraction > 0 ? m / POW10[fraction]! : m;
}

function decimalIn(text: string, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (end > start && text.charCodeAt(start) === 45) {
    negative = true;
    i = start + 1;
  }
  let m = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c >>> 0 <= 9) {
      m = m * 10 + c;
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === -2 && fraction < 0) fraction = 0;
    else return slowNumber(text.slice(start, end));
  }
  if (digits === 0 || digits > 15) return slowNumber(text.slice(start, end));
  const x = fraction > 0 ? m / POW10[fraction]! : m;
  return negative ? -x : x;
}

function slowNumber(text: string): number {
  const x = +text;
  return text.length > 0 && Number.isFinite(x) && parseFloat(text) === x ? x : NaN;
}

/** Symbols: upper-case letters, digits and . - ^ = (indices like ^GSPC, classes like BRK-B). */
export const SYMBOL_PATTERN = /^[A-Z0-9^][A-Z0-9.^=-]{0,19}$/;

/** Stooq and Kaggle name US listings AAPL.US / aapl.us.txt: drop a two-letter market suffix. */
export function normalizeSymbol(raw: string): string {
  return raw
    .trim()
    .toUpperCase()
    .replace(/\.[A-Z]{2}$/, '');
}
