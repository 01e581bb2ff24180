import type { PriceSeries } from '../series.js';
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
 * curve formats thousands of dates): the civil-from-days algorithm of H. Hinnant.
 */
export function isoDay(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y >= 1000 ? y : String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
}
