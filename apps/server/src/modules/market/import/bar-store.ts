import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { PgChunkStore, SqliteChunkStore } from '../bars/chunk-store.js';
import { SeriesEdit } from '../bars/series-edit.js';
import type { PriceSeries } from '@solstice/analytics';
import type { BarBatch, InstrumentRow } from './parse.js';
import type { InstrumentInfo } from '../market-cache.js';
import type { AssetClass } from '@solstice/contracts';

export interface WriteCounts {
  inserted: number;
  updated: number;
}

/**
 * An instrument row as the writers store it (imports and the demo seed): the shared
 * universe's, on the NYSE calendar in New York (the table's defaults, decision 0043).
 */
export interface InstrumentRecord extends Omit<
  InstrumentInfo,
  'currency' | 'marketCap' | 'assetClass' | 'timezone' | 'calendar' | 'hasVolume'
> {
  marketCap: number | null | undefined;
}

/** The shared universe's class follows its type (§15.2): a stock is `equity`, an etf or index keeps its name. */
function assetClassOfType(type: InstrumentRecord['type']): AssetClass {
  return type === 'stock' ? 'equity' : type;
}

export function recordFromRow(row: InstrumentRow): InstrumentRecord {
  return { ...row, exchange: null, synthetic: false };
}

/** A new symbol met in a daily file without an instruments row: a stock (an index when it starts with ^). */
export function placeholderInstrument(symbol: string): InstrumentRecord {
  return {
    symbol,
    name: symbol,
    type: symbol.startsWith('^') ? 'index' : 'stock',
    exchange: null,
    sector: null,
    industry: null,
    marketCap: undefined,
    synthetic: false,
  };
}

// The demo flag describes an instrument's bars, not its name: an instruments.csv row must not
// clear it, or the demo bars stay behind the real ones that follow (only replacing the bars
// clears it, in the importer).
const INSTRUMENT_UPSERT = (distinct: string) => `
INSERT INTO instruments (symbol, name, type, asset_class, exchange, sector, industry, currency, market_cap, synthetic, updated_at)
VALUES ($1, $2, $3, $11, $4, $5, $6, 'USD', $7, $8, $9)
ON CONFLICT (symbol) DO UPDATE SET
  name = excluded.name, type = excluded.type, exchange = COALESCE(excluded.exchange, instruments.exchange),
  asset_class = CASE WHEN instruments.calendar = 'nyse' THEN excluded.asset_class ELSE instruments.asset_class END,
  sector = excluded.sector, industry = excluded.industry,
  market_cap = CASE WHEN $10 = 1 THEN excluded.market_cap ELSE instruments.market_cap END,
  synthetic = CASE WHEN excluded.synthetic = 1 THEN 1 ELSE instruments.synthetic END, updated_at = excluded.updated_at
WHERE instruments.name ${distinct} excluded.name OR instruments.type ${distinct} excluded.type
   OR instruments.sector ${distinct} excluded.sector OR instruments.industry ${distinct} excluded.industry
   OR ($10 = 1 AND instruments.market_cap ${distinct} excluded.market_cap)
   OR (excluded.synthetic = 1 AND instruments.synthetic = 0)
   OR (excluded.exchange IS NOT NULL AND instruments.exchange ${distinct} excluded.exchange)
   OR (instruments.calendar = 'nyse' AND instruments.asset_class ${distinct} excluded.asset_class)`;

const instrumentParams = (r: InstrumentRecord, now: number) => [
  r.symbol,
  r.name,
  r.type,
  r.exchange,
  r.sector,
  r.industry,
  r.marketCap ?? null,
  r.synthetic ? 1 : 0,
  now,
  r.marketCap === undefined ? 0 : 1,
  assetClassOfType(r.type),
];

/**
 * The bulk write path on SQLite: prepared better-sqlite3 statements, run inside the
 * caller's transaction. A symbol's stored chunks are read once, the bars set in memory (a
 * SeriesEdit counts inserts and updates), and finish() writes back the chunks of the years
 * that changed before the caller's transaction ends.
 */
