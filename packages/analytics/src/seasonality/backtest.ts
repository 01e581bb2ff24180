import {
  annualizationFactor,
  DEFAULT_CALENDAR,
  isTradingCalendar,
  type TradingCalendar,
} from '../calendar/trading-calendar.js';
import { civilDate, type PriceSeries } from '../series.js';
import { mean } from '../stats/descriptive.js';
import { unionOfDates, isoDay } from './backtest-dates.js';
import { benchmarkCurve, benchmarkSpanStart, curveMetrics, rebased } from './backtest-metrics.js';
import { dateInYear, formatMonthDay, parseMonthDay, type MonthDay } from './calendar-days.js';
import { crossesYearEnd, lowerBound } from './pattern.js';
import type { Direction } from './statistics.js';
import { yearUsed, type YearSet } from './year-sets.js';

/** The most legs one backtest may hold. */
export const MAX_BACKTEST_LEGS = 20;
export const DEFAULT_COST_BPS = 5;
export const DEFAULT_BACKTEST_BENCHMARK = 'SPY';
/** The currency of a leg that names none: the US stocks'. */
export const DEFAULT_LEG_CURRENCY = 'USD';

export interface BacktestLeg {
  symbol: string;
  /** 'MM-DD' */
  start: string;
  /** 'MM-DD'; before start: the window crosses the year end. */
  end: string;
  direction: Direction;
  /** The symbol's calendar (default `nyse`): the annualization factor depends on the legs' calendars. */
  calendar?: TradingCalendar;
  /** The symbol's price currency (default USD); returns stay in it (no conversion). */
  currency?: string;
}

export interface SeasonalBacktestOptions extends YearSet {
  /** 1 to MAX_BACKTEST_LEGS legs. */
  legs: readonly BacktestLeg[];
  /** Cost per side in basis points; default 5. */
  costBps?: number;
  /** Default SPY; null: no benchmark. */
  benchmark?: string | null;
}

export interface BacktestTrade {
  symbol: string;
  start: string;
  end: string;
  direction: Direction;
  year: number;
  entryDate: string;
  exitDate: string;
  /** Net of costs: the sleeve's value at the exit / its value before the entry − 1. */
  return: number;
}

export interface BacktestMetrics {
  totalReturn: number | null;
  cagr: number | null;
  maxDrawdown: number | null;
  volatility: number | null;
  sharpe: number | null;
  sortino: number | null;
  exposure: number | null;
  trades: number;
  tradeWinRate: number | null;
  avgTrade: number | null;
}

/** totalReturn, cagr, maxDrawdown and sharpe of a curve over the benchmark's span. */
export interface SpanFigures {
  totalReturn: number | null;
  cagr: number | null;
  maxDrawdown: number | null;
  sharpe: number | null;
}

export interface BacktestBenchmark extends SpanFigures {
  symbol: string;
  /**
   * The span: the equity dates on or after the benchmark's first close (all of them when it
   * has a close by the first equity date). Null when there is no trade or no close by the last.
   */
  from: string | null;
  to: string | null;
  /**
   * B(t) on the span's dates (the strategy's `equity` dates from `from`, same order): buy and
   * hold of the benchmark's close, 1 on `from`. Empty when the span is.
   */
  equity: { date: string; value: number }[];
  /**
   * The strategy's figures over the same span (E rebased to 1 on `from`) when the span starts
   * after the first equity date; null when the span is the whole run (compare `metrics`) or empty.
   */
  strategyOverSpan: SpanFigures | null;
}

export interface BacktestResult {
  equity: { date: string; value: number }[];
  /** In entry-date order; on the same date, in leg order. */
  trades: BacktestTrade[];
  /** Every figure but `trades` is null when there is no trade. */
  metrics: BacktestMetrics;
  benchmark: BacktestBenchmark | null;
  /**
   * The legs' currencies, each once, in leg order (a leg naming none is in USD): every return
   * is in its leg's own currency. Present when some leg names its currency.
   */
  currencies?: string[];
}

/** Finds a symbol's series; undefined when the market has none. */
export type SeriesLookup = (symbol: string) => PriceSeries | undefined;

interface Leg extends BacktestLeg {
  series: PriceSeries;
  startDay: MonthDay;
  endDay: MonthDay;
}

/** One trade of a leg: indices into the leg's series. */
interface Trade {
  leg: number;
  year: number;
  entry: number;
  exit: number;
}

