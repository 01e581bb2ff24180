import { allocateSeries, type PriceSeries } from '@solstice/analytics';

/*
 * The bar-chunk layout and date arithmetic exactly as migration 0011 wrote them, frozen with
 * the migration: the live codec (modules/market/bars/chunk-codec.ts) may change with a
 * migration of its own, and this one must keep doing what it did. A chunk's `data` is the
 * year's columns one after the other, little-endian: open, high, low, close and volume as
 * float64, then the dates as int32 day numbers (44 bytes a bar).
 */

const BYTES_PER_BAR = 44;

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → day number (days since 1970-01-01). */
export function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

/** Day number → 'YYYY-MM-DD'. */
export function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The bars [from, to) of a series as one chunk's data. */
export function encodeChunk(series: PriceSeries, from: number, to: number): Buffer {
  const n = to - from;
  const buffer = new ArrayBuffer(n * BYTES_PER_BAR);
  const columns = [series.open, series.high, series.low, series.close, series.volume];
  columns.forEach((column, c) => new Float64Array(buffer, c * n * 8, n).set(column.subarray(from, to)));
  new Int32Array(buffer, 40 * n, n).set(series.dates.subarray(from, to));
  return Buffer.from(buffer);
}

export interface StoredChunk {
  year: number;
  data: Uint8Array;
}

/** A series from its chunks in year order. */
export function seriesFromChunks(symbol: string, chunks: readonly StoredChunk[]): PriceSeries {
  const counts = chunks.map(({ data }) => {
    if (data.byteLength % BYTES_PER_BAR !== 0)
      throw new Error(`a bar chunk of ${data.byteLength} bytes is not whole bars`);
    return data.byteLength / BYTES_PER_BAR;
  });
  const series = allocateSeries(
    symbol,
    counts.reduce((a, b) => a + b, 0),
  );
  let at = 0;
  chunks.forEach(({ data }, i) => {
    const n = counts[i]!;
    const aligned = data.byteOffset % 8 === 0 ? data : new Uint8Array(data);
    const columns = [series.open, series.high, series.low, series.close, series.volume];
    columns.forEach((column, c) => column.set(new Float64Array(aligned.buffer, aligned.byteOffset + c * n * 8, n), at));
    series.dates.set(new Int32Array(aligned.buffer, aligned.byteOffset + 40 * n, n), at);
    at += n;
  });
  return series;
}

/** Each calendar year of a series with the range [from, to) of its bars, in order. */
export function* yearRanges(series: PriceSeries): Generator<{ year: number; from: number; to: number }> {
  const dates = series.dates;
  let from = 0;
  while (from < dates.length) {
    const year = new Date(dates[from]! * DAY_MS).getUTCFullYear();
    const end = Date.UTC(year + 1, 0, 1) / DAY_MS;
    let to = from + 1;
    while (to < dates.length && dates[to]! < end) to++;
    yield { year, from, to };
    from = to;
  }
}
