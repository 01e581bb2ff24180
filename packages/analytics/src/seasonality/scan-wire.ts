// A scan's parts as JSON text (the analytics pool's threads send them so): each result written
// by its own thread, in the scanner's order, with the keys of that order beside it, so that the
// merge of the parts on the caller's thread makes no object per result and writes no result
// again. The answer is the same text as JSON.stringify(mergeScanParts(parts, options)).
import type { ValueBuckets } from '../stats/q-values-by-bucket.js';
import { DAYS_IN_CALENDAR, calendarIndex, parseMonthDay } from './calendar-days.js';
import {
  partsQValues,
  startIndex,
  type SeasonalityScanOptions,
  type SeasonalityScanPart,
  type SeasonalityScanResult,
} from './scanner.js';

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

/** Writes a part (seasonalityScanPart's) as the caller's thread merges it (mergeSerializedScanParts). */
export function serializeScanPart(
  part: SeasonalityScanPart,
  options: Pick<SeasonalityScanOptions, 'startFrom'>,
): SerializedScanPart {
  const fromIndex = startIndex(options.startFrom);
  const { results } = part;
  const n = results.length;
  const place = new Int32Array(n);
  const positions = new Map<string, number>();
  results.forEach((r, i) => {
    let position = positions.get(r.start);
    if (position === undefined) {
      position = (calendarIndex(parseMonthDay(r.start)) - fromIndex + DAYS_IN_CALENDAR) % DAYS_IN_CALENDAR;
      positions.set(r.start, position);
    }
    place[i] = position * 512 + r.days;
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) =>
    compareResults(results[a]!, place[a]!, results[b]!, place[b]!),
  );
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
    out.winRate[k] = r.stats.winRate;
    out.mean[k] = r.stats.mean;
    out.place[k] = place[i]!;
    out.symbols.push(r.symbol);
    out.long[k] = r.direction === 'long' ? 1 : 0;
    out.testPValues.push(part.testPValues[i]!);
  });
  return out;
}

/** sortScanResults' order: winRate, mean (both descending), place in the range, length, symbol, long first. */
function compareResults(a: SeasonalityScanResult, placeA: number, b: SeasonalityScanResult, placeB: number): number {
  return compareKeys(
    a.stats.winRate,
    a.stats.mean,
    placeA,
    a.symbol,
    a.direction === 'long',
    b.stats.winRate,
    b.stats.mean,
    placeB,
    b.symbol,
    b.direction === 'long',
  );
}

function compareKeys(
  winRateA: number,
  meanA: number,
  placeA: number,
  symbolA: string,
  longA: boolean,
  winRateB: number,
  meanB: number,
  placeB: number,
  symbolB: string,
  longB: boolean,
): number {
  return (
    winRateB - winRateA ||
    (meanA !== meanB ? (meanB > meanA ? 1 : -1) : 0) ||
    placeA - placeB ||
    (symbolA < symbolB ? -1 : symbolA > symbolB ? 1 : 0) ||
    (longA === longB ? 0 : longA ? -1 : 1)
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
      if (from >= 0) {
        const best = parts[from]!;
        const j = next[from]!;
        const order = compareKeys(
          part.winRate[i]!,
          part.mean[i]!,
          part.place[i]!,
          part.symbols[i]!,
          part.long[i] === 1,
          best.winRate[j]!,
          best.mean[j]!,
          best.place[j]!,
          best.symbols[j]!,
          best.long[j] === 1,
        );
        if (order >= 0) continue;
      }
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
