import {
  bestTrades,
  patternAgainst,
  seasonalCalendar,
  seasonalChart,
  seasonalChartAgainst,
  seasonalPattern,
  seasonalYearPaths,
  seasonalityScan,
  upcomingScanOptions,
  walkForward,
  type BestTradesOptions,
  type PriceSeries,
  type SeasonalityScanOptions,
  type WalkForwardOptions,
  type YearSet,
} from '@solstice/analytics';
import type {
  BestTradesQuery,
  BestTradesResponse,
  CalendarResponse,
  ChartQuery,
  ChartResponse,
  PatternQuery,
  PatternResponse,
  SeasonalScanOptions,
  SeasonalScanResponse,
  SeasonalYearsQuery,
  WalkForwardQuery,
  WalkForwardResponse,
  YearSetFilters,
} from '@solstice/contracts';
import { notFound, validationFailed } from '../../http/errors.js';
import type { MarketCache } from '../market/market-cache.js';
import type { AnalyticsPool } from './pool/analytics-pool.js';
import type { AnalyticsJob } from './pool/analytics-task.js';
import { seriesOf, symbolAnalysis } from './symbol-series.js';
import { checkScanCost, scanCost } from './scan-cost.js';
import { conditionBars, conditionInputs, seasonalCondition } from './condition.js';
import { seriesTraits, traitsBySymbol } from '../market/series-traits.js';
import { adjustedClosesFor, rollGapsBySymbol, seasonalSeries, seriesForMode, withRollGaps } from './futures-series.js';

/** The benchmark of the pattern's relative figures: the first of these the market has. */
export const BENCHMARK_SYMBOLS = ['SPY', '^GSPC'] as const;

/** The benchmark of the relative figures: the first of BENCHMARK_SYMBOLS the market has, never the symbol itself. */
function benchmarkFor(market: MarketCache, symbol: string): PriceSeries | null {
  const benchmark = BENCHMARK_SYMBOLS.find((s) => market.series(s));
  if (!benchmark || benchmark === symbol) return null;
  return market.series(benchmark) ?? null;
}

/** The years a query uses (analytics.md, "Year sets"): from, to and the filters given. */
export function yearSetOf(q: YearSetFilters & { from?: number; to?: number }): YearSet {
  return { from: q.from, to: q.to, cycle: q.cycle, parity: q.parity, exclude: q.exclude };
}

export function patternOf(market: MarketCache, q: PatternQuery): PatternResponse {
  const window = { start: q.start, end: q.end, ...yearSetOf(q), direction: q.direction };
  const { series, rollGaps } = seasonalSeries(market, q.symbol, q.rollAdjust, 'query.rollAdjust');
  const condition = q.condition === undefined ? undefined : seasonalCondition(market, q.condition, 'query.condition');
  const computed = seasonalPattern(
    series,
    condition
      ? {
          ...window,
          condition,
          conditionContext: {
            context: { series: (s: string) => market.series(s) },
            texts: conditionInputs(market, condition, [q.symbol]).conditionTexts?.[q.symbol],
            traits: seriesTraits(market, q.symbol),
          },
        }
      : window,
  );
  const result = { ...computed, years: withRollGaps(computed.years, rollGaps) };
  const bench = benchmarkFor(market, q.symbol);
  if (!bench) return { ...result, benchmark: null };
  const { benchmark, ...against } = patternAgainst(result, bench, window);
  return { ...result, benchmark: { symbol: benchmark, ...against } };
}

export function calendarOf(market: MarketCache, q: SeasonalYearsQuery): CalendarResponse {
  return seasonalCalendar(seasonalSeries(market, q.symbol, q.rollAdjust, 'query.rollAdjust').series, yearSetOf(q));
}

export function chartOf(market: MarketCache, q: ChartQuery): ChartResponse {
  const { series } = seasonalSeries(market, q.symbol, q.rollAdjust, 'query.rollAdjust');
  const range = yearSetOf(q);
  const chart: ChartResponse = { ...seasonalChart(series, range), benchmark: null };
  if (q.paths === '1') Object.assign(chart, seasonalYearPaths(series, range));
  // any instrument as the benchmark (a stock against its sector ETF); never the symbol itself
  const bench =
    q.benchmark === undefined
      ? benchmarkFor(market, q.symbol)
      : q.benchmark === q.symbol
        ? null
        : seriesOf(market, q.benchmark);
  if (!bench) return { ...chart, benchmark: null };
  const { benchmark, ...curves } = seasonalChartAgainst(series, bench, range);
  return { ...chart, benchmark: { symbol: benchmark, ...curves } };
}

