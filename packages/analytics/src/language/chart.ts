import { withTraits, type SeriesTraits } from '../calendar/trading-calendar.js';
import type { Operand } from '../scanner/parser.js';
import type { PriceSeries } from '../series.js';
import type { Timeframe } from './functions.js';
import { expressionSeries, NO_OTHER_SYMBOLS, type SeriesContext } from './series.js';
import { timeframeBars } from './timeframes.js';

/** What a symbol's chart draws: its last bars on one timeframe, expressions and a comparison on them. */
export interface ChartPanelRequest {
  timeframe: 'daily' | Timeframe;
  /** Parsed numeric expressions (parseNumericExpression), each evaluated on the timeframe's bars. */
  expressions: readonly Operand[];
  /** How many of the last bars to answer (the expressions see the whole history before them). */
  bars: number;
  /** Another symbol whose daily closes are aligned to the bars' dates (a comparison line). */
  compare?: PriceSeries;
  context?: SeriesContext;
  /** The symbol's calendar and volume (default: a US stock); without volume its bars' volume is null too. */
  traits?: SeriesTraits;
}

export interface ChartPanel {
  /** The bars shown (weekly/monthly: built as the language builds them, the last one in progress). */
  bars: PriceSeries;
  /** Each expression's value at each bar shown, null where it has none. */
  values: (number | null)[][];
  /** The comparison's last close on or before each bar's date, null before its first. */
  compare: (number | null)[] | null;
}

/**
 * A chart of one symbol on daily, weekly or monthly bars with any numeric expressions of the
 * scan language: each expression is evaluated over the whole history on the chart's bars by
 * the scanner's evaluator (`sma(close, 10)` on weekly bars is the 10-week average), so a value
 * at a bar equals the scan's value there (on weekly bars, the scan's `weekly(x)`), then the
 * last `bars` bars are kept. One pass per expression over the history.
 */
export function chartPanel(daily: PriceSeries, request: ChartPanelRequest): ChartPanel {
  const own = withTraits(daily, request.traits);
  const all = request.timeframe === 'daily' ? own : timeframeBars(own, request.timeframe);
  const n = all.dates.length;
  const from = Math.max(0, n - Math.max(0, request.bars));
  const context = request.context ?? NO_OTHER_SYMBOLS;
  const values = request.expressions.map((node) => {
    const series = expressionSeries(node, all, context, undefined, request.traits);
    const out: (number | null)[] = new Array(n - from);
    for (let i = from; i < n; i++) {
      const v = series[i]!;
      out[i - from] = Number.isFinite(v) ? v : null;
    }
    return out;
  });
  const bars: PriceSeries = {
    symbol: all.symbol,
    dates: all.dates.slice(from),
    open: all.open.slice(from),
    high: all.high.slice(from),
    low: all.low.slice(from),
    close: all.close.slice(from),
    volume: all.volume.slice(from),
  };
  return { bars, values, compare: request.compare ? alignCloses(request.compare, bars.dates) : null };
}

/** Another series' last close on or before each of `dates` (ascending), null before its first bar. */
export function alignCloses(other: PriceSeries, dates: Int32Array): (number | null)[] {
  const out: (number | null)[] = new Array(dates.length);
  let j = -1;
  for (let i = 0; i < dates.length; i++) {
    const day = dates[i]!;
    while (j + 1 < other.dates.length && other.dates[j + 1]! <= day) j++;
    const v = j >= 0 ? other.close[j]! : NaN;
    out[i] = Number.isFinite(v) ? v : null;
  }
  return out;
}
