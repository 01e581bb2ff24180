// The candles view's arithmetic: ranges, resampling and the indicator lines, computed from
// the bars in the browser so that each range needs one request.
import type { Bar, ChartTimeframe, IndicatorsResponse, SymbolChartResponse } from '@solstice/contracts';

export const RANGES = ['1M', '3M', '6M', 'YTD', '1Y', '5Y', 'All'] as const;
export type Range = (typeof RANGES)[number];

/** Trading days before a range's first bar that SMA 200 needs to be defined there. */
export const WARM_UP_DAYS = 300;

const MONTHS: Partial<Record<Range, number>> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '5Y': 60 };

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The first date a range shows, counted back from the latest bar's date; null for All. */
export function rangeStart(range: Range, last: string): string | null {
  const end = new Date(`${last}T00:00:00Z`);
  if (range === 'All') return null;
  if (range === 'YTD') return `${last.slice(0, 4)}-01-01`;
  const months = end.getUTCFullYear() * 12 + end.getUTCMonth() - (MONTHS[range] ?? 12);
  const year = Math.floor(months / 12);
  const month = months % 12;
  // 31 March less a month is 29 February, not 2 March
  const day = Math.min(end.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return iso(new Date(Date.UTC(year, month, day)));
}

/** The first date to ask the API for: the range's start with room for SMA 200 before it. */
export function fetchStart(range: Range, today: string): string | null {
  const start = rangeStart(range, today);
  if (!start) return null;
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - Math.ceil((WARM_UP_DAYS * 7) / 5) - 14);
  return iso(d);
}

/** Simple moving average; null until `n` values exist. */
export function sma(values: readonly number[], n: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= n) sum -= values[i - n]!;
    out.push(i >= n - 1 ? sum / n : null);
  }
  return out;
}

/** Bollinger bands: SMA `n` ± k population standard deviations of the same closes. */
export function bollinger(
  values: readonly number[],
  n = 20,
  k = 2,
): { upper: (number | null)[]; middle: (number | null)[]; lower: (number | null)[] } {
  const middle = sma(values, n);
  const upper: (number | null)[] = [];
  const lower: (number | null)[] = [];
  for (let i = 0; i < values.length; i++) {
    const m = middle[i];
    if (m === null || m === undefined) {
      upper.push(null);
      lower.push(null);
      continue;
    }
    let sq = 0;
    for (let j = i - n + 1; j <= i; j++) sq += (values[j]! - m) ** 2;
    const sd = Math.sqrt(sq / n);
    upper.push(m + k * sd);
    lower.push(m - k * sd);
  }
  return { upper, middle, lower };
}

export type Period = 'day' | 'week' | 'month';

/** More candles than this are merged into weeks, then months (SVG draws every one). */
export const MAX_CANDLES = 1500;

export function periodFor(count: number): Period {
  if (count <= MAX_CANDLES) return 'day';
  if (count / 5 <= MAX_CANDLES) return 'week';
  return 'month';
}

function periodKey(date: string, period: Period): string {
  if (period === 'month') return date.slice(0, 7);
  if (period === 'day') return date;
  // the Monday of the date's week
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return iso(d);
}

/**
 * Bars merged per period (open of the first, high/low over all, close of the last, volume
 * summed), each dated by its last bar; `index` is that last bar's position in the input.
 */
export function resample(bars: readonly Bar[], period: Period): (Bar & { index: number })[] {
  const out: (Bar & { index: number })[] = [];
  let key = '';
  bars.forEach((b, index) => {
    const k = periodKey(b.date, period);
    const cur = out[out.length - 1];
    if (cur && k === key) {
      cur.high = Math.max(cur.high, b.high);
      cur.low = Math.min(cur.low, b.low);
      cur.close = b.close;
      // without volume (hasVolume false) every bar's volume is null, and so is the sum
      cur.volume = cur.volume === null || b.volume === null ? null : cur.volume + b.volume;
      cur.date = b.date;
      cur.index = index;
    } else {
      key = k;
      out.push({ ...b, index });
    }
  });
  return out;
}

export interface Overlays {
  sma: boolean;
  bollinger: boolean;
}

/** The dates and overlay lines the candles draw, typed as the indicators API's chart series. */
type OverlaySeries = Pick<
  NonNullable<IndicatorsResponse['series']>,
  'dates' | 'sma50' | 'sma200' | 'bbUpper' | 'bbMiddle' | 'bbLower'
>;

export interface CandleData extends OverlaySeries {
  period: Period;
  /** [open, close, low, high] as ECharts wants them. */
  candles: [number, number, number, number][];
  /** Null for an instrument without volume. */
  volume: (number | null)[];
}

