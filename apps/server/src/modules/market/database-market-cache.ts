import type { PriceSeries } from '@solstice/analytics';
import type { DatabaseHandle } from '../../db/database.js';
import type { InstrumentInfo, MarketCache } from './market-cache.js';
import { readDataVersion, watchMarketChanges, type ChangeWatcher } from './market-events.js';
import { loadSeriesFromSql } from './series-sql-load.js';
import { marketAsOf } from './market-as-of.js';
import { marketFingerprint, MarketSnapshotStore, type SnapshotLog } from './snapshot/market-snapshot.js';

export interface MarketCacheOptions {
  /** The columnar snapshot file read at load instead of every bar through SQL (null: none). */
  snapshotFile?: string | null;
  log?: SnapshotLog;
}

interface Snapshot {
  instruments: InstrumentInfo[];
  bySymbol: Map<string, InstrumentInfo>;
  series: Map<string, PriceSeries>;
  asOf: string | null;
}

const EMPTY: Snapshot = { instruments: [], bySymbol: new Map(), series: new Map(), asOf: null };

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
  private readonly store: MarketSnapshotStore | null;
  private pendingWrite: Promise<unknown> = Promise.resolve();
  private source: 'snapshot' | 'sql' | null = null;
  private readonly log: SnapshotLog | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    options: MarketCacheOptions = {},
  ) {
    this.store = options.snapshotFile ? new MarketSnapshotStore(options.snapshotFile, options.log) : null;
    this.log = options.log;
  }

  /** Where the last load read the series from. */
  get loadedFrom(): 'snapshot' | 'sql' | null {
    return this.source;
  }

  /** Resolves when the snapshot written after the last load through SQL is on disk (or failed). */
  async snapshotWritten(): Promise<void> {
    await this.pendingWrite;
  }

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
    await this.pendingWrite;
  }

  /** The app_meta data version the current snapshot was read at (or after). */
  get dataVersion(): string | null {
    return this.loadedDataVersion;
  }

  private async load(): Promise<void> {
    // Read before the data: a change committed during the load makes the next poll reload again.
    const dataVersion = await readDataVersion(this.database);
    const instruments = await this.loadInstruments();
    const series = await this.loadSeries();
    const bySymbol = new Map(instruments.map((i) => [i.symbol, i]));
    const asOf = marketAsOf(series.values(), (symbol) => bySymbol.get(symbol));
    this.snapshot = {
      instruments,
      bySymbol,
      series,
      asOf,
    };
    this.loadedDataVersion = dataVersion;
    this.currentVersion += 1;
    for (const listener of this.listeners) await listener();
  }

  /**
   * The snapshot when it matches the database's fingerprint and checks out; otherwise through
   * SQL, then the snapshot rewritten in the background (only when the fingerprint did not move
   * during the load: a snapshot never claims a state it may not hold).
   */
  private async loadSeries(): Promise<Map<string, PriceSeries>> {
    const store = this.store;
    if (!store) {
      this.source = 'sql';
      return loadSeriesFromSql(this.database);
    }
    // The file's data is read on libuv's threads while this thread asks the database for its fingerprint.
    // A series whose on-disk columns do not check out when read (the file damaged since) makes
    // the cache load again, through SQL, which rewrites the file.
    const reading = store.begin(this.reloadOnDamage);
    const before = await marketFingerprint(this.database);
    const cached = await store.finish(reading, before);
    if (cached) {
      this.source = 'snapshot';
      return cached;
    }
    const series = await loadSeriesFromSql(this.database);
    this.source = 'sql';
    const after = await marketFingerprint(this.database);
    if (after === before) {
      const previous = this.pendingWrite;
      this.pendingWrite = previous.then(async () => {
        if (await store.write(before, series)) this.leaveOnDisk(store, before, series);
      });
    }
    return series;
  }

  private readonly reloadOnDamage = () =>
    void this.reload().catch((error: unknown) =>
      this.log?.warn(`market: the reload after a damaged snapshot failed (${String(error)})`),
    );

  /**
   * Once the snapshot of a load through SQL is written, the series keep their dates and
   * closes and read open, high, low and volume from the file when asked: the same values,
   * without holding 32 bytes a bar. The same objects (whatever kept them meanwhile keeps no
   * more), and the version does not move.
   */
  private leaveOnDisk(store: MarketSnapshotStore, fingerprint: string, series: Map<string, PriceSeries>): void {
    if (this.snapshot.series !== series) return; // reloaded since
    store.leaveOnDisk(fingerprint, series, this.reloadOnDamage);
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
      assetClass: r.asset_class,
      timezone: r.timezone,
      calendar: r.calendar,
      hasVolume: Number(r.has_volume) === 1,
    }));
  }
}

/** A cache loaded from the database (reload() has run once). */
export async function loadMarketCache(
  database: DatabaseHandle,
  options: MarketCacheOptions = {},
): Promise<DatabaseMarketCache> {
  const cache = new DatabaseMarketCache(database, options);
  await cache.reload();
  return cache;
}
