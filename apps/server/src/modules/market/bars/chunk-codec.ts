import os from 'node:os';
import { allocateSeries, lowerBound, type PriceSeries } from '@solstice/analytics';
import { daysFromCivil } from '../dates.js';

/*
 * A chunk is the bars of one symbol in one calendar year, stored as one row of bar_chunks
 * (decision 0024). Its `data` is the year's columns one after the other, little-endian:
 * open, high, low, close and volume as float64, then the dates as int32 day numbers —
 * 44 bytes a bar, the floats first so that each column starts 8-byte aligned. This layout is
 * frozen: migration 0011 writes it, and another layout needs a migration of its own.
 */

export const BYTES_PER_BAR = 44;

if (os.endianness() !== 'LE') {
  // Typed arrays use the host's byte order; the stored chunks are little-endian.
  throw new Error('Solstice stores bars little-endian and runs only on little-endian hosts');
}

/** The calendar year of a day number. */
export function yearOfDay(day: number): number {
  // Within a year of the right answer, then corrected: no Date object per bar.
  let year = Math.floor(day / 365.2425 + 1970);
  while (daysFromCivil(year, 1, 1) > day) year -= 1;
  while (daysFromCivil(year + 1, 1, 1) <= day) year += 1;
  return year;
}

/** The columns of a series, in the order a chunk stores them. */
function seriesColumns(series: PriceSeries) {
  return { prices: [series.open, series.high, series.low, series.close, series.volume], dates: series.dates };
}

/** The columns of a chunk of `n` bars that starts at `base` in `buffer`, as views onto it. */
function chunkColumns(buffer: ArrayBufferLike, base: number, n: number) {
  const prices = [0, 1, 2, 3, 4].map((c) => new Float64Array(buffer, base + c * n * 8, n));
  return { prices, dates: new Int32Array(buffer, base + 40 * n, n) };
}

/** The bars [from, to) of a series as one chunk's data (a Buffer: both drivers bind it as a blob). */
export function encodeChunk(series: PriceSeries, from: number, to: number): Buffer {
  const n = to - from;
  const buffer = new ArrayBuffer(n * BYTES_PER_BAR);
  const source = seriesColumns(series);
  const chunk = chunkColumns(buffer, 0, n);
  chunk.prices.forEach((view, c) => view.set(source.prices[c]!.subarray(from, to)));
  chunk.dates.set(source.dates.subarray(from, to));
  return Buffer.from(buffer);
}

/** The number of bars in a chunk's data; throws when its length is not a whole number of bars. */
export function barsInChunk(data: Uint8Array): number {
  if (data.byteLength % BYTES_PER_BAR !== 0) {
    throw new Error(`a bar chunk of ${data.byteLength} bytes is not a whole number of ${BYTES_PER_BAR}-byte bars`);
  }
  return data.byteLength / BYTES_PER_BAR;
}

/** Copies a chunk's bars into `target` from index `at`; returns how many. */
export function decodeChunkInto(data: Uint8Array, target: PriceSeries, at: number): number {
  const n = barsInChunk(data);
  // A driver's Buffer may sit at any offset of a shared pool: copy to an aligned one when
  // needed (new Uint8Array copies; a Buffer's slice() would not).
  const aligned = data.byteOffset % 8 === 0 ? data : new Uint8Array(data);
  const chunk = chunkColumns(aligned.buffer, aligned.byteOffset, n);
  const into = seriesColumns(target);
  into.prices.forEach((column, c) => column.set(chunk.prices[c]!, at));
  into.dates.set(chunk.dates, at);
  return n;
}

export interface StoredChunk {
  year: number;
  data: Uint8Array;
}

/** A series from its chunks in year order (an empty series when there are none). */
export function seriesFromChunks(symbol: string, chunks: readonly StoredChunk[]): PriceSeries {
  let n = 0;
  for (const chunk of chunks) n += barsInChunk(chunk.data);
  const series = allocateSeries(symbol, n);
  let at = 0;
  for (const chunk of chunks) at += decodeChunkInto(chunk.data, series, at);
  return series;
}

/** Each calendar year of a series with the range [from, to) of its bars, in order. */
export function* yearRanges(series: PriceSeries): Generator<{ year: number; from: number; to: number }> {
  const dates = series.dates;
  let from = 0;
  while (from < dates.length) {
    const year = yearOfDay(dates[from]!);
    const end = daysFromCivil(year + 1, 1, 1);
    let to = from + 1;
    while (to < dates.length && dates[to]! < end) to++;
    yield { year, from, to };
    from = to;
  }
}

/** The range [from, to) of a sorted series' bars that fall in `year`. */
export function rangeOfYear(series: PriceSeries, year: number): { from: number; to: number } {
  return {
    from: lowerBound(series.dates, daysFromCivil(year, 1, 1)),
    to: lowerBound(series.dates, daysFromCivil(year + 1, 1, 1)),
  };
}
