import { lowerBound } from '../seasonality/pattern.js';
import { seasonAsOf, seasonPValue, type SeasonAsOf } from '../seasonality/season-as-of.js';
import type { PriceSeries } from '../series.js';
import type { SeasonStat } from './fields.js';

/**
 * What a field table keeps for the `season<L>.<stat>` fields (analytics.md, "Seasonal fields in
 * the technical scanner"). They take a length L from 1 to 364, too many columns to build ahead,
 * so each is computed when a scan first reads it, for the rows that reach it, and kept.
 */
export interface SeasonalRows {
  /** Each row's price series (null: none); only its bars up to the row's date are read. */
  series: readonly (PriceSeries | null)[];
  /** Each row's bar date (day number): the date D the fields are computed as of. */
  days: Int32Array;
  /** Columns computed so far, per length and bar (current or previous). */
  memo: Map<string, SeasonColumns>;
}

interface SeasonColumns {
  /** Per row: 0 not computed yet, 1 count, winRate, mean and median computed, 2 pValue too. */
  state: Uint8Array;
  /** Per row, the window's statistics (undefined until computed; null when no year counts). */
  stats: (SeasonAsOf | null | undefined)[];
  values: Record<SeasonStat, Float64Array>;
}

/** Memoized columns kept per table at most (each is 5 columns of the table's size). */
const MAX_MEMO = 64;

export function seasonalRows(series: readonly (PriceSeries | null)[], days: Int32Array): SeasonalRows {
  return { series, days, memo: new Map() };
}

function columns(seasonal: SeasonalRows, days: number, back: number): SeasonColumns {
  const key = `${days}${back === 0 ? '' : back === 1 ? 'p' : `p${back}`}`;
  let hit = seasonal.memo.get(key);
  if (!hit) {
    if (seasonal.memo.size >= MAX_MEMO) seasonal.memo.clear();
    const n = seasonal.days.length;
    const nan = () => new Float64Array(n).fill(NaN);
    hit = {
      state: new Uint8Array(n),
      stats: new Array<SeasonAsOf | null | undefined>(n),
      values: { winRate: nan(), mean: nan(), median: nan(), count: nan(), pValue: nan() },
    };
    seasonal.memo.set(key, hit);
  }
  return hit;
}

/** The date a row's field is computed as of: its bar, or the bar `back` bars before it (−1: none). */
function dayOf(seasonal: SeasonalRows, series: PriceSeries, i: number, back: number): number {
  const day = seasonal.days[i]!;
  if (back === 0) return day;
  const before = lowerBound(series.dates, day) - back;
  return before >= 0 ? series.dates[before]! : -1;
}

/**
 * The column of `season<days>.<stat>` (NaN = null) at each row's bar, or at the bar before it
 * (`previous` true, for crosses), or k bars before it (`previous` k: an offset). Only rows whose `rows` entry is non-zero are sure to be computed
 * (null `rows`: all); the others may hold NaN.
 */
export function seasonColumn(
  seasonal: SeasonalRows | undefined,
  size: number,
  days: number,
  stat: SeasonStat,
  rows: Uint8Array | null,
  previous: boolean | number = false,
): Float64Array {
  if (!seasonal) return new Float64Array(size).fill(NaN);
  const back = previous === true ? 1 : previous === false ? 0 : previous;
  const c = columns(seasonal, days, back);
  const need = stat === 'pValue' ? 2 : 1;
  const { state, stats, values } = c;
  for (let i = 0; i < size; i++) {
    if (state[i]! >= need || (rows !== null && rows[i] === 0)) continue;
    const series = seasonal.series[i];
    const day = series ? dayOf(seasonal, series, i, back) : -1;
    if (!series || day < 0) {
      state[i] = 2;
      stats[i] = null;
      continue;
    }
    let s = stats[i];
    if (s === undefined) {
      s = seasonAsOf(series, day, days);
      stats[i] = s;
      if (s) {
        values.count[i] = s.count;
        values.winRate[i] = s.winRate;
        values.mean[i] = s.mean;
        values.median[i] = s.median;
      }
    }
    if (need === 2 && s) values.pValue[i] = seasonPValue(series, day, days, s) ?? NaN;
    state[i] = s ? need : 2;
  }
  return values[stat];
}
