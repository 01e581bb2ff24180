import { rollAdjust, rollGapsInYear, type PriceSeries, type RollAdjust } from '@solstice/analytics';
import { validationFailed } from '../../http/errors.js';
import type { MarketCache } from '../market/market-cache.js';
import { rollGapsOfSeries } from '../market/series-roll-gaps.js';
import type { AdjustedCloses } from './pool/analytics-task.js';
import { seriesOf } from './symbol-series.js';

/** A symbol's series for a seasonal computation, and its roll-gap dates when it is a future (else null). */
export interface SeasonalSeries {
  series: PriceSeries;
  rollGaps: string[] | null;
}

/** Per series object (one per market version): its roll-gap dates and its adjusted copies by mode. */
const adjusted = new WeakMap<PriceSeries, { gaps: string[]; byMode: Map<RollAdjust, PriceSeries> }>();

/**
 * The series a seasonal answer about `symbol` computes on (data-providers.md §15.5): a future's
 * back-adjusted at its roll gaps by `mode` (default none), with those gaps listed. Any other
 * class has no roll gaps, so every mode leaves its series as it is (as `rollAdjust` does for
 * a future without gaps). A difference adjustment that gives a price ≤ 0 is a 400 at `path`
 * naming the date. The adjusted series is kept per market version and mode: the window tables
 * are memoized per series object.
 */
export function seasonalSeries(
  market: MarketCache,
  symbol: string,
  mode: RollAdjust | undefined,
  path: string,
): SeasonalSeries {
  const series = seriesOf(market, symbol);
  if (market.instrument(symbol)?.assetClass !== 'future') return { series, rollGaps: null };
  let entry = adjusted.get(series);
  if (!entry) {
    entry = { gaps: rollGapsOfSeries(series).map((g) => g.date), byMode: new Map() };
    adjusted.set(series, entry);
  }
  const wanted = mode ?? 'none';
  let out = entry.byMode.get(wanted);
  if (!out) {
    try {
      out = rollAdjust(series, entry.gaps, wanted);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw validationFailed(`Invalid ${path}: ${error.message}`, [{ path, message: error.message }]);
    }
    entry.byMode.set(wanted, out);
  }
  return { series: out, rollGaps: entry.gaps };
}

/** Each traded year with the roll gaps after its entry up to and including its exit (a future only). */
export function withRollGaps<Y extends { entryDate: string; exitDate: string }>(
  years: readonly Y[],
  gaps: readonly string[] | null,
): (Y & { rollGaps?: string[] })[] {
  if (!gaps) return [...years];
  return years.map((y) => ({ ...y, rollGaps: rollGapsInYear(gaps, y.entryDate, y.exitDate) }));
}

/**
 * The series a computation over several symbols reads for `symbol`: a future's adjusted by
 * `mode` (as seasonalSeries), any other's as stored; undefined without data.
 */
export function seriesForMode(
  market: MarketCache,
  symbol: string,
  mode: RollAdjust | undefined,
  path: string,
): PriceSeries | undefined {
  if (!market.series(symbol)) return undefined;
  return seasonalSeries(market, symbol, mode, path).series;
}

/**
 * What a pool job over `symbols` needs besides the shared closes: each future's closes
 * adjusted by `mode`. None for `none` (the shared closes are the stored ones) and for
 * symbols of other classes.
 */
export function adjustedClosesFor(
  market: MarketCache,
  symbols: readonly string[],
  mode: RollAdjust | undefined,
  path: string,
): AdjustedCloses[] {
  if (mode === undefined || mode === 'none') return [];
  return symbols
    .filter((s) => market.instrument(s)?.assetClass === 'future' && market.series(s))
    .map((symbol) => ({ symbol, mode, close: seasonalSeries(market, symbol, mode, path).series.close }));
}

/** A future's roll gaps by symbol, for the symbols given that are futures with data. */
export function rollGapsBySymbol(market: MarketCache, symbols: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const symbol of new Set(symbols)) {
    const { rollGaps } = market.series(symbol)
      ? seasonalSeries(market, symbol, 'none', 'rollAdjust')
      : { rollGaps: null };
    if (rollGaps) out.set(symbol, rollGaps);
  }
  return out;
}
