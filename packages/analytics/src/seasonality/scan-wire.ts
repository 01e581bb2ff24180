// A scan's parts as JSON (the analytics pool's threads send them so): each result written by its
// own thread as UTF-8, in the scanner's order, with the keys of that order beside it, so that the
// merge of the parts on the caller's thread makes no object or string per result and encodes
// nothing again: it copies each result's bytes around its qValue into the answer. The answer is
// the UTF-8 of JSON.stringify(mergeScanParts(parts, options)).
import type { ValueBuckets } from '../stats/q-values-by-bucket.js';
import { DAYS_IN_CALENDAR, calendarIndex, parseMonthDay } from './calendar-days.js';
import { ARRAY_BUFFERS, type BufferAllocator } from '../buffer-allocator.js';
import {
  partsQValues,
  startIndex,
  upcomingHeader,
  type SeasonalityScanOptions,
  type SeasonalityScanPart,
} from './scanner.js';

/** A scan part with its results as JSON, sorted in the scanner's order (analytics.md's ranking, symbol, long first). */
export interface SerializedScanPart {
  /**
   * The results as UTF-8 JSON, one after the other, each cut where its qValue goes: result i is
   * text[cuts[2i − 1] … cuts[2i]) + its qValue + text[cuts[2i] … cuts[2i + 1]) (cuts[−1] = 0).
   */
  text: Uint8Array;
  cuts: Int32Array;
  /** The keys of the order, per result. */
  winRate: Float64Array;
  mean: Float64Array;
  /** The start day's place in the range · 512 + the length in days (both below 512). */
  place: Int32Array;
  symbols: string[];
  /** 1 for long, 0 for short. */
  long: Uint8Array;
  /** Each result's pValue (its test's), in the order of the results. */
  testPValues: number[];
  tested: number;
  pValues: Float64Array;
  weights: Int32Array;
  buckets?: ValueBuckets;
  grouped?: SeasonalityScanPart['grouped'];
  upcoming?: SeasonalityScanPart['upcoming'];
}

/** The merged answer: its JSON as UTF-8 and how many results it holds. */
export interface SerializedScanAnswer {
  body: Uint8Array;
  results: number;
  tested: number;
}

const QVALUE = '"qValue":null';

/** The keys of the scanner's order, per result. */
type ScanKeys = Pick<SerializedScanPart, 'winRate' | 'mean' | 'place' | 'symbols' | 'long'>;

/** Writes a part (seasonalityScanPart's) as the caller's thread merges it (mergeSerializedScanParts). */
export function serializeScanPart(
  part: SeasonalityScanPart,
  options: Pick<SeasonalityScanOptions, 'startFrom'>,
  memory: BufferAllocator = ARRAY_BUFFERS,
): SerializedScanPart {
  const fromIndex = startIndex(options.startFrom);
  const { results } = part;
  const n = results.length;
  const keys: ScanKeys = {
    winRate: Float64Array.from(results, (r) => r.stats.winRate),
    mean: Float64Array.from(results, (r) => r.stats.mean),
    place: Int32Array.from(results, (r) => placeOf(r.start, fromIndex) * 512 + r.days),
    symbols: results.map((r) => r.symbol),
    long: Uint8Array.from(results, (r) => (r.direction === 'long' ? 1 : 0)),
  };
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareAt(keys, a, keys, b));
  const pieces: string[] = [];
  const out: Omit<SerializedScanPart, 'text' | 'cuts'> = {
    winRate: new Float64Array(n),
    mean: new Float64Array(n),
    place: new Int32Array(n),
    symbols: [],
    long: new Uint8Array(n),
    testPValues: [],
    tested: part.tested,
    pValues: part.pValues,
    weights: part.weights,
    ...(part.buckets ? { buckets: part.buckets } : {}),
    ...(part.grouped ? { grouped: part.grouped } : {}),
    ...(part.upcoming ? { upcoming: part.upcoming } : {}),
  };
  order.forEach((i, k) => {
    const r = results[i]!;
    r.stats.qValue = null;
    const json = JSON.stringify(r);
    const at = json.indexOf(QVALUE, json.indexOf('"stats":'));
    if (at < 0) throw new Error('serializeScanPart: a result without its qValue');
    pieces.push(json.slice(0, at + QVALUE.length - 4), json.slice(at + QVALUE.length));
    out.winRate[k] = keys.winRate[i]!;
    out.mean[k] = keys.mean[i]!;
    out.place[k] = keys.place[i]!;
    out.symbols.push(keys.symbols[i]!);
    out.long[k] = keys.long[i]!;
    out.testPValues.push(part.testPValues[i]!);
  });
  return { ...out, ...encodePieces(pieces, memory) };
}

const encoder = new TextEncoder();

/** The pieces as one UTF-8 text, and where each ends in it (in bytes). */
function encodePieces(pieces: readonly string[], memory: BufferAllocator): { text: Uint8Array; cuts: Int32Array } {
  // Written into one array piece by piece: joining the pieces and encoding the whole took ten
  // times as long. ASCII (nearly always: symbols and numbers) has a byte a character.
  let chars = 0;
  for (const piece of pieces) chars += piece.length;
  const ascii = encodeInto(pieces, new Uint8Array(memory(chars), 0, chars), (piece) => piece.length);
  if (ascii) return ascii;
  const bytes = pieces.reduce((n, p) => n + utf8Length(p), 0);
  return encodeInto(pieces, new Uint8Array(memory(bytes), 0, bytes), utf8Length)!;
}