/** A reported window's traded years (its pattern on `series`) with the roll gaps inside each. */
export function windowRollGaps(
  series: PriceSeries,
  gaps: readonly string[],
  w: { start: string; end: string },
  years: YearSet,
  direction: 'long' | 'short',
): { year: number; dates: string[] }[] {
  return withRollGaps(seasonalPattern(series, { start: w.start, end: w.end, ...years, direction }).years, gaps).map(
    (y) => ({ year: y.year, dates: y.rollGaps ?? [] }),
  );
}

/** The options best trades and walk-forward share: window lengths, years, and the fewest years. */
function windowSearchOf(q: BestTradesQuery | WalkForwardQuery) {
  return { minDays: q.minDays, maxDays: q.maxDays, ...yearSetOf(q), minYears: q.minYears };
}

function bestTradesOptions(q: BestTradesQuery): BestTradesOptions {
  return { ...windowSearchOf(q), top: q.top, maxQValue: q.maxQValue, rank: q.rank };
}

export function bestTradesOf(market: MarketCache, q: BestTradesQuery): BestTradesResponse {
  const { series, rollGaps } = seasonalSeries(market, q.symbol, q.rollAdjust, 'query.rollAdjust');
  const condition = q.condition === undefined ? undefined : seasonalCondition(market, q.condition, 'query.condition');
  const inputs = condition ? conditionInputs(market, condition, [q.symbol]) : {};
  const answer = bestTrades(series, { ...bestTradesOptions(q), ...inputs });
  if (!rollGaps) return answer;
  const withGaps = (w: BestTradesResponse['long'][number], direction: 'long' | 'short') => ({
    ...w,
    rollGaps: windowRollGaps(series, rollGaps, w, yearSetOf(q), direction),
  });
  return {
    ...answer,
    long: answer.long.map((w) => withGaps(w, 'long')),
    short: answer.short.map((w) => withGaps(w, 'short')),
  };
}

/**
 * Whether best trades must run on this thread: a future's series is back-adjusted and its
 * windows list their roll gaps, which the pool's threads (dates and closes only) cannot do.
 */
export const isFuture = (market: MarketCache, symbol: string): boolean =>
  market.instrument(symbol)?.assetClass === 'future';

/** Who asks, and whether they are still there: the pool's per-user limit and cancellation. */
export interface PoolContext {
  user: string;
  signal?: AbortSignal;
}

/** Best trades as a job of the analytics pool (the same answer as bestTradesOf); a symbol without data is a 404 before it. */
export function bestTradesJob(market: MarketCache, q: BestTradesQuery): Extract<AnalyticsJob, { kind: 'bestTrades' }> {
  const series = seriesOf(market, q.symbol);
  if (q.condition === undefined) return { kind: 'bestTrades', symbol: q.symbol, options: bestTradesOptions(q) };
  const condition = seasonalCondition(market, q.condition, 'query.condition');
  // rs() reads the worker's shared closes: the context is made there (it is not cloneable).
  const { conditionTexts, conditionTraits } = conditionInputs(market, condition, [q.symbol]);
  return {
    kind: 'bestTrades',
    symbol: q.symbol,
    options: {
      ...bestTradesOptions(q),
      condition,
      conditionTexts,
      conditionTraits,
      ...conditionBars(condition, [series]),
    },
  };
}

function walkForwardOptions(q: WalkForwardQuery): WalkForwardOptions {
  return { ...windowSearchOf(q), trainYears: q.trainYears };
}

/**
 * Walk-forward (analytics.md): one best-trades ranking per year, and best trades in sample; in
 * this thread or as a job of the analytics pool.
 */
const walkForwardAnalysis = symbolAnalysis('walkForward', walkForward, walkForwardOptions);

