import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { PriceSeries } from '@solstice/analytics';
import type { DatabaseHandle } from '../../db/database.js';
import { dayNumberFast } from './dates.js';
import { loadSeriesInWorkers } from './parallel-series-loader.js';
import { readSeriesSqlite, symbolsWithBars } from './sqlite-series.js';

/** Every symbol's series read back through SQL (SQLite: in worker threads when large). */
export async function loadSeriesFromSql(database: DatabaseHandle): Promise<Map<string, PriceSeries>> {
  return database.sqlite
    ? ((await loadSeriesInWorkers(database.sqlite)) ?? loadSeriesSqlite(database.sqlite))
    : loadSeriesPostgres(database.pgPool!);
}

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

/** Symbols per PostgreSQL round trip: bounds the rows held in flight (≈ 60 × 6,500 bars). */
const PG_SYMBOLS_PER_CHUNK = 60;

export function loadSeriesSqlite(sqlite: SQLite.Database): Map<string, PriceSeries> {
  return new Map(readSeriesSqlite(sqlite, symbolsWithBars(sqlite)).map((s) => [s.symbol, s]));
}

export async function loadSeriesPostgres(pool: pg.Pool): Promise<Map<string, PriceSeries>> {
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
