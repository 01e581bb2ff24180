// What a scan's tally reads of one series, laid out for it: the tails of a rate book (a span of
// start years) for a run of holding lengths, in one direction, by length and number of winners,
// each with its Benjamini–Hochberg bucket. A warm scan then reads each series' tails in order
// from one small array, instead of looking up each length's entry in the book.
import type { PriceSeries } from '../series.js';
import { bucketOf } from '../stats/q-values-by-bucket.js';
import { bookTail, rateBook, rateEntry, type SeriesRates, type TailPlane } from './base-rates.js';

/** Planes kept per series: the scan shapes asked of one market. */
const MAX_PLANES = 16;

/** The series' plane for these years, lengths and direction (made empty when new). */
export function tailPlane(
  rates: SeriesRates,
  first: number,
  years: number,
  minDays: number,
  lengths: number,
  long: boolean,
): TailPlane {
  const { planes } = rates;
  for (let i = 0; i < planes.length; i++) {
    const plane = planes[i]!;
    if (
      plane.first === first &&
      plane.years === years &&
      plane.minDays === minDays &&
      plane.lengths === lengths &&
      plane.long === long
    )
      return plane;
  }
  if (planes.length >= MAX_PLANES) planes.length = 0;
  const size = lengths * (years + 1);
  const plane: TailPlane = {
    first,
    years,
    minDays,
    lengths,
    long,
    tails: new Float64Array(size).fill(-1),
    buckets: new Int16Array(size),
  };
  planes.push(plane);
  return plane;
}

/** Fills slot `slot` of a plane (li · (years + 1) + wins) from its book; returns the tail. */
export function fillPlaneSlot(series: PriceSeries, rates: SeriesRates, plane: TailPlane, slot: number): number {
  const { first, years } = plane;
  const li = Math.floor(slot / (years + 1));
  const book = rateBook(rates, first, first + years - 1);
  const tail = bookTail(book, rateEntry(series, rates, book, plane.minDays + li), plane.long, slot - li * (years + 1));
  plane.tails[slot] = tail;
  plane.buckets[slot] = bucketOf(tail);
  return tail;
}