function checkedLegs(lookup: SeriesLookup, legs: readonly BacktestLeg[]): Leg[] {
  if (legs.length < 1 || legs.length > MAX_BACKTEST_LEGS) {
    throw new RangeError(`legs: expected 1 to ${MAX_BACKTEST_LEGS} legs, got ${legs.length}`);
  }
  return legs.map((leg, i) => {
    const series = lookup(leg.symbol);
    if (!series) throw new RangeError(`legs[${i}]: unknown symbol ${leg.symbol}`);
    let startDay: MonthDay;
    let endDay: MonthDay;
    try {
      startDay = parseMonthDay(leg.start);
      endDay = parseMonthDay(leg.end);
    } catch (error) {
      throw new RangeError(`legs[${i}]: ${(error as Error).message}`);
    }
    if (leg.direction !== 'long' && leg.direction !== 'short') {
      throw new RangeError(`legs[${i}]: direction must be long or short`);
    }
    if (leg.calendar !== undefined && !isTradingCalendar(leg.calendar)) {
      throw new RangeError(
        `legs[${i}]: calendar must be one of nyse, exchange, fx, crypto, got ${String(leg.calendar)}`,
      );
    }
    if (leg.currency !== undefined && !(typeof leg.currency === 'string' && /^[A-Za-z]{3}$/.test(leg.currency))) {
      throw new RangeError(`legs[${i}]: currency must be a 3-letter code, got ${String(leg.currency)}`);
    }
    return { ...leg, symbol: series.symbol, series, startDay, endDay };
  });
}

/**
 * The leg's trades (analytics.md, "Seasonal backtest"): one per used year that counts for its
 * window, entry and exit as in the pattern; a trade whose entry is not after the previous
 * trade's exit is skipped.
 */
function legTrades(leg: Leg, index: number, set: YearSet): Trade[] {
  const { dates } = leg.series;
  const n = dates.length;
  const trades: Trade[] = [];
  if (n === 0) return trades;
  const cross = crossesYearEnd(leg.startDay, leg.endDay) ? 1 : 0;
  const first = dates[0]!;
  const last = dates[n - 1]!;
  const y0 = Math.max(civilDate(first).year, set.from ?? -Infinity);
  const y1 = Math.min(civilDate(last).year, set.to ?? Infinity);
  let previousExit = -Infinity;
  for (let year = y0; year <= y1; year++) {
    if (!yearUsed(year, set)) continue;
    const s = dateInYear(year, leg.startDay);
    const e = dateInYear(year + cross, leg.endDay);
    if (first > s || last < e) continue;
    const entry = lowerBound(dates, s);
    const exit = lowerBound(dates, e + 1) - 1;
    if (entry >= exit || dates[entry]! <= previousExit) continue;
    trades.push({ leg: index, year, entry, exit });
    previousExit = dates[exit]!;
  }
  return trades;
}

/** The benchmark's figures, and the strategy's metrics, when no year counts. */
const NO_FIGURES: Readonly<SpanFigures> = { totalReturn: null, cagr: null, maxDrawdown: null, sharpe: null };

/** The benchmark with an empty span: no trade, or no close by the last equity date. */
const noBenchmarkSpan = (series: PriceSeries | null | undefined): BacktestBenchmark | null =>
  series ? { symbol: series.symbol, ...NO_FIGURES, from: null, to: null, equity: [], strategyOverSpan: null } : null;

const spanFigures = (dates: Int32Array, values: Float64Array, annualization: number): SpanFigures => {
  const m = curveMetrics(dates, values, annualization);
  return { totalReturn: m.totalReturn, cagr: m.cagr, maxDrawdown: m.maxDrawdown, sharpe: m.sharpe };
};

/**
 * Buy and hold of the benchmark over its own span of the equity dates (analytics.md, "Seasonal
 * backtest", Benchmark), and the strategy's figures over that span when it starts later.
 */
function benchmarkOverSpan(
  series: PriceSeries,
  dates: Int32Array,
  equity: Float64Array,
  annualization: number,
): BacktestBenchmark {
  const start = benchmarkSpanStart(series, dates);
  if (start >= dates.length) return noBenchmarkSpan(series)!;
  const span = dates.subarray(start);
  const values = benchmarkCurve(series, span);
  return {
    symbol: series.symbol,
    ...spanFigures(span, values, annualization),
    from: isoDay(span[0]!),
    to: isoDay(span[span.length - 1]!),
    equity: Array.from(span, (date, j) => ({ date: isoDay(date), value: values[j]! })),
    strategyOverSpan: start > 0 ? spanFigures(span, rebased(equity.subarray(start)), annualization) : null,
  };
}
const EMPTY_METRICS: Readonly<BacktestMetrics> = {
  totalReturn: null,
  cagr: null,
  maxDrawdown: null,
  volatility: null,
  sharpe: null,
  sortino: null,
  exposure: null,
  trades: 0,
  tradeWinRate: null,
  avgTrade: null,
};

