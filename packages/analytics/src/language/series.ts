import { DEFAULT_CALENDAR, withTraits, type SeriesTraits, type TradingCalendar } from '../calendar/trading-calendar.js';
import type { Operand } from '../scanner/parser.js';
import { barsUpTo, dayNumberOf, packedCivilDate, type PriceSeries } from '../series.js';
import { canonicalText } from './canonical.js';
import { fixedFieldExpression } from './fixed-fields.js';
import { endsPeriod, timeframeBars } from './timeframes.js';

/**
 * The one evaluator of series of the scan language (analytics.md, "Scan language"): a numeric
 * expression's value at every bar of one symbol. Values are Float64Array, NaN = null. Every
 * function is causal (its value at bar t reads no bar after t), so the series of bars 0 … end
 * read at t is the same as the series of bars 0 … t read at t; only weekly()/monthly() differ
 * (their bar in progress at t holds the sessions up to t), which `at` takes care of.
 */

/** What an evaluation may read besides the symbol's own bars. */
export interface SeriesContext {
  /** Another symbol's daily bars (rs()), looked up as written in the expression; undefined: null values. */
  series(symbol: string): PriceSeries | undefined;
}

/** The fields that are a bar's own prices, and the price each one reads ("price" is the close). */
const PRICE_FIELDS = new Map<string, 'open' | 'high' | 'low' | 'close' | 'volume'>([
  ['open', 'open'],
  ['high', 'high'],
  ['low', 'low'],
  ['close', 'close'],
  ['price', 'close'],
  ['volume', 'volume'],
]);

/** A context without other symbols: rs() is null. */
export const NO_OTHER_SYMBOLS: SeriesContext = { series: () => undefined };

/**
 * The series of a numeric expression over `bars` (daily, or weekly/monthly bars from
 * timeframeBars for a chart of that timeframe): element t is the expression's value at bar t,
 * computed on the bars up to t, NaN where null. A `weekly(x)`/`monthly(x)` term at a daily bar t
 * is x on the weekly (monthly) bars built from the daily bars up to t, so a daily series with a
 * timeframe term costs a rebuild per bar that is not the last of its week (month); pass `at` to
 * get exact values only at those bar indices (the other elements of a timeframe term are then
 * NaN). `rank()` has no series (it exists at the scan's date only): NaN. `marketCap`, seasonal
 * and text fields: NaN (the scanner reads those from its columns). The result may share memory
 * with `bars` (a bare `close`): do not write into it. `traits` (default: a US stock) give the
 * fixed fields' periods of the symbol's calendar, and null volume to a symbol without volume.
 */
export function expressionSeries(
  node: Operand,
  bars: PriceSeries,
  context: SeriesContext = NO_OTHER_SYMBOLS,
  at?: readonly number[],
  traits?: SeriesTraits,
): Float64Array {
  const calendar = traits?.calendar ?? DEFAULT_CALENDAR;
  return new Evaluation(withTraits(bars, traits), context, at ?? null, calendar).series(node);
}

/**
 * An expression's value at bar `at` of a daily series, reading nothing after that bar (NaN =
 * null): what the scanner reads at each symbol's evaluation bar (and at the bar before for
 * `crosses`). `end` (default `at`) is the last bar the evaluation may see; values at earlier
 * bars do not depend on it except through the bar in progress of weekly()/monthly().
 * `traits` as for expressionSeries.
 */
export function expressionValueAt(
  node: Operand,
  daily: PriceSeries,
  at: number,
  context: SeriesContext = NO_OTHER_SYMBOLS,
  traits?: SeriesTraits,
): number {
  if (at < 0 || at >= daily.dates.length) return NaN;
  const bars = withTraits(barsUpTo(daily, at), traits);
  return new Evaluation(bars, context, [at], traits?.calendar ?? DEFAULT_CALENDAR).series(node)[at]!;
}

