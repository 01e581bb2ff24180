import { sql, type Kysely } from 'kysely';
import { allocateSeries } from '@solstice/analytics';
import {
  dayNumber,
  encodeChunk,
  isoFromDay,
  seriesFromChunks,
  yearRanges,
  type StoredChunk,
} from './0011_bar_chunks.codec.js';
import { createDailyBars } from './0002_market_data.js';
import * as kit from './kit/v1.js';

/**
 * Daily bars are stored a symbol and calendar year a row, their columns in one blob
 * (decision 0024), instead of a row a bar: an import writes a few thousand rows instead of
 * millions, and a load reads them back without a value per cell. Existing bars move over,
 * a symbol at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, moveToChunks);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, moveToRows);
}

/**
 * Kysely runs a migration in a transaction only where DDL is transactional by its lights
 * (PostgreSQL); on SQLite each statement would commit alone, and a start killed while the
 * bars move would leave both tables half-filled and every later start failing. SQLite's DDL
 * is transactional: one transaction there too.
 */
async function atomically(db: Kysely<unknown>, body: (db: Kysely<unknown>) => Promise<void>): Promise<void> {
  if (kit.isPostgres(db)) await body(db);
  else await db.transaction().execute(body);
}

async function moveToChunks(db: Kysely<unknown>): Promise<void> {
  const pg = kit.isPostgres(db);
  await db.schema
    .createTable('bar_chunks')
    .addColumn('symbol', 'text', kit.required)
    .$call(kit.withColumns('integer', ['year', 'bars'], kit.required))
    .$call(kit.withColumns('text', ['first_date', 'last_date'], kit.required))
    .addColumn('data', pg ? 'bytea' : 'blob', kit.required)
    .addPrimaryKeyConstraint('bar_chunks_pk', ['symbol', 'year'])
    .execute();
  // The latest session across symbols (the health and data pages, the snapshot's fingerprint).
  await kit.createIndex(db, 'bar_chunks_last_date_idx', 'bar_chunks', ['last_date']);

  const symbols = await sql<{ symbol: string }>`SELECT DISTINCT symbol FROM daily_bars ORDER BY symbol`.execute(db);
  for (const { symbol } of symbols.rows) {
    const rows = (
      await sql<{ date: string; open: number; high: number; low: number; close: number; volume: number }>`
        SELECT date, open, high, low, close, volume FROM daily_bars WHERE symbol = ${symbol} ORDER BY date`.execute(db)
    ).rows;
    const series = allocateSeries(symbol, rows.length);
    rows.forEach((r, i) => {
      series.dates[i] = dayNumber(r.date);
      series.open[i] = Number(r.open);
      series.high[i] = Number(r.high);
      series.low[i] = Number(r.low);
      series.close[i] = Number(r.close);
      series.volume[i] = Number(r.volume);
    });
    for (const { year, from, to } of yearRanges(series)) {
      await sql`INSERT INTO bar_chunks (symbol, year, bars, first_date, last_date, data)
        VALUES (${symbol}, ${year}, ${to - from}, ${isoFromDay(series.dates[from]!)}, ${isoFromDay(series.dates[to - 1]!)},
                ${encodeChunk(series, from, to)})`.execute(db);
    }
  }
  await db.schema.dropTable('daily_bars').execute();
}

async function moveToRows(db: Kysely<unknown>): Promise<void> {
  await createDailyBars(db);
  const symbols = await sql<{ symbol: string }>`SELECT DISTINCT symbol FROM bar_chunks ORDER BY symbol`.execute(db);
  for (const { symbol } of symbols.rows) {
    const chunks =
      await sql<StoredChunk>`SELECT year, data FROM bar_chunks WHERE symbol = ${symbol} ORDER BY year`.execute(db);
    const s = seriesFromChunks(symbol, chunks.rows);
    for (let i = 0; i < s.dates.length; i++) {
      await sql`INSERT INTO daily_bars (symbol, date, open, high, low, close, volume)
        VALUES (${symbol}, ${isoFromDay(s.dates[i]!)}, ${s.open[i]!}, ${s.high[i]!}, ${s.low[i]!}, ${s.close[i]!}, ${s.volume[i]!})`.execute(
        db,
      );
    }
  }
  await db.schema.dropTable('bar_chunks').execute();
}
