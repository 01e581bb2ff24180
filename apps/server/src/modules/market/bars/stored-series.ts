import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import { allocateSeries, type PriceSeries } from '@solstice/analytics';
import type { Database } from '../../../db/schema.js';
import { dayNumberFast, isoFromDay as isoOf } from '../dates.js';
import { seriesFromChunks, yearOfDay } from './chunk-codec.js';
import { chunkWrites, SYMBOL_LOCK } from './chunk-store.js';
import { SeriesEdit } from './series-edit.js';

/*
 * A symbol's stored series through Kysely (either database, inside a transaction or not):
 * the paths that touch one symbol now and then (repairs, the data page, tests). The import
 * and the daily update use chunk-store.ts's prepared statements.
 */

/**
 * Before a read that is written back: on PostgreSQL, the symbol's lock (chunk-store.ts's
 * SYMBOL_LOCK), so that an import or update meanwhile waits instead of being overwritten;
 * SQLite has a single writer already.
 */
export async function lockSymbol(db: Kysely<Database>, symbol: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.executeQuery(CompiledQuery.raw(SYMBOL_LOCK, [symbol]));
  }
}

export async function readStoredSeries(db: Kysely<Database>, symbol: string): Promise<PriceSeries> {
  const chunks = await db
    .selectFrom('bar_chunks')
    .select(['year', 'data'])
    .where('symbol', '=', symbol)
    .orderBy('year')
    .execute();
  return seriesFromChunks(symbol, chunks);
}

/** Rewrites the chunks of `years` from `series` (a year without bars in it is deleted). */
export async function writeStoredYears(
  db: Kysely<Database>,
  series: PriceSeries,
  years: Iterable<number>,
): Promise<void> {
  const { writes, emptied } = chunkWrites(series, new Set(years));
  for (const w of writes) {
    const row = { bars: w.bars, first_date: w.first, last_date: w.last, data: w.data };
    await db
      .insertInto('bar_chunks')
      .values({ symbol: series.symbol, year: w.year, ...row })
      .onConflict((oc) => oc.columns(['symbol', 'year']).doUpdateSet(row))
      .execute();
  }
  if (emptied.length > 0) {
    await db.deleteFrom('bar_chunks').where('symbol', '=', series.symbol).where('year', 'in', emptied).execute();
  }
}

/** The series without the bars at `remove` (indexes), and the years those were in. */
export function withoutBars(
  series: PriceSeries,
  remove: ReadonlySet<number>,
): { series: PriceSeries; years: number[] } {
  const out = allocateSeries(series.symbol, series.dates.length - remove.size);
  const years = new Set<number>();
  let o = 0;
  for (let i = 0; i < series.dates.length; i++) {
    if (remove.has(i)) {
      years.add(yearOfDay(series.dates[i]!));
      continue;
    }
    for (const c of ['dates', 'open', 'high', 'low', 'close', 'volume'] as const) out[c][o] = series[c][i]!;
    o++;
  }
  return { series: out, years: [...years] };
}

/** A daily bar as one row (what tests, providers and the import's rows carry). */
export interface DailyBar {
  symbol: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A stored series as one row a bar, oldest first. */
export function barRows(series: PriceSeries): DailyBar[] {
  return Array.from(series.dates, (day, i) => ({
    symbol: series.symbol,
    date: isoOf(day),
    open: series.open[i]!,
    high: series.high[i]!,
    low: series.low[i]!,
    close: series.close[i]!,
    volume: series.volume[i]!,
  }));
}

/** Sets bars (inserted or updated), a symbol at a time: tests and fixtures. */
export async function writeBarRows(db: Kysely<Database>, rows: readonly DailyBar[]): Promise<void> {
  const bySymbol = new Map<string, DailyBar[]>();
  for (const r of rows) {
    const list = bySymbol.get(r.symbol);
    if (list) list.push(r);
    else bySymbol.set(r.symbol, [r]);
  }
  for (const [symbol, list] of bySymbol) {
    const edit = new SeriesEdit(await readStoredSeries(db, symbol));
    for (const r of list) edit.set(dayNumberFast(r.date), +r.open, +r.high, +r.low, +r.close, +r.volume);
    if (edit.changed) await writeStoredYears(db, edit.result(), edit.years);
  }
}

/** Every stored bar (of `symbol`, or of every symbol), ordered by symbol and date. */
export async function readBarRows(db: Kysely<Database>, symbol?: string): Promise<DailyBar[]> {
  let query = db.selectFrom('bar_chunks').select('symbol').distinct().orderBy('symbol');
  if (symbol !== undefined) query = query.where('symbol', '=', symbol);
  const symbols = (await query.execute()).map((r) => r.symbol);
  const out: DailyBar[] = [];
  for (const s of symbols) out.push(...barRows(await readStoredSeries(db, s)));
  return out;
}

/** The number of stored bars (of `symbol`, or in all). */
export async function countBars(db: Kysely<Database>, symbol?: string): Promise<number> {
  let query = db.selectFrom('bar_chunks').select((eb) => eb.fn.sum<number>('bars').as('n'));
  if (symbol !== undefined) query = query.where('symbol', '=', symbol);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
