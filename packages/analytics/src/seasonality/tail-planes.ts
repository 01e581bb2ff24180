// What a scan's tally reads of one series, laid out for it: the tails of a rate book (a span of
// start years) for a run of holding lengths, in one direction, by length and number of winners,
// each with its Benjamini–Hochberg bucket. A warm scan then reads each series' tails in order
// from one small array, instead of looking up each length's entry in the book.
import type { PriceSeries } from '../series.js';
import { bucketOf } from '../stats/q-values-by-bucket.js';
import { rateBook, rateEntry, rateTail, type SeriesRates, type TailPlane } from './base-rates.js';

/**
 * Slots kept per series (a plane is lengths × (years + 1) of them, 10 bytes each): the newest
 * planes within it stay, the oldest go first. The bench's scan shape needs about 450 a
 * symbol; the widest scan a few tens of thousands.
 */
export const MAX_PLANE_SLOTS = 1 << 17;

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
  const size = lengths * (years + 1);
  let kept = size;
  for (const plane of planes) kept += plane.tails.length;
  while (kept > MAX_PLANE_SLOTS && planes.length > 0) kept -= planes.shift()!.tails.length;
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

/** The tail in slot `slot` of a plane (li · (years + 1) + wins), from its book when not asked yet. */
export function planeTail(series: PriceSeries, rates: SeriesRates, plane: TailPlane, slot: number): number {
  const known = plane.tails[slot]!;
  // −1: not asked yet (NaN is a tail too: no window counts).
  return known < 0 ? fillPlaneSlot(series, rates, plane, slot) : known;
}

/** Fills slot `slot` of a plane from its book; returns the tail. */
export function fillPlaneSlot(series: PriceSeries, rates: SeriesRates, plane: TailPlane, slot: number): number {
  const { first, years } = plane;
  const li = Math.floor(slot / (years + 1));
  const book = rateBook(rates, first, first + years - 1);
  const tail = rateTail(book, rateEntry(series, rates, book, plane.minDays + li), plane.long, slot - li * (years + 1));
  plane.tails[slot] = tail;
  plane.buckets[slot] = bucketOf(tail);
  return tail;
}
