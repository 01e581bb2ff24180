import {
  bestTrades,
  patternAgainst,
  seasonalCalendar,
  seasonalChart,
  seasonalChartAgainst,
  seasonalPattern,
  seasonalityScan,
  type PriceSeries,
} from '@solstice/analytics';
import type {
  BestTradesQuery,
  BestTradesResponse,
  CalendarResponse,
  ChartResponse,
  PatternQuery,
  PatternResponse,
  SeasonalScanOptions,
  SeasonalScanResponse,
  SeasonalYearsQuery,
} from '@solstice/contracts';
import { notFound, validationFailed } from '../../http/errors.js';
import type { MarketCache } from '../market/market-cache.js';

/** The benchmark of the pattern's relative figures: the first of these the market has. */
export const BENCHMARK_SYMBOLS = ['SPY', '^GSPC'] as const;

function seriesOf(market: MarketCache, symbol: string): PriceSeries {
  const series = market.series(symbol);
  if (!series) throw notFound(`No market data for ${symbol}.`);
  return series;
}

/** The benchmark of the relative figures: the first of BENCHMARK_SYMBOLS the market has, never the symbol itself. */
function benchmarkFor(market: MarketCache, symbol: string): PriceSeries | null {
  const benchmark = BENCHMARK_SYMBOLS.find((s) => market.series(s));
  if (!benchmark || benchmark === symbol) return null;
  return market.series(benchmark) ?? null;
}

export function patternOf(market: MarketCache, q: PatternQuery): PatternResponse {
  const window = { start: q.start, end: q.end, from: q.from, to: q.to, direction: q.direction };
  const result = seasonalPattern(seriesOf(market, q.symbol), window);
  const bench = benchmarkFor(market, q.symbol);
  if (!bench) return { ...result, benchmark: null };
  const { benchmark, ...against } = patternAgainst(result, bench, window);
  return { ...result, benchmark: { symbol: benchmark, ...against } };
}

export function calendarOf(market: MarketCache, q: SeasonalYearsQuery): CalendarResponse {
  return seasonalCalendar(seriesOf(market, q.symbol), { from: q.from, to: q.to });
}

export function chartOf(market: MarketCache, q: SeasonalYearsQuery): ChartResponse {
  const series = seriesOf(market, q.symbol);
  const range = { from: q.from, to: q.to };
  const chart = seasonalChart(series, range);
  const bench = benchmarkFor(market, q.symbol);
  if (!bench) return { ...chart, benchmark: null };
  const { benchmark, ...curves } = seasonalChartAgainst(series, bench, range);
  return { ...chart, benchmark: { symbol: benchmark, ...curves } };
}

export function bestTradesOf(market: MarketCache, q: BestTradesQuery): BestTradesResponse {
  return bestTrades(seriesOf(market, q.symbol), {
    minDays: q.minDays,
    maxDays: q.maxDays,
    from: q.from,
    to: q.to,
    minYears: q.minYears,
    top: q.top,
  });
}

/** Looks up a watchlist's symbols for the caller; null when it is not theirs or does not exist. */
export type WatchlistSymbols = (id: number) => Promise<string[] | null>;

/**
 * The series of a scan universe. Symbols of a watchlist without market data are skipped
 * (a list may hold anything); an explicit list with an unknown symbol is a 404.
 */
export async function universeSeries(
  market: MarketCache,
  universe: SeasonalScanOptions['universe'],
  watchlist: WatchlistSymbols | null,
): Promise<PriceSeries[]> {
  const have = (symbols: readonly string[]) =>
    symbols.map((s) => market.series(s)).filter((s): s is PriceSeries => s !== undefined);
  if (Array.isArray(universe)) {
    const unique = [...new Set(universe)];
    const missing = unique.filter((s) => !market.series(s));
    if (missing.length > 0) throw notFound(`No market data for ${missing.join(', ')}.`);
    return have(unique);
  }
  if (universe === 'all') return have(market.instruments().map((i) => i.symbol));
  if (universe.startsWith('sector:')) {
    const sector = universe.slice('sector:'.length).trim().toLowerCase();
    const members = market.instruments().filter((i) => i.sector?.toLowerCase() === sector);
    if (members.length === 0) {
      throw validationFailed(`Invalid body.universe: no instrument in sector "${universe.slice(7)}"`, [
        { path: 'body.universe', message: `no instrument in sector "${universe.slice(7)}"` },
      ]);
    }
    return have(members.map((i) => i.symbol));
  }
  const id = Number(universe.slice('watchlist:'.length));
  if (!watchlist) {
    throw validationFailed('Invalid body.universe: a watchlist universe needs a signed-in user', [
      { path: 'body.universe', message: 'a watchlist universe needs a signed-in user' },
    ]);
  }
  const symbols = await watchlist(id);
  if (!symbols) throw notFound(`No watchlist ${id}.`);
  return have(symbols);
}

export function scanOf(universe: readonly PriceSeries[], o: SeasonalScanOptions): SeasonalScanResponse {
  return seasonalityScan(universe, {
    startFrom: o.startFrom,
    startTo: o.startTo,
    minDays: o.minDays,
    maxDays: o.maxDays,
    from: o.from,
    to: o.to,
    minWinRate: o.minWinRate,
    minYears: o.minYears,
    direction: o.direction,
  });
}