export class SqliteBarWriter {
  private readonly chunks: SqliteChunkStore;
  private readonly instrumentUpsert: SQLite.Statement;
  private readonly instrumentInsertIfMissing: SQLite.Statement;
  private readonly syntheticOf: SQLite.Statement;
  private readonly clearSynthetic: SQLite.Statement;
  private readonly edits = new Map<string, SeriesEdit>();
  private counts: WriteCounts = { inserted: 0, updated: 0 };
  /** When kept: each symbol's whole series as last written (see keepSeries). */
  private written: Map<string, PriceSeries> | null = null;

  constructor(sqlite: SQLite.Database) {
    this.chunks = new SqliteChunkStore(sqlite);
    this.instrumentUpsert = sqlite.prepare(INSTRUMENT_UPSERT('IS NOT').replace(/\$(\d+)/g, '@p$1'));
    this.instrumentInsertIfMissing = sqlite.prepare(
      `INSERT INTO instruments (symbol, name, type, asset_class, currency, synthetic, updated_at)
       VALUES (?, ?, ?, ?, 'USD', 0, ?) ON CONFLICT (symbol) DO NOTHING`,
    );
    this.syntheticOf = sqlite.prepare('SELECT synthetic FROM instruments WHERE symbol = ?').pluck();
    this.clearSynthetic = sqlite.prepare('UPDATE instruments SET synthetic = 0, updated_at = ? WHERE symbol = ?');
  }

  /** Upserts an instrument; true when a row was inserted or changed. */
  instrument(record: InstrumentRecord, now: number): boolean {
    const named = Object.fromEntries(instrumentParams(record, now).map((v, i) => [`p${i + 1}`, v]));
    return this.instrumentUpsert.run(named).changes > 0;
  }

  /** Makes sure a symbol has an instruments row; returns whether it is flagged synthetic. */
  ensureInstrument(symbol: string, now: number): boolean {
    const p = placeholderInstrument(symbol);
    this.instrumentInsertIfMissing.run(p.symbol, p.name, p.type, assetClassOfType(p.type), now);
    return this.syntheticOf.get(symbol) === 1;
  }

  /** Real data replaces demo data: drops a synthetic symbol's bars and clears its flag; returns the bars dropped. */
  replaceSynthetic(symbol: string, now: number): number {
    this.edits.delete(symbol);
    this.written?.delete(symbol);
    const removed = this.chunks.drop(symbol);
    this.clearSynthetic.run(now, symbol);
    return removed;
  }

  private edit(symbol: string): SeriesEdit {
    let e = this.edits.get(symbol);
    if (!e) {
      e = new SeriesEdit(this.chunks.read(symbol));
      this.edits.set(symbol, e);
    }
    return e;
  }

  bars(batch: BarBatch): void {
    this.counts = setBars(batch, (symbol) => this.edit(symbol), this.counts);
  }

  /** Room for `n` more bars of `symbol` (a parsed file's count), so its edit does not grow by doubling. */
  reserve(symbol: string, n: number): void {
    this.edit(symbol).reserve(n);
  }

  /**
   * From now on, remember each symbol's whole series as finish() writes it. Into a database
   * that had no bars, and with no other writer meanwhile, that is every stored series: the
   * command line writes the market snapshot from them instead of reading the bars back.
   */
  keepSeries(): void {
    this.written = new Map();
  }