export function walkForwardOf(market: MarketCache, q: WalkForwardQuery): WalkForwardResponse {
  if (!isFuture(market, q.symbol)) return walkForwardAnalysis.here(market, q);
  const { series, rollGaps } = seasonalSeries(market, q.symbol, q.rollAdjust, 'query.rollAdjust');
  const answer = walkForward(series, walkForwardOptions(q));
  // each traded year's entry and exit are those of its window's pattern in that year
  const traded = (direction: 'long' | 'short') =>
    answer[direction].trials.map((trial) => {
      const window = { start: trial.start, end: trial.end, from: trial.year, to: trial.year, direction };
      const [year] = seasonalPattern(series, window).years;
      return { ...trial, rollGaps: year ? withRollGaps([year], rollGaps)[0]!.rollGaps : [] };
    });
  return {
    ...answer,
    long: { ...answer.long, trials: traded('long') },
    short: { ...answer.short, trials: traded('short') },
  };
}

export const walkForwardJob = walkForwardAnalysis.job;

/** Looks up a watchlist's symbols for the caller; null when it is not theirs or does not exist. */
export type WatchlistSymbols = (id: number) => Promise<string[] | null>;

/** Every instrument of the market that has bars, in the market's order: the 'all' universe. */
export function wholeMarket(market: MarketCache): PriceSeries[] {
  return market
    .instruments()
    .map((i) => market.series(i.symbol))
    .filter((s): s is PriceSeries => s !== undefined);
}

/**
 * The series of a scan universe, narrowed to the instruments of `classes` when given.
 * Symbols of a watchlist without market data are skipped (a list may hold anything); an
 * explicit list with an unknown symbol is a 404; a universe without an instrument of the
 * classes is a 400 naming them.
 */
export async function universeSeries(
  market: MarketCache,
  universe: SeasonalScanOptions['universe'],
  watchlist: WatchlistSymbols | null,
  classes?: SeasonalScanOptions['assetClass'],
): Promise<PriceSeries[]> {
  const series = await universeMembers(market, universe, watchlist);
  if (classes === undefined) return series;
  const narrowed = series.filter((s) => {
    const assetClass = market.instrument(s.symbol)?.assetClass;
    return assetClass !== undefined && classes.includes(assetClass);
  });
  if (narrowed.length === 0) {
    const message = `no instrument of asset class ${classes.join(', ')} in this universe`;
    throw validationFailed(`Invalid body.assetClass: ${message}`, [{ path: 'body.assetClass', message }]);
  }
  return narrowed;
}

