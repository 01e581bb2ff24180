import { indicatorBars } from '../indicators/snapshot.js';
import { lowerBound } from '../seasonality/pattern.js';
import {
  buildFieldTable,
  seriesBySymbol,
  type FieldTable,
  type FieldTableEntry,
  type ScanInstrument,
} from '../scanner/field-table.js';
import { dayNumber, isoDate, type PriceSeries } from '../series.js';

/** The index of `day` in ascending `dates`, or −1. */
function indexOf(dates: Int32Array, day: number): number {
  const i = lowerBound(dates, day);
  return i < dates.length && dates[i] === day ? i : -1;
}

/**
 * The scanner's field tables at two sessions (`asOf` and `previous`), the same as two calls of
 * fieldTableFromSeries with those dates, in one pass: a symbol with bars on both sessions in a
 * row gets its indicators computed once for the two (the recursive ones run over its whole
 * history, which is most of the cost). Pauses after every `every` symbols (see fieldTableSteps).
 */
export function* twoSessionTables(
  universe: ReadonlyArray<{ instrument: ScanInstrument; series: PriceSeries }>,
  asOf: string,
  previous: string | null,
  every = 25,
): Generator<void, { now: FieldTable; before: FieldTable | null }, void> {
  const d = dayNumber(asOf);
  const p = previous === null ? null : dayNumber(previous);
  const now: FieldTableEntry[] = [];
  const before: FieldTableEntry[] = [];
  let staleNow = 0;
  let staleBefore = 0;
  let done = 0;
  for (const { instrument, series } of universe) {
    if (series.dates.length === 0) continue;
    if (++done % every === 0) yield;
    const atD = indexOf(series.dates, d);
    const atP = p === null ? -1 : indexOf(series.dates, p);
    if (atD < 0 && series.dates[0]! <= d) staleNow++;
    if (p !== null && atP < 0 && series.dates[0]! <= p) staleBefore++;
    if (atD >= 0 && atP >= 0 && atP === atD - 1) {
      const bars = indicatorBars(series, 3, atD, instrument);
      now.push({ instrument, bars: bars.slice(-2), series });
      before.push({ instrument, bars: bars.slice(0, -1), series });
      continue;
    }
    if (atD >= 0) now.push({ instrument, bars: indicatorBars(series, 2, atD, instrument), series });
    if (atP >= 0) before.push({ instrument, bars: indicatorBars(series, 2, atP, instrument), series });
  }
  const others = seriesBySymbol(universe.filter((u) => u.series.dates.length > 0).map((u) => u.series));
  return {
    now: { ...buildFieldTable(now, others), asOf, stale: staleNow },
    before: p === null ? null : { ...buildFieldTable(before, others), asOf: isoDate(p), stale: staleBefore },
  };
}
