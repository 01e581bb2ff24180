import { packedCivilDate, type PriceSeries } from '../series.js';
import { lowerBound } from './pattern.js';

/**
 * The sorted union of the series' trading days from `from` to `to` (day numbers, inclusive):
 * a mark per calendar day of the span, so the cost is the bars read plus the span.
 */
export function unionOfDates(series: Iterable<PriceSeries>, from: number, to: number): Int32Array {
  const marks = new Uint8Array(to - from + 1);
  let count = 0;
  for (const { dates } of series) {
    for (let i = lowerBound(dates, from); i < dates.length && dates[i]! <= to; i++) {
      const k = dates[i]! - from;
      if (marks[k] === 0) {
        marks[k] = 1;
        count++;
      }
    }
  }
  const out = new Int32Array(count);
  for (let k = 0, j = 0; k < marks.length; k++) if (marks[k] === 1) out[j++] = from + k;
  return out;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Day number → 'YYYY-MM-DD', as series.ts's isoDate but without a Date object (an equity
 * curve formats thousands of dates), by packedCivilDate.
 */
export function isoDay(day: number): string {
  const c = packedCivilDate(day);
  const y = Math.floor(c / 10_000);
  return `${y >= 1000 ? y : String(y).padStart(4, '0')}-${two(Math.floor(c / 100) % 100)}-${two(c % 100)}`;
}
