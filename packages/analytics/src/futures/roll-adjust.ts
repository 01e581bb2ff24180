import { dayNumber, isoDate, type PriceSeries } from '../series.js';
import { lowerBound } from '../seasonality/lower-bound.js';

/**
 * Back-adjustment of a future's continuous front-month series at its roll gaps
 * (data-providers.md §15.5), for seasonal computations only: the stored bars and the bars
 * API stay as the provider serves them.
 */
export const ROLL_ADJUST_MODES = ['none', 'ratio', 'difference'] as const;
export type RollAdjust = (typeof ROLL_ADJUST_MODES)[number];
export const DEFAULT_ROLL_ADJUST: RollAdjust = 'none';

/** A date 'YYYY-MM-DD' that is a real calendar date, as a day number; undefined otherwise. */
function dayOf(text: string): number | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = dayNumber(text);
  return isoDate(day) === text ? day : undefined;
}

/** The bar index of each roll-gap date; a RangeError names a date that is not a bar after the first. */
function gapIndices(bars: PriceSeries, gapDates: readonly string[]): number[] {
  const indices = gapDates.map((date, i) => {
    const day = dayOf(date);
    if (day === undefined) throw new RangeError(`rollGaps[${i}]: expected a date YYYY-MM-DD, got ${String(date)}`);
    const k = lowerBound(bars.dates, day);
    if (k >= bars.dates.length || bars.dates[k] !== day) {
      throw new RangeError(`rollGaps[${i}]: ${date} is not a bar of ${bars.symbol}`);
    }
    if (k === 0) throw new RangeError(`rollGaps[${i}]: ${date} is the first bar of ${bars.symbol}: no close before it`);
    return k;
  });
  return [...new Set(indices)].sort((a, b) => a - b);
}

/**
 * The series back-adjusted at the roll-gap days `gapDates` ('YYYY-MM-DD', each a bar of the
 * series other than its first):
 * - `ratio`: every price (open, high, low, close) of a bar dated before a roll-gap day t is
 *   multiplied by f_t = open_t / close_{t−1}; the factors of several gaps compound;
 * - `difference`: open_t − close_{t−1} is added instead; the differences add up, and a price
 *   that would become ≤ 0 is a RangeError naming the earliest such bar's date;
 * - `none`: the series itself.
 * The latest bars (from the last gap on) and every volume stay as they are; the series given
 * is not changed.
 */
export function rollAdjust(bars: PriceSeries, gapDates: readonly string[], mode: RollAdjust = 'none'): PriceSeries {
  if (!(ROLL_ADJUST_MODES as readonly string[]).includes(mode)) {
    throw new RangeError(`rollAdjust: expected one of ${ROLL_ADJUST_MODES.join(', ')}, got ${String(mode)}`);
  }
  const gaps = gapIndices(bars, gapDates);
  if (mode === 'none' || gaps.length === 0) return bars;
  const n = bars.dates.length;
  const out: PriceSeries = {
    symbol: bars.symbol,
    dates: bars.dates,
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: bars.volume,
  };
  const columns = ['open', 'high', 'low', 'close'] as const;
  // Walking back from the last bar: bar i takes the adjustment of every gap after it.
  let g = gaps.length - 1;
  let factor = 1;
  let shift = 0;
  for (let i = n - 1; i >= 0; i--) {
    while (g >= 0 && gaps[g]! > i) {
      const t = gaps[g]!;
      const open = bars.open[t]!;
      const before = bars.close[t - 1]!;
      if (mode === 'ratio') {
        if (!(before > 0 && open > 0)) {
          throw new RangeError(`ratio adjustment needs positive prices at the roll gap of ${isoDate(bars.dates[t]!)}`);
        }
        factor *= open / before;
      } else {
        shift += open - before;
      }
      g--;
    }
    for (const c of columns) out[c][i] = mode === 'ratio' ? bars[c][i]! * factor : bars[c][i]! + shift;
  }
  if (mode === 'difference') {
    for (let i = 0; i < n; i++) {
      if (columns.some((c) => !(out[c][i]! > 0))) {
        throw new RangeError(
          `difference adjustment gives a non-positive price on ${isoDate(bars.dates[i]!)}: use ratio`,
        );
      }
    }
  }
  return out;
}

/**
 * The roll gaps a traded year holds: those dated after its entry, up to and including its
 * exit (data-providers.md §15.5: "rollGaps": ["2019-01-28"]), ascending. `gaps` are dates
 * 'YYYY-MM-DD' or objects with a `date` (as roll-gap detection lists them).
 */
export function rollGapsInYear(
  gaps: ReadonlyArray<string | { date: string }>,
  entryDate: string,
  exitDate: string,
): string[] {
  return gaps
    .map((g) => (typeof g === 'string' ? g : g.date))
    .filter((date) => date > entryDate && date <= exitDate)
    .sort();
}