/**
 * The pieces written one after the other into `text`, each `bytes(piece)` long, and where each
 * ends; null when a piece is not as long as that says.
 */
function encodeInto(
  pieces: readonly string[],
  text: Uint8Array,
  bytes: (piece: string) => number,
): { text: Uint8Array; cuts: Int32Array } | null {
  const cuts = new Int32Array(pieces.length);
  for (let i = 0, at = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const { read, written } = encoder.encodeInto(piece, text.subarray(at));
    if (read !== piece.length || written !== bytes(piece)) return null;
    at += written;
    cuts[i] = at;
  }
  return { text, cuts };
}

/** The bytes of a string in UTF-8 (a lone surrogate as the replacement character's 3). */
function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A start day's place in the range that starts at calendar position `fromIndex`. */
function placeOf(start: string, fromIndex: number): number {
  return (calendarIndex(parseMonthDay(start)) - fromIndex + DAYS_IN_CALENDAR) % DAYS_IN_CALENDAR;
}

/**
 * sortScanResults' order between result i of `a` and result j of `b`: winRate, mean (both
 * descending), place in the range, length, symbol, long first.
 */
function compareAt(a: ScanKeys, i: number, b: ScanKeys, j: number): number {
  const meanA = a.mean[i]!;
  const meanB = b.mean[j]!;
  const symbolA = a.symbols[i]!;
  const symbolB = b.symbols[j]!;
  return (
    b.winRate[j]! - a.winRate[i]! ||
    (meanA !== meanB ? (meanB > meanA ? 1 : -1) : 0) ||
    a.place[i]! - b.place[j]! ||
    (symbolA < symbolB ? -1 : symbolA > symbolB ? 1 : 0) ||
    b.long[j]! - a.long[i]!
  );
}

/**
 * The answer of a scan from its serialized parts: each result's qValue by Benjamini–Hochberg
 * over the tests of every part, maxQValue's filter, the parts' sorted results merged in
 * order, written around their qValues.
 */
export function mergeSerializedScanParts(
  parts: readonly SerializedScanPart[],
  options: Pick<SeasonalityScanOptions, 'startFrom' | 'startTo' | 'maxQValue' | 'upcoming'>,
): SerializedScanAnswer {
  const { q, tested } = partsQValues(parts);
  // The qValues of part p start at first[p]; next[p] is the part's next result to place.
  const first = new Int32Array(parts.length);
  for (let p = 1; p < parts.length; p++) first[p] = first[p - 1]! + parts[p - 1]!.cuts.length / 2;
  const next = new Int32Array(parts.length);
  // The answer's results in order: their part, their index in it and their qValue's text.
  const fromPart: number[] = [];
  const index: number[] = [];
  const qTexts: string[] = [];
  const max = options.maxQValue;
  let bytes = 0;
  for (;;) {
    let from = -1;
    for (let p = 0; p < parts.length; p++) {
      const i = next[p]!;
      const part = parts[p]!;
      if (2 * i >= part.cuts.length) continue;
      if (from >= 0 && compareAt(part, i, parts[from]!, next[from]!) >= 0) continue;
      from = p;
    }
    if (from < 0) break;
    const i = next[from]!++;
    const qValue = q[first[from]! + i]!;
    if (max !== undefined && !(qValue <= max)) continue;
    const { cuts } = parts[from]!;
    const qText = JSON.stringify(qValue);
    fromPart.push(from);
    index.push(i);
    qTexts.push(qText);
    bytes += cuts[2 * i + 1]! - (i > 0 ? cuts[2 * i - 1]! : 0) + qText.length;
  }
  const head = encoder.encode('{"results":[');
  const header = upcomingHeader(parts, options);
  const end = encoder.encode(`],"tested":${tested}${header ? `,${JSON.stringify(header).slice(1, -1)}` : ''}}`);
  const results = fromPart.length;
  const body = new Uint8Array(head.length + bytes + Math.max(0, results - 1) + end.length);
  body.set(head);
  let at = head.length;
  for (let k = 0; k < results; k++) {
    if (k > 0) body[at++] = 0x2c; // ,
    const { text, cuts } = parts[fromPart[k]!]!;
    const i = index[k]!;
    const cut = cuts[2 * i]!;
    at = copy(body, at, text, i > 0 ? cuts[2 * i - 1]! : 0, cut);
    // A qValue's text (a number or null) is ASCII.
    const qText = qTexts[k]!;
    for (let c = 0; c < qText.length; c++) body[at++] = qText.charCodeAt(c);
    at = copy(body, at, text, cut, cuts[2 * i + 1]!);
  }
  body.set(end, at);
  return { body, results, tested };
}

/** Copies source[from … to) into target at `at`; returns the position after it. */
function copy(target: Uint8Array, at: number, source: Uint8Array, from: number, to: number): number {
  // A result's tail is a few tens of bytes: a loop costs less than the view set needs.
  if (to - from < 64) {
    for (let i = from; i < to; i++) target[at++] = source[i]!;
    return at;
  }
  target.set(source.subarray(from, to), at);
  return at + to - from;
}