/** The bar in progress of a week or month: its sessions so far. */
interface PartialBar {
  date: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The other symbol's last close on or before `day`, NaN without one. */
function closeOnOrBefore(other: PriceSeries, day: number): number {
  let lo = 0;
  let hi = other.dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (other.dates[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? other.close[lo - 1]! : NaN;
}

function lastNullBefore(src: Float64Array, k: number): number {
  let j = k - 1;
  while (j >= 0 && src[j] === src[j]) j--;
  return j;
}

/** ema/rma at k: the seed (the mean of the stretch's first n) or the step from the state at k − 1. */
function seededLast(
  src: Float64Array,
  v: number,
  k: number,
  n: number,
  nullBefore: number,
  full: Float64Array,
  next: (previous: number, value: number) => number,
): number {
  if (v !== v) return NaN;
  const seedAt = nullBefore + n;
  if (k < seedAt) return NaN;
  if (k > seedAt) return next(full[k - 1]!, v);
  let sum = 0;
  for (let j = nullBefore + 1; j <= seedAt; j++) sum += j === k ? v : src[j]!;
  return sum / n;
}

/** windowStdev's running state from its restart r up to k, then its value at k. */
function stdevFrom(at: (i: number) => number, r: number, k: number, n: number): number {
  let sum = 0;
  for (let j = r - n + 1; j <= r; j++) sum += at(j);
  const shift = sum / n;
  let s1 = 0;
  let s2 = 0;
  for (let j = r - n + 1; j <= r; j++) {
    const d = at(j) - shift;
    s1 += d;
    s2 += d * d;
  }
  for (let i = r + 1; i <= k; i++) {
    const add = at(i) - shift;
    const drop = at(i - n) - shift;
    s1 += add - drop;
    s2 += add * add - drop * drop;
  }
  const m = s1 / n;
  return Math.sqrt(Math.max(0, s2 / n - m * m));
}

class Evaluation {
  private readonly memo = new Map<string, Float64Array>();
  constructor(
    private readonly bars: PriceSeries,
    private readonly context: SeriesContext,
    /** The bar indices where timeframe terms must be exact (null: all). */
    private readonly at: readonly number[] | null,
    /** Whose periods the fixed fields count. */
    private readonly calendar: TradingCalendar,
  ) {}

  series(node: Operand): Float64Array {
    if (node.kind === 'number') return new Float64Array(this.bars.dates.length).fill(node.value);
    const key = canonicalText(node);
    let out = this.memo.get(key);
    if (!out) {
      out = this.compute(node);
      this.memo.set(key, out);
    }
    return out;
  }

  private compute(node: Operand): Float64Array {
    const b = this.bars;
    const n = b.dates.length;
    switch (node.kind) {
      case 'number':
        return new Float64Array(n).fill(node.value);
      case 'string':
      case 'rank':
        return new Float64Array(n).fill(NaN);
      case 'field':
        return this.field(node.field.name);
      case 'arith':
        return arith(node.op, this.series(node.left), this.series(node.right));
      case 'offset':
        return shift(this.series(node.operand), node.k);
      case 'rs':
        return relativeStrength(b, this.context.series(node.symbol), node.period);
      case 'timeframe':
        return this.timeframe(node.timeframe, node.operand);
      case 'fn': {
        if (node.name === 'atr')
          return rma(
            this.aux('tr', () => trueRange(b)),
            node.period,
          );
        const src = this.series(node.src!);
        if (node.name === 'rsi') {
          const state = { gain: new Float64Array(n).fill(NaN), loss: new Float64Array(n).fill(NaN) };
          const out = rsi(src, node.period, state);
          this.memo.set(`${canonicalText(node)}#gain`, state.gain);
          this.memo.set(`${canonicalText(node)}#loss`, state.loss);
          return out;
        }
        return periodFunction(node.name, src, node.period);
      }
    }
  }

  /** A derived array kept with the memo (true ranges, the last null before each bar). */
  aux(key: string, compute: () => Float64Array): Float64Array {
    let out = this.memo.get(`#${key}`);
    if (!out) {
      out = compute();
      this.memo.set(`#${key}`, out);
    }
    return out;
  }

  /** For each bar, the index of the last null of `src` at or before it (−1: none). */
  private nulls(node: Operand): Float64Array {
    return this.aux(`nulls ${canonicalText(node)}`, () => {
      const src = this.series(node);
      const out = new Float64Array(src.length);
      let last = -1;
      for (let i = 0; i < src.length; i++) {
        if (src[i] !== src[i]) last = i;
        out[i] = last;
      }
      return out;
    });
  }

  /**
   * The value of `node` at bar k with bar k replaced by `bar` (the bar in progress) and the
   * bars before it as they are: the same arithmetic, step for step, as the series of the bars
   * 0 … k−1 followed by `bar` computes at its last element, at the cost of the last element only
   * (the states at k−1 are the full series'; the running sums restart at the same bars).
   */
  last(node: Operand, bar: PartialBar, k: number): number {
    const b = this.bars;
    switch (node.kind) {
      case 'number':
        return node.value;
      case 'string':
      case 'rank':
        return NaN;
      case 'field': {
        const price = PRICE_FIELDS.get(node.field.name);
        if (price) return bar[price];
        if (node.field.name === 'ytd') {
          const year = Math.floor(packedCivilDate(bar.date) / 10_000);
          let j = k - 1;
          while (j >= 0 && Math.floor(packedCivilDate(b.dates[j]!) / 10_000) === year) j--;
          const base = j >= 0 && b.dates[j]! >= dayNumberOf(year - 1, 1, 1) ? b.close[j]! : NaN;
          return base === 0 ? NaN : bar.close / base - 1;
        }
        const definition = fixedFieldExpression(node.field.name, this.calendar);
        return definition ? this.last(definition, bar, k) : NaN;
      }
      case 'arith': {
        const l = this.last(node.left, bar, k);
        const r = this.last(node.right, bar, k);
        switch (node.op) {
          case '+':
            return l + r;
          case '-':
            return l - r;
          case '*':
            return l * r;
          default:
            return r === 0 ? NaN : l / r;
        }
      }
      case 'offset':
        return node.k === 0
          ? this.last(node.operand, bar, k)
          : k - node.k >= 0
            ? this.series(node.operand)[k - node.k]!
            : NaN;
      case 'timeframe':
        return NaN;
      case 'rs': {
        const n = node.period;
        if (k < n) return NaN;
        const other = this.context.series(node.symbol);
        if (!other) return NaN;
        const pNow = closeOnOrBefore(other, bar.date);
        const pThen = closeOnOrBefore(other, b.dates[k - n]!);
        const own = b.close[k - n] === 0 ? NaN : bar.close / b.close[k - n]!;
        const base = pThen === 0 ? NaN : pNow / pThen;
        return base === 0 ? NaN : own / base - 1;
      }
      case 'fn':
        return this.lastOfFunction(node, bar, k);
    }
  }

  private lastOfFunction(node: Operand & { kind: 'fn' }, bar: PartialBar, k: number): number {
    const n = node.period;
    if (node.name === 'atr') {
      const b = this.bars;
      const tr = this.aux('tr', () => trueRange(b));
      const pc = k > 0 ? b.close[k - 1]! : NaN;
      const v =
        k === 0 ? bar.high - bar.low : Math.max(bar.high - bar.low, Math.abs(bar.high - pc), Math.abs(bar.low - pc));
      const full = this.series(node);
      return seededLast(tr, v, k, n, lastNullBefore(tr, k), full, (prev, x) => (prev * (n - 1) + x) / n);
    }
    const srcNode = node.src!;
    const src = this.series(srcNode);
    const v = this.last(srcNode, bar, k);
    const nullBefore = k > 0 ? this.nulls(srcNode)[k - 1]! : -1;
    const at = (i: number) => (i === k ? v : src[i]!);
    switch (node.name) {
      case 'roc':
      case 'change': {
        if (k < n) return NaN;
        const then = src[k - n]!;
        return node.name === 'change' ? v - then : then === 0 ? NaN : v / then - 1;
      }
      case 'highest':
      case 'lowest': {
        if (k < n - 1 || v !== v || nullBefore > k - n) return NaN;
        let best = v;
        for (let i = k - n + 1; i < k; i++) {
          const x = src[i]!;
          if (node.name === 'highest' ? x > best : x < best) best = x;
        }
        return best;
      }
      case 'sma':
      case 'sum':
      case 'stdev': {
        if (k < n - 1 || v !== v || nullBefore > k - n) return NaN;
        // The run of valid windows ending at k starts at i0; the running sums restart every n.
        const i0 = Math.max(n - 1, nullBefore + n);
        const r = i0 + Math.floor((k - i0) / n) * n;
        if (node.name === 'stdev') return stdevFrom(at, r, k, n);
        let sum = 0;
        for (let j = r - n + 1; j <= r; j++) sum += at(j);
        for (let i = r + 1; i <= k; i++) sum += at(i) - at(i - n);
        return node.name === 'sma' ? sum / n : sum;
      }
      case 'ema': {
        const alpha = 2 / (n + 1);
        return seededLast(src, v, k, n, nullBefore, this.series(node), (prev, x) => alpha * x + (1 - alpha) * prev);
      }
      case 'rma':
        return seededLast(src, v, k, n, nullBefore, this.series(node), (prev, x) => (prev * (n - 1) + x) / n);
      case 'rsi': {
        if (v !== v) return NaN;
        const from = nullBefore + 1;
        const seedAt = from + n;
        if (k < seedAt) return NaN;
        let gain = 0;
        let loss = 0;
        if (k === seedAt) {
          for (let j = from + 1; j <= seedAt; j++) {
            const c = at(j) - at(j - 1);
            if (c > 0) gain += c;
            else loss -= c;
          }
          gain /= n;
          loss /= n;
        } else {
          this.series(node);
          const key = canonicalText(node);
          const c = v - src[k - 1]!;
          gain = (this.memo.get(`${key}#gain`)![k - 1]! * (n - 1) + (c > 0 ? c : 0)) / n;
          loss = (this.memo.get(`${key}#loss`)![k - 1]! * (n - 1) + (c < 0 ? -c : 0)) / n;
        }
        return loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
      }
    }
  }

  private field(name: string): Float64Array {
    const b = this.bars;
    const price = PRICE_FIELDS.get(name);
    if (price) return b[price];
    if (name === 'ytd') return ytdSeries(b);
    const definition = fixedFieldExpression(name, this.calendar);
    return definition ? this.series(definition) : new Float64Array(b.dates.length).fill(NaN);
  }

  private timeframe(timeframe: 'weekly' | 'monthly', operand: Operand): Float64Array {
    const b = this.bars;
    const n = b.dates.length;
    const out = new Float64Array(n).fill(NaN);
    if (n === 0) return out;
    const full = timeframeBars(b, timeframe);
    const evaluation = new Evaluation(full, this.context, null, this.calendar);
    const values = evaluation.series(operand);
    const wanted = this.at ?? Array.from({ length: n }, (_, i) => i);
    // The index of a daily bar's period among the full bars: for every bar walking forward, or
    // for a few (the scanner's bar and the one before) walking back from the last.
    let periodIndex: (t: number) => number;
    if (this.at === null || this.at.length > 4) {
      const index = new Int32Array(n);
      let k = -1;
      for (let i = 0; i < n; i++) {
        if (i === 0 || endsPeriod(b.dates, timeframe, i - 1, n - 1)) k++;
        index[i] = k;
      }
      periodIndex = (t) => index[t]!;
    } else {
      periodIndex = (t) => {
        let k = full.dates.length - 1;
        for (let i = n - 2; i >= t; i--) if (endsPeriod(b.dates, timeframe, i, n - 1)) k--;
        return k;
      };
    }
    let last = -1;
    for (const t of wanted) {
      if (t < 0 || t >= n || t === last) continue;
      last = t;
      if (endsPeriod(b.dates, timeframe, t, n - 1)) {
        out[t] = values[periodIndex(t)]!;
      } else {
        out[t] = evaluation.last(operand, partialBar(b, timeframe, t), periodIndex(t));
      }
    }
    return out;
  }
}

/** The bar of t's week (month) holding its sessions up to t. */
function partialBar(b: PriceSeries, timeframe: 'weekly' | 'monthly', t: number): PartialBar {
  let first = t;
  while (first > 0 && !endsPeriod(b.dates, timeframe, first - 1, t)) first--;
  const bar: PartialBar = {
    date: b.dates[t]!,
    open: b.open[first]!,
    high: b.high[first]!,
    low: b.low[first]!,
    close: b.close[t]!,
    volume: 0,
  };
  for (let i = first; i <= t; i++) {
    if (b.high[i]! > bar.high || bar.high !== bar.high) bar.high = b.high[i]!;
    if (b.low[i]! < bar.low || bar.low !== bar.low) bar.low = b.low[i]!;
    bar.volume += b.volume[i]!;
  }
  return bar;
}

function arith(op: string, a: Float64Array, b: Float64Array): Float64Array {
  const n = a.length;
  const out = new Float64Array(n);
  switch (op) {
    case '+':
      for (let i = 0; i < n; i++) out[i] = a[i]! + b[i]!;
      break;
    case '-':
      for (let i = 0; i < n; i++) out[i] = a[i]! - b[i]!;
      break;
    case '*':
      for (let i = 0; i < n; i++) out[i] = a[i]! * b[i]!;
      break;
    default:
      for (let i = 0; i < n; i++) out[i] = b[i] === 0 ? NaN : a[i]! / b[i]!;
  }
  return out;
}

/** x[k]: the value k bars before; NaN when fewer than k bars precede. */
function shift(x: Float64Array, k: number): Float64Array {
  const out = new Float64Array(x.length).fill(NaN);
  for (let i = k; i < x.length; i++) out[i] = x[i - k]!;
  return out;
}

/** A function of a period over a source series (analytics.md, "Functions of a period"). */
export function periodFunction(
  name: 'sma' | 'ema' | 'rma' | 'rsi' | 'roc' | 'change' | 'sum' | 'highest' | 'lowest' | 'stdev',
  src: Float64Array,
  n: number,
): Float64Array {
  switch (name) {
    case 'sma':
      return windowSum(src, n, true);
    case 'sum':
      return windowSum(src, n, false);
    case 'highest':
      return windowExtreme(src, n, true);
    case 'lowest':
      return windowExtreme(src, n, false);
    case 'stdev':
      return windowStdev(src, n);
    case 'roc':
    case 'change': {
      const out = new Float64Array(src.length).fill(NaN);
      for (let i = n; i < src.length; i++) {
        const then = src[i - n]!;
        out[i] = name === 'change' ? src[i]! - then : then === 0 ? NaN : src[i]! / then - 1;
      }
      return out;
    }
    case 'ema':
      return ema(src, n);
    case 'rma':
      return rma(src, n);
    case 'rsi':
      return rsi(src, n);
  }
}

/**
 * The mean (or the sum) of the last n values; NaN when one of them is null or fewer than n
 * lead up. A running sum, summed afresh every n bars so that rounding does not drift.
 */
function windowSum(src: Float64Array, n: number, mean: boolean): Float64Array {
  const out = new Float64Array(src.length).fill(NaN);
  let sum = 0;
  forEachFullWindow(src, n, (i, afresh) => {
    if (afresh) {
      sum = 0;
      for (let j = i - n + 1; j <= i; j++) sum += src[j]!;
    } else {
      sum += src[i]! - src[i - n]!;
    }
    out[i] = mean ? sum / n : sum;
  });
  return out;
}

/**
 * Each i whose last n values of src are all non-null, with `afresh` true where a running sum
 * is to be taken anew: the first such i of a stretch, then every n bars.
 */
function forEachFullWindow(src: Float64Array, n: number, visit: (i: number, afresh: boolean) => void): void {
  let lastNull = -1;
  let fresh = -1;
  for (let i = 0; i < src.length; i++) {
    if (src[i] !== src[i]) lastNull = i;
    if (i < n - 1 || lastNull > i - n) {
      fresh = -1;
      continue;
    }
    const afresh = fresh < 0 || i - fresh >= n;
    if (afresh) fresh = i;
    visit(i, afresh);
  }
}

function windowExtreme(src: Float64Array, n: number, max: boolean): Float64Array {
  const len = src.length;
  const out = new Float64Array(len).fill(NaN);
  // A monotonic queue of indices: the window's extreme at its head.
  const queue = new Int32Array(len);
  let head = 0;
  let tail = 0;
  let lastNull = -1;
  for (let i = 0; i < len; i++) {
    const v = src[i]!;
    if (v !== v) {
      lastNull = i;
      head = tail = 0;
      continue;
    }
    while (tail > head && (max ? src[queue[tail - 1]!]! <= v : src[queue[tail - 1]!]! >= v)) tail--;
    queue[tail++] = i;
    while (queue[head]! <= i - n) head++;
    if (i >= n - 1 && lastNull <= i - n) out[i] = src[queue[head]!]!;
  }
  return out;
}

/**
 * Population standard deviation of the last n values. Running sums of the values less a shift
 * (the window's mean, taken afresh every n bars), so there is no cancellation and no drift.
 */
function windowStdev(src: Float64Array, n: number): Float64Array {
  const out = new Float64Array(src.length).fill(NaN);
  let shift = 0;
  let s1 = 0;
  let s2 = 0;
  forEachFullWindow(src, n, (i, afresh) => {
    if (afresh) {
      let sum = 0;
      for (let j = i - n + 1; j <= i; j++) sum += src[j]!;
      shift = sum / n;
      s1 = 0;
      s2 = 0;
      for (let j = i - n + 1; j <= i; j++) {
        const d = src[j]! - shift;
        s1 += d;
        s2 += d * d;
      }
    } else {
      const add = src[i]! - shift;
      const drop = src[i - n]! - shift;
      s1 += add - drop;
      s2 += add * add - drop * drop;
    }
    const m = s1 / n;
    out[i] = Math.sqrt(Math.max(0, s2 / n - m * m));
  });
  return out;
}

/**
 * Runs `step` over each stretch of consecutive non-null values of src as if the series began
 * at the stretch's first bar (the recursive functions: ema, rma, rsi); null elsewhere.
 */
function overStretches(src: Float64Array, run: (from: number, to: number, out: Float64Array) => void): Float64Array {
  const out = new Float64Array(src.length).fill(NaN);
  let i = 0;
  while (i < src.length) {
    if (src[i] !== src[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < src.length && src[j] === src[j]) j++;
    run(i, j, out);
    i = j;
  }
  return out;
}

/** First value at the n-th value: their mean; then `next(previous, value)`. */
function seeded(src: Float64Array, n: number, next: (previous: number, value: number) => number): Float64Array {
  return overStretches(src, (from, to, out) => {
    const seedAt = from + n - 1;
    if (seedAt >= to) return;
    let sum = 0;
    for (let j = from; j <= seedAt; j++) sum += src[j]!;
    let prev = sum / n;
    out[seedAt] = prev;
    for (let j = seedAt + 1; j < to; j++) {
      prev = next(prev, src[j]!);
      out[j] = prev;
    }
  });
}

function ema(src: Float64Array, n: number): Float64Array {
  const alpha = 2 / (n + 1);
  return seeded(src, n, (prev, v) => alpha * v + (1 - alpha) * prev);
}

function rma(src: Float64Array, n: number): Float64Array {
  return seeded(src, n, (prev, v) => (prev * (n - 1) + v) / n);
}

function rsi(src: Float64Array, n: number, state?: { gain: Float64Array; loss: Float64Array }): Float64Array {
  return overStretches(src, (from, to, out) => {
    // Changes from the stretch's second value; the first averages at the (n+1)-th value.
    const seedAt = from + n;
    if (seedAt >= to) return;
    let gain = 0;
    let loss = 0;
    for (let j = from + 1; j <= seedAt; j++) {
      const c = src[j]! - src[j - 1]!;
      if (c > 0) gain += c;
      else loss -= c;
    }
    gain /= n;
    loss /= n;
    out[seedAt] = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
    if (state) {
      state.gain[seedAt] = gain;
      state.loss[seedAt] = loss;
    }
    for (let j = seedAt + 1; j < to; j++) {
      const c = src[j]! - src[j - 1]!;
      gain = (gain * (n - 1) + (c > 0 ? c : 0)) / n;
      loss = (loss * (n - 1) + (c < 0 ? -c : 0)) / n;
      out[j] = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
      if (state) {
        state.gain[j] = gain;
        state.loss[j] = loss;
      }
    }
  });
}

/** True range; the first bar's is high − low. */
function trueRange(b: PriceSeries): Float64Array {
  const n = b.dates.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const h = b.high[i]!;
    const l = b.low[i]!;
    if (i === 0) out[i] = h - l;
    else {
      const pc = b.close[i - 1]!;
      out[i] = Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc));
    }
  }
  return out;
}

/**
 * rs = (close_t / close_{t−n}) / (P(d_t) / P(d_{t−n})) − 1, P(d) the other symbol's last close
 * on or before d, read on the bars' own dates (never a later close).
 */
function relativeStrength(b: PriceSeries, other: PriceSeries | undefined, n: number): Float64Array {
  const len = b.dates.length;
  const out = new Float64Array(len).fill(NaN);
  if (!other) return out;
  const p = new Float64Array(len).fill(NaN);
  let j = -1;
  for (let i = 0; i < len; i++) {
    while (j + 1 < other.dates.length && other.dates[j + 1]! <= b.dates[i]!) j++;
    if (j >= 0) p[i] = other.close[j]!;
  }
  for (let i = n; i < len; i++) {
    const own = b.close[i - n] === 0 ? NaN : b.close[i]! / b.close[i - n]!;
    const base = p[i - n] === 0 ? NaN : p[i]! / p[i - n]!;
    out[i] = base === 0 ? NaN : own / base - 1;
  }
  return out;
}

/** close / close of the last bar of the previous calendar year − 1 (null without a bar in it). */
function ytdSeries(b: PriceSeries): Float64Array {
  const n = b.dates.length;
  const out = new Float64Array(n).fill(NaN);
  let year = -1;
  let base = NaN;
  for (let i = 0; i < n; i++) {
    const y = Math.floor(packedCivilDate(b.dates[i]!) / 10_000);
    if (y !== year) {
      // The bar before is the previous year's last when it falls in that year.
      base = i > 0 && b.dates[i - 1]! >= dayNumberOf(y - 1, 1, 1) ? b.close[i - 1]! : NaN;
      year = y;
    }
    out[i] = base === 0 ? NaN : b.close[i]! / base - 1;
  }
  return out;
}