/**
 * A seasonal strategy of 1 to 20 legs over the used years (analytics.md, "Seasonal
 * backtest"): each leg a sleeve of 1/N of a capital of 1 that compounds only its own trades,
 * cost `costBps` per side, against buy and hold of the benchmark. Throws a RangeError naming
 * the leg (`legs[2]: unknown symbol ZZZZ`) or the option at fault.
 */
export function seasonalBacktest(lookup: SeriesLookup, options: SeasonalBacktestOptions): BacktestResult {
  const legs = checkedLegs(lookup, options.legs);
  const costBps = options.costBps ?? DEFAULT_COST_BPS;
  if (!(Number.isFinite(costBps) && costBps >= 0 && costBps < 10_000)) {
    throw new RangeError('costBps: expected a number of basis points from 0 to under 10,000');
  }
  const benchmarkSymbol = options.benchmark === undefined ? DEFAULT_BACKTEST_BENCHMARK : options.benchmark;
  const benchmarkSeries = benchmarkSymbol === null ? null : lookup(benchmarkSymbol);
  if (benchmarkSymbol !== null && !benchmarkSeries)
    throw new RangeError(`benchmark: unknown symbol ${benchmarkSymbol}`);

  const stated = legs.some((l) => l.currency !== undefined);
  const currencies = stated ? { currencies: [...new Set(legs.map((l) => l.currency ?? DEFAULT_LEG_CURRENCY))] } : {};
  const annualization = annualizationFactor(legs.map((l) => l.calendar ?? DEFAULT_CALENDAR));
  const byLeg = legs.map((leg, i) => legTrades(leg, i, options));
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (let i = 0; i < legs.length; i++) {
    const { dates } = legs[i]!.series;
    for (const t of byLeg[i]!) {
      firstDay = Math.min(firstDay, dates[t.entry]!);
      lastDay = Math.max(lastDay, dates[t.exit]!);
    }
  }
  if (firstDay === Infinity) {
    return {
      equity: [],
      trades: [],
      metrics: { ...EMPTY_METRICS },
      benchmark: noBenchmarkSpan(benchmarkSeries),
      ...currencies,
    };
  }

  const dates = unionOfDates(new Set(legs.map((l) => l.series)), firstDay, lastDay);
  const equity = new Float64Array(dates.length);
  const exposed = new Uint8Array(dates.length);
  const c = costBps / 10_000;
  const returns = new Map<Trade, number>();
  legs.forEach((leg, i) => {
    const { dates: days, close } = leg.series;
    const trades = byLeg[i]!;
    const d = leg.direction === 'long' ? 1 : -1;
    let value = 1 / legs.length;
    let q = 0;
    let k = 0;
    for (let j = 0; j < dates.length; j++) {
      const t = dates[j]!;
      const trade = trades[q];
      if (trade === undefined || t < days[trade.entry]!) {
        equity[j] = equity[j]! + value;
        continue;
      }
      // Within the trade: P_t is the leg symbol's last close on or before t.
      if (k < trade.entry) k = trade.entry;
      while (k + 1 <= trade.exit && days[k + 1]! <= t) k++;
      const held = value * (1 - c) * (1 + d * (close[k]! / close[trade.entry]! - 1));
      exposed[j] = 1;
      if (k === trade.exit) {
        const exitValue = held * (1 - c);
        returns.set(trade, exitValue / value - 1);
        value = exitValue;
        q++;
        equity[j] = equity[j]! + value;
      } else {
        equity[j] = equity[j]! + held;
      }
    }
  });

  const trades = byLeg
    .flat()
    .sort((a, b) => legs[a.leg]!.series.dates[a.entry]! - legs[b.leg]!.series.dates[b.entry]! || a.leg - b.leg);
  const tradeReturns = trades.map((t) => returns.get(t)!);
  let exposedDays = 0;
  for (let j = 0; j < dates.length; j++) exposedDays += exposed[j]!;
  const curve = curveMetrics(dates, equity, annualization);
  const days = Array.from(dates, isoDay);
  return {
    equity: days.map((date, j) => ({ date, value: equity[j]! })),
    trades: trades.map((t, n) => {
      const leg = legs[t.leg]!;
      return {
        symbol: leg.symbol,
        start: formatMonthDay(leg.startDay),
        end: formatMonthDay(leg.endDay),
        direction: leg.direction,
        year: t.year,
        entryDate: isoDay(leg.series.dates[t.entry]!),
        exitDate: isoDay(leg.series.dates[t.exit]!),
        return: tradeReturns[n]!,
      };
    }),
    metrics: {
      ...curve,
      exposure: exposedDays / dates.length,
      trades: trades.length,
      tradeWinRate: tradeReturns.filter((r) => r > 0).length / trades.length,
      avgTrade: mean(tradeReturns),
    },
    benchmark: benchmarkSeries ? benchmarkOverSpan(benchmarkSeries, dates, equity, annualization) : null,
    ...currencies,
  };
}