async function universeMembers(
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
  if (universe === 'all') return wholeMarket(market);
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

/** The scan's options but its start days: those of a range scan, or found by the upcoming mode. */
function searchOptions(o: SeasonalScanOptions): Omit<SeasonalityScanOptions, 'startFrom' | 'startTo'> {
  return {
    minDays: o.minDays,
    maxDays: o.maxDays,
    ...yearSetOf(o),
    minWinRate: o.minWinRate,
    maxQValue: o.maxQValue,
    minYears: o.minYears,
    direction: o.direction,
    rank: o.rank,
  };
}

/**
 * The analytics' options of a scan. In upcoming mode (analytics.md, "Upcoming windows") the
 * session and its start days are found over the universe; null when it has no session (no
 * symbol with a bar on or before asOf). The schema has required startFrom and startTo otherwise.
 */
function scanOptions(
  market: MarketCache,
  universe: readonly PriceSeries[],
  o: SeasonalScanOptions,
): SeasonalityScanOptions | null {
  if (o.upcoming === undefined) return { ...searchOptions(o), startFrom: o.startFrom!, startTo: o.startTo! };
  // dollarVolume20 is null without volume: a minDollarVolume leaves such a symbol out as illiquid
  const traits = traitsBySymbol(
    market,
    universe.map((s) => s.symbol),
  );
  const upcoming = { days: o.upcoming, asOf: o.asOf, minDollarVolume: o.minDollarVolume, traits };
  return upcomingScanOptions(universe, searchOptions(o), upcoming);
}

/** The answer of an upcoming scan without a session: nothing searched. */
const NO_SESSION: SeasonalScanResponse = {
  results: [],
  tested: 0,
  asOf: null,
  startFrom: null,
  startTo: null,
  stale: 0,
  illiquid: 0,
};

export function scanOf(
  market: MarketCache,
  universe: readonly PriceSeries[],
  o: SeasonalScanOptions,
): SeasonalScanResponse {
  const condition = o.condition === undefined ? undefined : seasonalCondition(market, o.condition, 'body.condition');
  const options = scanOptions(market, universe, o);
  if (!options) return NO_SESSION;
  const inputs = condition
    ? conditionInputs(
        market,
        condition,
        universe.map((s) => s.symbol),
      )
    : {};
  // each future of the universe as rollAdjust has it; any other symbol as stored
  const read = universe.map((s) => seriesForMode(market, s.symbol, o.rollAdjust, 'body.rollAdjust') ?? s);
  return withScanRollGaps(market, seasonalityScan(read, { ...options, ...inputs }), o);
}

/**
 * Each result about a future with its traded years' roll gaps (data-providers.md §15.5), its
 * pattern taken on the series the scan read; the answer as it is when no result is a future.
 */
function withScanRollGaps(
  market: MarketCache,
  answer: SeasonalScanResponse,
  o: SeasonalScanOptions,
): SeasonalScanResponse {
  const gaps = rollGapsBySymbol(
    market,
    answer.results.map((r) => r.symbol),
  );
  if (gaps.size === 0) return answer;
  const results = answer.results.map((r) => {
    const dates = gaps.get(r.symbol);
    if (!dates) return r;
    const series = seriesForMode(market, r.symbol, o.rollAdjust, 'body.rollAdjust')!;
    return { ...r, rollGaps: windowRollGaps(series, dates, r, yearSetOf(o), r.direction) };
  });
  return { ...answer, results };
}

/** The scan's JSON with withScanRollGaps applied; read back only when the universe holds a future. */
function jsonWithScanRollGaps(
  market: MarketCache,
  universe: readonly PriceSeries[],
  body: Uint8Array,
  o: SeasonalScanOptions,
): Uint8Array {
  if (!universe.some((s) => market.instrument(s.symbol)?.assetClass === 'future')) return body;
  const answer = JSON.parse(new TextDecoder().decode(body)) as SeasonalScanResponse;
  return new TextEncoder().encode(JSON.stringify(withScanRollGaps(market, answer, o)));
}

/**
 * The scan in the analytics pool, after the cost model (a 400 beyond the cap, before any
 * work): scanOf's answer as JSON (UTF-8), written by the pool's threads (scan-wire.ts), so
 * that a scan of the whole universe makes no object per result on the event loop.
 */
export async function scanInPool(
  market: MarketCache,
  analytics: AnalyticsPool,
  universe: readonly PriceSeries[],
  o: SeasonalScanOptions,
  context: PoolContext,
): Promise<Uint8Array> {
  const condition = o.condition === undefined ? undefined : seasonalCondition(market, o.condition, 'body.condition');
  const options = scanOptions(market, universe, o);
  if (!options) return new TextEncoder().encode(JSON.stringify(NO_SESSION));
  checkScanCost(
    scanCost(universe, { ...o, startFrom: options.startFrom, startTo: options.startTo }),
    market.instruments().length,
    o.upcoming !== undefined,
  );
  const symbols = universe.map((s) => s.symbol);
  // the threads read each future's closes adjusted here (they share only the stored closes)
  const adjusted = adjustedClosesFor(market, symbols, o.rollAdjust, 'body.rollAdjust');
  const withAdjusted = adjusted.length > 0 ? { adjusted } : {};
  if (!condition) {
    const body = (await analytics.run({ kind: 'scanJson', symbols, options, ...withAdjusted }, context)).body;
    return jsonWithScanRollGaps(market, universe, body, o);
  }
  const { conditionTexts, conditionTraits } = conditionInputs(market, condition, symbols);
  const job = {
    kind: 'scanJson' as const,
    symbols,
    options: { ...options, condition, conditionTexts, conditionTraits, ...conditionBars(condition, universe) },
    ...withAdjusted,
  };
  return jsonWithScanRollGaps(market, universe, (await analytics.run(job, context)).body, o);
}
