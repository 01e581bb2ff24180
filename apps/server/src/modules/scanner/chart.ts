import {
  chartPanel,
  isoDate,
  parseNumericExpression,
  ScanExpressionError,
  type Operand,
  type SeriesContext,
} from '@solstice/analytics';
import type { SymbolChartQuery, SymbolChartResponse } from '@solstice/contracts';
import type { MarketCache } from '../market/market-cache.js';
import { marketParseOptions } from './scan.js';

/** An expression of a chart request that does not parse: which one (from 0) and the language's error. */
export class ChartSeriesError extends Error {
  constructor(
    readonly index: number,
    override readonly cause: ScanExpressionError,
  ) {
    super(cause.message);
    this.name = 'ChartSeriesError';
  }
}

/** What a chart request names that the market does not have. */
export class ChartSymbolError extends Error {
  constructor(
    readonly field: 'symbol' | 'compare',
    readonly symbol: string,
  ) {
    super(`No market data for ${symbol}.`);
    this.name = 'ChartSymbolError';
  }
}

/**
 * A symbol's chart on daily, weekly or monthly bars with scan-language expressions on them and
 * a comparison symbol's closes aligned to its dates: behind `GET /api/v1/chart/:symbol`. The
 * expressions parse as the scanner's (rs() names a symbol of this market) and are evaluated by
 * its evaluator, so a value at a bar is the scan's value there (decision 0033).
 */
export function symbolChart(market: MarketCache, symbol: string, query: SymbolChartQuery): SymbolChartResponse {
  const options = marketParseOptions(market);
  const texts = query.series ?? [];
  const expressions: Operand[] = texts.map((text, index) => {
    try {
      return parseNumericExpression(text, options);
    } catch (error) {
      if (error instanceof ScanExpressionError) throw new ChartSeriesError(index, error);
      throw error;
    }
  });
  const daily = market.series(symbol);
  if (!daily || daily.dates.length === 0) throw new ChartSymbolError('symbol', symbol);
  let compare;
  if (query.compare !== undefined) {
    compare = market.series(options.resolveSymbol?.(query.compare) ?? query.compare);
    if (!compare) throw new ChartSymbolError('compare', query.compare);
  }
  const context: SeriesContext = { series: (s) => market.series(s) };
  const info = market.instrument(daily.symbol);
  const traits = info ? { calendar: info.calendar, hasVolume: info.hasVolume } : undefined;
  const panel = chartPanel(daily, {
    timeframe: query.timeframe,
    expressions,
    bars: query.bars,
    compare,
    context,
    traits,
  });
  const { bars } = panel;
  return {
    symbol: daily.symbol,
    timeframe: query.timeframe,
    dates: Array.from(bars.dates, isoDate),
    open: Array.from(bars.open),
    high: Array.from(bars.high),
    low: Array.from(bars.low),
    close: Array.from(bars.close),
    volume: Array.from(bars.volume),
    series: texts.map((expression, i) => ({ expression, values: panel.values[i]! })),
    compare: compare ? { symbol: compare.symbol, close: panel.compare! } : null,
  };
}
