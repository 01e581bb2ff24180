import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { allocateSeries, type PriceSeries } from '@solstice/analytics';
import type { DatabaseHandle } from '../../db/database.js';
import { decodeChunkInto } from './bars/chunk-codec.js';

/**
 * Every symbol's series read back from bar_chunks: the bar count of each symbol first, so
 * that each series is allocated once at its length, then the chunks in (symbol, year)
 * order, each copied into place. A row is a year of one symbol, so this reads a few
 * thousand rows, not a row per bar (decision 0024).
 */
export async function loadSeriesFromSql(database: DatabaseHandle): Promise<Map<string, PriceSeries>> {
  return database.sqlite ? loadSeriesSqlite(database.sqlite) : loadSeriesPostgres(database.pgPool!);
}

class SeriesFill {
  readonly out = new Map<string, PriceSeries>();
  private current: PriceSeries | null = null;
  private at = 0;

  constructor(private readonly counts: Map<string, number>) {}

  add(symbol: string, data: Uint8Array): void {
    if (this.current?.symbol !== symbol) {
      this.finish();
      this.current = allocateSeries(symbol, this.counts.get(symbol) ?? 0);
      this.at = 0;
    }
    this.at += decodeChunkInto(data, this.current, this.at);
  }

  finish(): void {
    const s = this.current;
    if (s === null) return;
    // The counts and the chunks are read in one transaction; a mismatch is a damaged row.
    if (this.at !== s.dates.length)
      throw new Error(`${s.symbol}: its chunks hold ${this.at} bars, their counts say ${s.dates.length}`);
    if (this.at > 0) this.out.set(s.symbol, s);
    this.current = null;
  }
}

export function loadSeriesSqlite(sqlite: SQLite.Database): Map<string, PriceSeries> {
  return sqlite.transaction(() => {
    const counts = new Map(
      sqlite.prepare('SELECT symbol, sum(bars) FROM bar_chunks GROUP BY symbol').raw(true).all() as Array<
        [string, number]
      >,
    );
    const fill = new SeriesFill(counts);
    const rows = sqlite.prepare('SELECT symbol, data FROM bar_chunks ORDER BY symbol, year').raw(true);
    for (const row of rows.iterate() as IterableIterator<[string, Buffer]>) fill.add(row[0], row[1]);
    fill.finish();
    return fill.out;
  })();
}

/** Symbols per PostgreSQL round trip: bounds the chunks held in flight (≈ 60 × 300 KB). */
const PG_SYMBOLS_PER_READ = 60;

export async function loadSeriesPostgres(pool: pg.Pool): Promise<Map<string, PriceSeries>> {
  const client = await pool.connect();
  try {
    // One snapshot for the counts and every chunk.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const counted = await client.query<[string, string]>({
      text: 'SELECT symbol, sum(bars)::int8 FROM bar_chunks GROUP BY symbol ORDER BY symbol',
      rowMode: 'array',
    });
    const symbols = counted.rows.map((r) => r[0]);
    const fill = new SeriesFill(new Map(counted.rows.map((r) => [r[0], Number(r[1])])));
    for (let from = 0; from < symbols.length; from += PG_SYMBOLS_PER_READ) {
      const result = await client.query<[string, Buffer]>({
        text: 'SELECT symbol, data FROM bar_chunks WHERE symbol = ANY($1::text[]) ORDER BY symbol, year',
        values: [symbols.slice(from, from + PG_SYMBOLS_PER_READ)],
        rowMode: 'array',
      });
      for (const row of result.rows) fill.add(row[0], row[1]);
    }
    fill.finish();
    await client.query('COMMIT');
    return fill.out;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
