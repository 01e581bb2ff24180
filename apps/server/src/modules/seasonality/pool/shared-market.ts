import type { PriceSeries } from '@solstice/analytics';
import type { MarketCache } from '../../market/market-cache.js';

/**
 * The dates and closes of every series of one market version in shared memory, which every
 * worker of the analytics pool reads without a copy of its own. Seasonality reads no other
 * column. Structured-cloning this object into a worker's task shares the buffers; only the
 * symbol list and the positions are copied.
 */
export interface SharedMarket {
  /** Unique per snapshot in this process (not the cache's version: tests have several caches). */
  readonly id: number;
  readonly symbols: readonly string[];
  /** Series i is `lengths[i]` bars from `dates[dateAt[i]]` and from `close[closeAt[i]]`. */
  readonly dateAt: Int32Array;
  readonly closeAt: Int32Array;
  readonly lengths: Int32Array;
  /** On a SharedArrayBuffer: the market snapshot's own (the columns it was read into) or a copy. */
  readonly dates: Int32Array;
  readonly close: Float64Array;
}

let nextId = 1;

/**
 * Shares the cache's series (once per market version; see SharedMarketSource): every
 * instrument's, and those of `extra` symbols (bars may exist without an instrument row).
 * Series read from the market snapshot already lie in one SharedArrayBuffer (its columns):
 * they are shared as they are. Others (a load through SQL) are copied into new buffers:
 * 12 bytes a bar, on the event loop.
 */
export function shareMarket(market: MarketCache, extra: Iterable<string> = []): SharedMarket {
  const symbols = new Set(market.instruments().map((i) => i.symbol));
  for (const s of extra) symbols.add(s);
  const series: PriceSeries[] = [];
  for (const symbol of symbols) {
    const s = market.series(symbol);
    if (s) series.push(s);
  }
  const lengths = new Int32Array(series.length);
  series.forEach((s, i) => (lengths[i] = s.dates.length));
  return { id: nextId++, symbols: series.map((s) => s.symbol), lengths, ...(inPlace(series) ?? copied(series)) };
}

type Columns = Pick<SharedMarket, 'dateAt' | 'closeAt' | 'dates' | 'close'>;

/** The series' own columns when they all lie in one SharedArrayBuffer, else null. */
function inPlace(series: readonly PriceSeries[]): Columns | null {
  const buffer = series[0]?.dates.buffer;
  if (!(buffer instanceof SharedArrayBuffer) || buffer.byteLength % 8 !== 0) return null;
  const dateAt = new Int32Array(series.length);
  const closeAt = new Int32Array(series.length);
  for (let i = 0; i < series.length; i++) {
    const { dates, close } = series[i]!;
    if (dates.buffer !== buffer || close.buffer !== buffer || close.byteOffset % 8 !== 0) return null;
    // Positions are Int32: a buffer past 16 GiB is copied instead.
    if (close.byteOffset / 8 > 0x7fffffff) return null;
    dateAt[i] = dates.byteOffset / 4;
    closeAt[i] = close.byteOffset / 8;
  }
  return { dateAt, closeAt, dates: new Int32Array(buffer), close: new Float64Array(buffer) };
}

function copied(series: readonly PriceSeries[]): Columns {
  const at = new Int32Array(series.length + 1);
  for (let i = 0; i < series.length; i++) at[i + 1] = at[i]! + series[i]!.dates.length;
  const bars = at[series.length]!;
  const dates = new Int32Array(new SharedArrayBuffer(4 * bars));
  const close = new Float64Array(new SharedArrayBuffer(8 * bars));
  series.forEach((s, i) => {
    dates.set(s.dates, at[i]);
    close.set(s.close, at[i]);
  });
  const starts = at.subarray(0, series.length);
  return { dateAt: starts, closeAt: starts, dates, close };
}

/** The current shared snapshot of a cache, made again when the cache reloads or a job needs a symbol it lacks. */
export class SharedMarketSource {
  private current: { version: number; shared: SharedMarket; has: Set<string> } | null = null;

  constructor(private readonly market: MarketCache) {}

  /** A snapshot holding every one of `symbols` that the market has. */
  get(symbols: readonly string[] = []): SharedMarket {
    const version = this.market.version;
    const current = this.current;
    const missing = (has: Set<string>) => symbols.some((s) => !has.has(s) && this.market.series(s));
    if (current?.version === version && !missing(current.has)) return current.shared;
    const extra = current?.version === version ? [...current.has, ...symbols] : symbols;
    const shared = shareMarket(this.market, extra);
    this.current = { version, shared, has: new Set(shared.symbols) };
    return shared;
  }
}

/**
 * The worker's view: a PriceSeries per symbol whose dates and closes are subarrays of the
 * shared buffers. The other columns are absent from the snapshot; they alias the closes so
 * that the series keeps its shape (equal lengths) without memory of its own.
 */
export function sharedSeries(shared: SharedMarket): Map<string, PriceSeries> {
  const out = new Map<string, PriceSeries>();
  shared.symbols.forEach((symbol, i) => {
    const n = shared.lengths[i]!;
    const close = shared.close.subarray(shared.closeAt[i]!, shared.closeAt[i]! + n);
    out.set(symbol, {
      symbol,
      dates: shared.dates.subarray(shared.dateAt[i]!, shared.dateAt[i]! + n),
      open: close,
      high: close,
      low: close,
      close,
      volume: close,
    });
  });
  return out;
}
