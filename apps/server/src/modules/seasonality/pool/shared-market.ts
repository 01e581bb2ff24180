import type { PriceSeries } from '@solstice/analytics';
import type { MarketCache } from '../../market/market-cache.js';

/**
 * The dates and closes of every series of one market version in two SharedArrayBuffers,
 * which every worker of the analytics pool reads without a copy of its own. Seasonality
 * reads no other column. Structured-cloning this object into a worker's task shares the
 * buffers; only the symbol list is copied.
 */
export interface SharedMarket {
  /** Unique per snapshot in this process (not the cache's version: tests have several caches). */
  readonly id: number;
  readonly symbols: readonly string[];
  /** Series i is bars offsets[i] … offsets[i + 1] − 1 of the columns (Int32, on a SharedArrayBuffer). */
  readonly offsets: Int32Array;
  readonly dates: Int32Array;
  readonly close: Float64Array;
}

let nextId = 1;

/**
 * Copies the cache's series into shared memory (once per market version; see
 * SharedMarketSource): every instrument's, and those of `extra` symbols (bars may exist
 * without an instrument row).
 */
export function shareMarket(market: MarketCache, extra: Iterable<string> = []): SharedMarket {
  const symbols = new Set(market.instruments().map((i) => i.symbol));
  for (const s of extra) symbols.add(s);
  const series: PriceSeries[] = [];
  for (const symbol of symbols) {
    const s = market.series(symbol);
    if (s) series.push(s);
  }
  const offsets = new Int32Array(new SharedArrayBuffer(4 * (series.length + 1)));
  for (let i = 0; i < series.length; i++) offsets[i + 1] = offsets[i]! + series[i]!.dates.length;
  const bars = offsets[series.length]!;
  const dates = new Int32Array(new SharedArrayBuffer(4 * bars));
  const close = new Float64Array(new SharedArrayBuffer(8 * bars));
  series.forEach((s, i) => {
    dates.set(s.dates, offsets[i]);
    close.set(s.close, offsets[i]);
  });
  return { id: nextId++, symbols: series.map((s) => s.symbol), offsets, dates, close };
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
    const a = shared.offsets[i]!;
    const b = shared.offsets[i + 1]!;
    const close = shared.close.subarray(a, b);
    out.set(symbol, {
      symbol,
      dates: shared.dates.subarray(a, b),
      open: close,
      high: close,
      low: close,
      close,
      volume: close,
    });
  });
  return out;
}