  /** The series kept since keepSeries(), in symbol order (as a load through SQL gives them). */
  keptSeries(): Map<string, PriceSeries> {
    const kept = this.written ?? new Map<string, PriceSeries>();
    const symbols = [...kept.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return new Map(symbols.map((symbol) => [symbol, kept.get(symbol)!]));
  }

  /** Forgets what a file whose transaction rolled back did. */
  reset(): void {
    this.edits.clear();
    this.counts = { inserted: 0, updated: 0 };
  }

  /**
   * Writes the changed years of every symbol set since the last call (inside the caller's
   * transaction) and returns the bars inserted and updated.
   */
  finish(): WriteCounts {
    const results: PriceSeries[] = [];
    for (const e of this.edits.values()) {
      if (!e.changed) continue;
      const series = e.result();
      this.chunks.write(series, e.years);
      results.push(series);
    }
    if (this.written) for (const series of results) this.written.set(series.symbol, series);
    const c = this.counts;
    this.reset();
    return c;
  }
}

/**
 * The bulk write path on PostgreSQL, on one client inside the caller's transaction: the
 * same in-memory edit as SQLite's; a symbol is locked (an advisory lock until the
 * transaction ends) before its chunks are read, so two files or processes writing one
 * symbol take turns instead of overwriting each other's years.
 */
export class PgBarWriter {
  private readonly chunks: PgChunkStore;
  private readonly edits = new Map<string, SeriesEdit>();
  private counts: WriteCounts = { inserted: 0, updated: 0 };
  constructor(private readonly client: pg.PoolClient) {
    this.chunks = new PgChunkStore(client);
  }

  async instrument(record: InstrumentRecord, now: number): Promise<boolean> {
    const r = await this.client.query(INSTRUMENT_UPSERT('IS DISTINCT FROM'), instrumentParams(record, now));
    return (r.rowCount ?? 0) > 0;
  }

  async ensureInstrument(symbol: string, now: number): Promise<boolean> {
    const p = placeholderInstrument(symbol);
    await this.client.query(
      `INSERT INTO instruments (symbol, name, type, asset_class, currency, synthetic, updated_at)
       VALUES ($1, $2, $3, $4, 'USD', 0, $5) ON CONFLICT (symbol) DO NOTHING`,
      [p.symbol, p.name, p.type, assetClassOfType(p.type), now],
    );
    const r = await this.client.query<{ synthetic: number }>('SELECT synthetic FROM instruments WHERE symbol = $1', [
      symbol,
    ]);
    return r.rows[0]?.synthetic === 1;
  }

  async replaceSynthetic(symbol: string, now: number): Promise<number> {
    this.edits.delete(symbol);
    await this.chunks.lock(symbol);
    const removed = await this.chunks.drop(symbol);
    await this.client.query('UPDATE instruments SET synthetic = 0, updated_at = $1 WHERE symbol = $2', [now, symbol]);
    return removed;
  }

  private async edit(symbol: string): Promise<SeriesEdit> {
    let e = this.edits.get(symbol);
    if (!e) {
      await this.chunks.lock(symbol);
      e = new SeriesEdit(await this.chunks.read(symbol));
      this.edits.set(symbol, e);
    }
    return e;
  }

  async bars(batch: BarBatch): Promise<void> {
    // Each symbol's stored series first (an await each), then the bars set synchronously.
    const edits = new Map<string, SeriesEdit>();
    for (const [symbol] of batch.runs) if (!edits.has(symbol)) edits.set(symbol, await this.edit(symbol));
    this.counts = setBars(batch, (symbol) => edits.get(symbol)!, this.counts);
  }

  /** Writes the changed years (inside the caller's transaction); returns the bars inserted and updated. */
  async finish(): Promise<WriteCounts> {
    for (const e of this.edits.values()) if (e.changed) await this.chunks.write(e.result(), e.years);
    this.edits.clear();
    const c = this.counts;
    this.counts = { inserted: 0, updated: 0 };
    return c;
  }
}

/** Sets a batch's bars into each symbol's edit; returns the counts with the batch's added. */
function setBars(batch: BarBatch, editOf: (symbol: string) => SeriesEdit, counts: WriteCounts): WriteCounts {
  const { runs, days, values: v } = batch;
  let { inserted, updated } = counts;
  let i = 0;
  for (const [symbol, count] of runs) {
    const e = editOf(symbol);
    for (const end = i + count; i < end; i++) {
      const o = i * 5;
      const change = e.set(days[i]!, v[o]!, v[o + 1]!, v[o + 2]!, v[o + 3]!, v[o + 4]!);
      if (change === 'inserted') inserted++;
      else if (change === 'updated') updated++;
    }
  }
  return { inserted, updated };
}
