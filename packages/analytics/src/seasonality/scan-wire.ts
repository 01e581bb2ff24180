// A scan's parts as JSON text (the analytics pool's threads send them so): each result written
// by its own thread, in the scanner's order, with the keys of that order beside it, so that the
// merge of the parts on the caller's thread makes no object per result and writes no result
// again. The answer is the same text as JSON.stringify(mergeScanParts(parts, options)).
import type { ValueBuckets } from '../stats/q-values-by-bucket.js';
import { DAYS_IN_CALENDAR, calendarIndex, parseMonthDay } from './calendar-days.js';
import { partsQValues, startIndex, type SeasonalityScanOptions, type SeasonalityScanPart } from './scanner.js';

/** A scan part with its results as JSON, sorted in the scanner's order (analytics.md's ranking, symbol, long first). */
export interface SerializedScanPart {
  /** Result i is heads[i] + its qValue + tails[i]. */
  heads: string[];
  tails: string[];
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
}

/** The merged answer: its JSON text and how many results it holds. */
export interface SerializedScanAnswer {
  json: string;
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
  const out: SerializedScanPart = {
    heads: [],
    tails: [],
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
  };
  order.forEach((i, k) => {
    const r = results[i]!;
    r.stats.qValue = null;
    const json = JSON.stringify(r);
    const at = json.indexOf(QVALUE, json.indexOf('"stats":'));
    if (at < 0) throw new Error('serializeScanPart: a result without its qValue');
    out.heads.push(json.slice(0, at + QVALUE.length - 4));
    out.tails.push(json.slice(at + QVALUE.length));
    out.winRate[k] = keys.winRate[i]!;
    out.mean[k] = keys.mean[i]!;
    out.place[k] = keys.place[i]!;
    out.symbols.push(keys.symbols[i]!);
    out.long[k] = keys.long[i]!;
    out.testPValues.push(part.testPValues[i]!);
  });
  return out;
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
  options: Pick<SeasonalityScanOptions, 'maxQValue'>,
): SerializedScanAnswer {
  const { q, tested } = partsQValues(parts);
  // The qValues of part p start at first[p]; next[p] is the part's next result to place.
  const first = new Int32Array(parts.length);
  for (let p = 1; p < parts.length; p++) first[p] = first[p - 1]! + parts[p - 1]!.heads.length;
  const next = new Int32Array(parts.length);
  const written: string[] = [];
  const max = options.maxQValue;
  for (;;) {
    let from = -1;
    for (let p = 0; p < parts.length; p++) {
      const i = next[p]!;
      const part = parts[p]!;
      if (i >= part.heads.length) continue;
      if (from >= 0 && compareAt(part, i, parts[from]!, next[from]!) >= 0) continue;
      from = p;
    }
    if (from < 0) break;
    const i = next[from]!++;
    const qValue = q[first[from]! + i]!;
    if (max !== undefined && !(qValue <= max)) continue;
    const part = parts[from]!;
    written.push(part.heads[i]! + JSON.stringify(qValue) + part.tails[i]!);
  }
  return { json: `{"results":[${written.join(',')}],"tested":${tested}}`, results: written.length, tested };
}
