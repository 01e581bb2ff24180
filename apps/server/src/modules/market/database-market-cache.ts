import type { PriceSeries } from '@solstice/analytics';
import type { DatabaseHandle } from '../../db/database.js';
import type { InstrumentInfo, MarketCache } from './market-cache.js';
import { dayNumberFast } from './dates.js';
import { loadSeriesInWorkers } from './parallel-series-loader.js';
import { readDataVersion, watchMarketChanges, type ChangeWatcher } from './market-events.js';

/**
 * Growable column buffers reused across symbols while loading: a symbol's rows arrive
 * contiguously (ORDER BY symbol, date) and are copied out at an exact length when the
 * symbol changes, so the only memory that stays is the final series.
 */
class SeriesBuilder {
  private capacity = 8192;
  private n = 0;
  private dates = new Int32Array(this.capacity);
  private open = new Float64Array(this.capacity);
  private high = new Float64Array(this.capacity);
  private low = new Float64Array(this.capacity);
  private close = new Float64Array(this.capacity);
  private volume = new Float64Array(this.capacity);
  symbol: string | null = null;

  push(date: string, o: number, h: number, l: number, c: number, v: number): void {
    if (this.n === this.capacity) this.grow();
    const i = this.n++;
    this.dates[i] = dayNumberFast(date);
    this.open[i] = o;
    this.high[i] = h;
    this.low[i] = l;
    this.close[i] = c;
    this.volume[i] = v;
  }

  /** Copies out the current symbol's series and resets for the next one. */
  take(): PriceSeries | null {
    if (this.symbol === null) return null;
    const n = this.n;
    const series: PriceSeries = {
      symbol: this.symbol,
      dates: this.dates.slice(0, n),
      open: this.open.slice(0, n),
      high: this.high.slice(0, n),
      low: this.low.slice(0, n),
      close: this.close.slice(0, n),
      volume: this.volume.slice(0, n),
    };
    this.n = 0;
    this.symbol = null;
    return series;
  }

  private grow(): void {
    this.capacity *= 2;
    const grow = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(this.capacity);
      b.set(a);
      return b;
    };
    this.dates = grow(this.dates, (n) => new Int32Array(n));
    this.open = grow(this.open, (n) => new Float64Array(n));
    this.high = grow(this.high, (n) => new Float64Array(n));
    this.low = grow(this.low, (n) => new Float64Array(n));
    this.close = grow(this.close, (n) => new Float64Array(n));
    this.volume = grow(this.volume, (n) => new Float64Array(n));
  }
}

type BarRow = [symbol: string, date: string, open: number, high: number, low: number, close: number, volume: number];

interface Snapshot {
  instruments: InstrumentInfo[];
  bySymbol: Map<string, InstrumentInfo>;
  series: Map<string, PriceSeries>;
  asOf: string | null;
}

const EMPTY: Snapshot = { instruments: [], bySymbol: new Map(), series: new Map(), asOf: null };

/** Symbols per PostgreSQL round trip: bounds the rows held in flight (≈ 60 × 6,500 bars). */
const PG_SYMBOLS_PER_CHUNK = 60;

/**
 * The MarketCache over the database. `reload()` reads everything again and swaps the
 * snapshot in at once, so readers never see half a reload; concurrent reload() calls
 * coalesce into at most one more pass.
 */
export class DatabaseMarketCache implements MarketCache {
  private snapshot: Snapshot = EMPTY;
  private currentVersion = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private loadedDataVersion: string | null = null;
  private watcher: ChangeWatcher | null = null;
  private readonly listeners: (() => Promise<void>)[] = [];

  constructor(private readonly database: DatabaseHandle) {}

  get version(): number {
    return this.currentVersion;
  }

  asOf(): string | null {
    return this.snapshot.asOf;
  }

  instruments(): readonly InstrumentInfo[] {
    return this.snapshot.instruments;
  }

  instrument(symbol: string): InstrumentInfo | undefined {
    return this.snapshot.bySymbol.get(symbol);
  }

  series(symbol: string): PriceSeries | undefined {
    return this.snapshot.series.get(symbol);
  }

  /** Every symbol that has bars, sorted. */
  symbols(): string[] {
    return [...this.snapshot.series.keys()];
  }

  onReload(listener: () => Promise<void>): void {
    this.listeners.push(listener);
  }