/**
 * The candles of a range: indicator lines computed on all bars (warm-up included), then cut.
 * With `fixed` (weekly or monthly bars from the chart API) the bars are drawn as they are.
 */
export function candleData(bars: readonly Bar[], range: Range, fixed?: Period): CandleData {
  const closes = bars.map((b) => b.close);
  const s50 = sma(closes, 50);
  const s200 = sma(closes, 200);
  const bb = bollinger(closes);
  const last = bars[bars.length - 1]?.date;
  const start = last ? rangeStart(range, last) : null;
  const shown = start ? bars.filter((b) => b.date >= start) : bars;
  const offset = bars.length - shown.length;
  const period = fixed ?? periodFor(shown.length);
  const merged = fixed ? shown.map((b, index) => ({ ...b, index })) : resample(shown, period);
  const at = (series: (number | null)[]) => merged.map((b) => series[b.index + offset] ?? null);
  return {
    period,
    dates: merged.map((b) => b.date),
    candles: merged.map((b) => [b.open, b.close, b.low, b.high]),
    volume: merged.map((b) => b.volume),
    sma50: at(s50),
    sma200: at(s200),
    bbUpper: at(bb.upper),
    bbMiddle: at(bb.middle),
    bbLower: at(bb.lower),
  };
}

/** The chart API's CHART_MAX_BARS (a value import of the contracts would bring zod into this chunk). */
export const CHART_MAX_BARS = 10_000;

export const TIMEFRAMES = ['daily', 'weekly', 'monthly'] as const satisfies readonly ChartTimeframe[];
export type Timeframe = (typeof TIMEFRAMES)[number];

/** Where a study is drawn: over the candles, in a panel of its own, or over the volume bars. */
export type Place = 'overlay' | 'panel' | 'volume';

/** A line (or histogram) of the chart: scan-language expressions plotted over the candles or below them. */
export interface Study {
  id: string;
  /** A preset's key, or 'expression' for one the reader typed. */
  kind: 'rsi' | 'macd' | 'volume' | 'expression';
  expressions: string[];
  place: Place;
}

/** The preset studies: each is asked of the chart API only once it is turned on. */
export const PRESETS = {
  rsi: { expressions: ['rsi(close, 14)'], place: 'panel' },
  macd: { expressions: ['macd', 'macdSignal', 'macdHist'], place: 'panel' },
  volume: { expressions: ['sma(volume, 20)'], place: 'volume' },
} as const satisfies Record<string, { expressions: readonly string[]; place: Place }>;
export type Preset = keyof typeof PRESETS;

/** How many bars of the chart API a range needs on a timeframe (weekly/monthly: with SMA 200's warm-up). */
export function chartBars(range: Range, timeframe: Timeframe): number {
  const months = range === 'All' ? null : range === 'YTD' ? 12 : (MONTHS[range] ?? 12);
  if (months === null) return CHART_MAX_BARS;
  const perMonth = { daily: 23, weekly: 5, monthly: 1 }[timeframe];
  const warmUp = timeframe === 'daily' ? 0 : WARM_UP_DAYS;
  return Math.min(CHART_MAX_BARS, months * perMonth + 2 + warmUp);
}

/** The bars of a chart API answer, as the bars API gives them. */
export function chartAnswerBars(answer: SymbolChartResponse): Bar[] {
  return answer.dates.map((date, i) => ({
    date,
    open: answer.open[i]!,
    high: answer.high[i]!,
    low: answer.low[i]!,
    close: answer.close[i]!,
    volume: answer.volume[i]!,
  }));
}

/** Each of `dates`' value in a chart answer's series (by date; null where it has none). */
export function valuesAt(dates: readonly string[], answerDates: readonly string[], values: readonly (number | null)[]) {
  const index = new Map(answerDates.map((d, i) => [d, i]));
  return dates.map((d) => {
    const i = index.get(d);
    return i === undefined ? null : (values[i] ?? null);
  });
}

/**
 * A comparison line on the price scale: the other symbol's closes times the ratio of the two
 * closes at bar `first` (the first visible one; the next where both have a close if either has none).
 */
export function rebased(closes: readonly number[], other: readonly (number | null)[], first = 0): (number | null)[] {
  let k = Math.max(0, first);
  while (k < closes.length && (other[k] === null || other[k] === undefined || other[k] === 0)) k++;
  if (k >= closes.length) return other.map(() => null);
  const ratio = closes[k]! / other[k]!;
  return other.map((v) => (v === null ? null : v * ratio));
}
