import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { PriceSeries } from '@solstice/analytics';
import { isoFromDay } from '../dates.js';
import { encodeChunk, rangeOfYear, seriesFromChunks, yearRanges, type StoredChunk } from './chunk-codec.js';

/*
 * The reads and writes of bar_chunks for one symbol at a time: SQLite synchronously (the
 * import and the updates run inside better-sqlite3 transactions), PostgreSQL on the caller's
 * client (inside its transaction). Writing a year replaces its chunk whole, or deletes it
 * when the series has no bar in that year.
 */

export interface ChunkWrite {
  year: number;
  bars: number;
  first: string;
  last: string;
  data: Buffer;
}

/** The rows that write `years` of a series, and the years it has no bar in (their rows go). */
export function chunkWrites(series: PriceSeries, years: Iterable<number>): { writes: ChunkWrite[]; emptied: number[] } {
  const writes: ChunkWrite[] = [];
  const emptied: number[] = [];
  for (const year of [...years].sort((a, b) => a - b)) {
    const { from, to } = rangeOfYear(series, year);
    if (to === from) {
      emptied.push(year);
      continue;
    }
    writes.push({
      year,
      bars: to - from,
      first: isoFromDay(series.dates[from]!),
      last: isoFromDay(series.dates[to - 1]!),
      data: encodeChunk(series, from, to),
    });
  }
  return { writes, emptied };
}

/** Every year a series has bars in. */
export function yearsOf(series: PriceSeries): number[] {
  return Array.from(yearRanges(series), (r) => r.year);
}

const UPSERT = `INSERT INTO bar_chunks (symbol, year, bars, first_date, last_date, data) VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (symbol, year) DO UPDATE SET
    bars = excluded.bars, first_date = excluded.first_date, last_date = excluded.last_date, data = excluded.data`;

export class SqliteChunkStore {
  private readonly readChunks: SQLite.Statement;
  private readonly upsert: SQLite.Statement;
  private readonly deleteYear: SQLite.Statement;
  private readonly deleteSymbol: SQLite.Statement;
  private readonly countBars: SQLite.Statement;

  constructor(sqlite: SQLite.Database) {
    this.readChunks = sqlite.prepare('SELECT year, data FROM bar_chunks WHERE symbol = ? ORDER BY year');
    this.upsert = sqlite.prepare(UPSERT.replace(/\$\d/g, '?'));
    this.deleteYear = sqlite.prepare('DELETE FROM bar_chunks WHERE symbol = ? AND year = ?');
    this.deleteSymbol = sqlite.prepare('DELETE FROM bar_chunks WHERE symbol = ?');
    this.countBars = sqlite.prepare('SELECT coalesce(sum(bars), 0) FROM bar_chunks WHERE symbol = ?').pluck();
  }

  read(symbol: string): PriceSeries {
    return seriesFromChunks(symbol, this.readChunks.all(symbol) as StoredChunk[]);
  }

  write(series: PriceSeries, years: Iterable<number>): void {
    const { writes, emptied } = chunkWrites(series, years);
    for (const w of writes) this.upsert.run(series.symbol, w.year, w.bars, w.first, w.last, w.data);
    for (const year of emptied) this.deleteYear.run(series.symbol, year);
  }

  /** Deletes every bar of a symbol; returns how many there were. */
  drop(symbol: string): number {
    const n = this.count(symbol);
    this.deleteSymbol.run(symbol);
    return n;
  }

  count(symbol: string): number {
    return Number(this.countBars.get(symbol));
  }
}

/** PostgreSQL: the transaction-scoped lock every writer of a symbol's chunks takes first. */
export const SYMBOL_LOCK = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 24))';

export class PgChunkStore {
  constructor(private readonly client: pg.PoolClient) {}

  /** Serializes writers of one symbol until the transaction ends (a chunk is read, changed and written back). */
  async lock(symbol: string): Promise<void> {
    await this.client.query(SYMBOL_LOCK, [symbol]);
  }

  async read(symbol: string): Promise<PriceSeries> {
    const r = await this.client.query<StoredChunk>(
      'SELECT year, data FROM bar_chunks WHERE symbol = $1 ORDER BY year',
      [symbol],
    );
    return seriesFromChunks(symbol, r.rows);
  }

  async write(series: PriceSeries, years: Iterable<number>): Promise<void> {
    const { writes, emptied } = chunkWrites(series, years);
    if (writes.length > 0) {
      await this.client.query(
        `INSERT INTO bar_chunks (symbol, year, bars, first_date, last_date, data)
         SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::bytea[])
         ON CONFLICT (symbol, year) DO UPDATE SET
           bars = excluded.bars, first_date = excluded.first_date, last_date = excluded.last_date, data = excluded.data`,
        [
          series.symbol,
          writes.map((w) => w.year),
          writes.map((w) => w.bars),
          writes.map((w) => w.first),
          writes.map((w) => w.last),
          writes.map((w) => w.data),
        ],
      );
    }
    if (emptied.length > 0) {
      await this.client.query('DELETE FROM bar_chunks WHERE symbol = $1 AND year = ANY($2::int[])', [
        series.symbol,
        emptied,
      ]);
    }
  }

  async drop(symbol: string): Promise<number> {
    const n = await this.count(symbol);
    await this.client.query('DELETE FROM bar_chunks WHERE symbol = $1', [symbol]);
    return n;
  }

  async count(symbol: string): Promise<number> {
    const r = await this.client.query<{ n: string }>(
      'SELECT coalesce(sum(bars), 0)::int8 AS n FROM bar_chunks WHERE symbol = $1',
      [symbol],
    );
    return Number(r.rows[0]!.n);
  }
}