  reload(): Promise<void> {
    if (!this.running) {
      this.running = this.load().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A reload is under way and may have read the tables before the change that asked
    // for this one: run exactly one more after it, shared by every caller meanwhile.
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.reload();
      });
    return this.queued;
  }

  /**
   * Reloads when another process announces a change (PostgreSQL NOTIFY; SQLite: the data
   * version in app_meta, compared every `pollMs`).
   */
  async watch(options: { pollMs?: number; onError?: (error: unknown) => void } = {}): Promise<void> {
    if (this.watcher) return;
    const onError = options.onError ?? (() => {});
    this.watcher = await watchMarketChanges(this.database, {
      pollMs: options.pollMs,
      loadedVersion: () => this.loadedDataVersion,
      onChange: () => void this.reload().catch(onError),
      onError,
    });
  }

  async close(): Promise<void> {
    const w = this.watcher;
    this.watcher = null;
    await w?.close();
  }

  /** The app_meta data version the current snapshot was read at (or after). */
  get dataVersion(): string | null {
    return this.loadedDataVersion;
  }

  private async load(): Promise<void> {
    // Read before the data: a change committed during the load makes the next poll reload again.
    const dataVersion = await readDataVersion(this.database);
    const instruments = await this.loadInstruments();
    const series = this.database.sqlite
      ? ((await loadSeriesInWorkers(this.database.sqlite)) ?? this.loadSeriesSqlite())
      : await this.loadSeriesPostgres();
    let asOf: string | null = null;
    let maxDay = -Infinity;
    for (const s of series.values()) {
      const last = s.dates.length > 0 ? s.dates[s.dates.length - 1]! : -Infinity;
      if (last > maxDay) maxDay = last;
    }
    if (maxDay !== -Infinity) asOf = new Date(maxDay * 86_400_000).toISOString().slice(0, 10);
    this.snapshot = {
      instruments,
      bySymbol: new Map(instruments.map((i) => [i.symbol, i])),
      series,
      asOf,
    };
    this.loadedDataVersion = dataVersion;
    this.currentVersion += 1;
    for (const listener of this.listeners) await listener();
  }

  private async loadInstruments(): Promise<InstrumentInfo[]> {
    const rows = await this.database.db.selectFrom('instruments').selectAll().orderBy('symbol').execute();
    return rows.map((r) => ({
      symbol: r.symbol,
      name: r.name,
      type: r.type,
      exchange: r.exchange,
      sector: r.sector,
      industry: r.industry,
      currency: r.currency,
      marketCap: r.market_cap === null ? null : Number(r.market_cap),
      synthetic: Number(r.synthetic) === 1,
    }));
  }

  private loadSeriesSqlite(): Map<string, PriceSeries> {
    const sqlite = this.database.sqlite!;
    // One range scan per symbol with all() costs a quarter less than iterating one big
    // ORDER BY symbol, date (fewer native round trips), and holds one symbol's rows at a time.
    const symbols = sqlite.prepare('SELECT DISTINCT symbol FROM daily_bars ORDER BY symbol').pluck().all() as string[];
    const statement = sqlite
      .prepare('SELECT date, open, high, low, close, volume FROM daily_bars WHERE symbol = ? ORDER BY date')
      .raw(true);
    const out = new Map<string, PriceSeries>();
    for (const symbol of symbols) {
      const rows = statement.all(symbol) as Array<[string, number, number, number, number, number]>;
      const n = rows.length;
      const s: PriceSeries = {
        symbol,
        dates: new Int32Array(n),
        open: new Float64Array(n),
        high: new Float64Array(n),
        low: new Float64Array(n),
        close: new Float64Array(n),
        volume: new Float64Array(n),
      };
      for (let i = 0; i < n; i++) {
        const r = rows[i]!;
        s.dates[i] = dayNumberFast(r[0]);
        s.open[i] = r[1];
        s.high[i] = r[2];
        s.low[i] = r[3];
        s.close[i] = r[4];
        s.volume[i] = r[5];
      }
      out.set(symbol, s);
    }
    return out;
  }

  private async loadSeriesPostgres(): Promise<Map<string, PriceSeries>> {
    const pool = this.database.pgPool!;
    const symbols = (
      await pool.query<[string]>({ text: 'SELECT DISTINCT symbol FROM daily_bars ORDER BY symbol', rowMode: 'array' })
    ).rows.map((r) => r[0]);
    const out = new Map<string, PriceSeries>();
    const builder = new SeriesBuilder();
    const fetchChunk = (from: number) =>
      pool.query<BarRow>({
        text: `SELECT symbol, date, open, high, low, close, volume FROM daily_bars
               WHERE symbol = ANY($1::text[]) ORDER BY symbol, date`,
        values: [symbols.slice(from, from + PG_SYMBOLS_PER_CHUNK)],
        rowMode: 'array',
      });
    // One chunk in flight while the previous is copied into arrays.
    let next = symbols.length > 0 ? fetchChunk(0) : null;
    for (let from = 0; next; from += PG_SYMBOLS_PER_CHUNK) {
      const result = await next;
      next = from + PG_SYMBOLS_PER_CHUNK < symbols.length ? fetchChunk(from + PG_SYMBOLS_PER_CHUNK) : null;
      for (const row of result.rows) {
        if (row[0] !== builder.symbol) {
          const done = builder.take();
          if (done) out.set(done.symbol, done);
          builder.symbol = row[0];
        }
        builder.push(row[1], Number(row[2]), Number(row[3]), Number(row[4]), Number(row[5]), Number(row[6]));
      }
    }
    const done = builder.take();
    if (done) out.set(done.symbol, done);
    return out;
  }
}

/** A cache loaded from the database (reload() has run once). */
export async function loadMarketCache(database: DatabaseHandle): Promise<DatabaseMarketCache> {
  const cache = new DatabaseMarketCache(database);
  await cache.reload();
  return cache;
}
