import { createRequire } from 'node:module';
import path from 'node:path';
import type { PriceSeries } from '@solstice/analytics';
import type { DatabaseHandle } from '../../../db/database.js';
import { isoFromDay } from '../dates.js';
import { announceMarketChange } from '../market-events.js';
import { hasBars, withDeferredDateIndex } from '../bulk-load.js';
import { importPaths } from '../import/importer.js';
import { enlargeSqliteCache } from '../import/importer.js';
import { PgBarWriter, SqliteBarWriter, type InstrumentRecord } from '../import/bar-store.js';
import { DEFAULT_SEED, generateDemoUniverse } from './synthetic.js';

export const SP500_SYMBOL = '^GSPC';

/** The real S&P 500 daily history 2000–2020 that ships in the vega-datasets package. */
export function sp500File(): string {
  // The package exports only its JavaScript entry; the data folder sits next to build/.
  const entry = createRequire(import.meta.url).resolve('vega-datasets');
  return path.join(path.dirname(entry), '..', 'data', 'sp500-2000.csv');
}

export { hasBars };

export interface SeedReport {
  instruments: number;
  bars: number;
  /** Demo symbols left out because real data for them is stored. */
  keptReal: string[];
  ms: number;
}

export interface SeedOptions {
  /** Bars run up to the last weekday before this day. */
  today: Date | string;
  seed?: number;
  /** Only these demo symbols (tests). */
  only?: readonly string[];
}

const todayText = (today: Date | string) => (typeof today === 'string' ? today : today.toISOString().slice(0, 10));

/**
 * Loads the embedded default: ^GSPC from vega-datasets (real) and the demo universe
 * (synthetic, flagged). Replaces an earlier demo universe; never touches an instrument
 * whose data is real.
 */
export async function seedEmbeddedDefault(database: DatabaseHandle, options: SeedOptions): Promise<SeedReport> {
  return withDeferredDateIndex(database, () => seed(database, options));
}

async function seed(database: DatabaseHandle, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const now = Date.now();
  await writeInstrument(database, {
    symbol: SP500_SYMBOL,
    name: 'S&P 500 INDEX',
    type: 'index',
    exchange: null,
    sector: null,
    industry: null,
    marketCap: null,
    synthetic: false,
  });
  const sp = await importPaths(database, [sp500File()], { symbol: SP500_SYMBOL, deferIndex: false });
  if (sp.rejectedFiles.length > 0) throw new Error(`cannot read ${sp500File()}: ${sp.issues[0]?.reason}`);

  await dropDemoUniverse(database, { announce: false });
  const real = new Set(
    (await database.db.selectFrom('instruments').select('symbol').where('synthetic', '=', 0).execute()).map(
      (r) => r.symbol,
    ),
  );
  const keptReal: string[] = [];
  let instruments = 1;
  let bars = sp.inserted + sp.updated;
  const demo = generateDemoUniverse({
    today: todayText(options.today),
    seed: options.seed ?? DEFAULT_SEED,
    only: options.only,
  });
  const records = function* () {
    for (const { member, series } of demo) {
      if (real.has(member.symbol)) {
        keptReal.push(member.symbol);
        continue;
      }
      instruments += 1;
      bars += series.dates.length;
      const record: InstrumentRecord = {
        symbol: member.symbol,
        name: member.name,
        type: member.type,
        exchange: null,
        sector: member.sector,
        industry: member.industry,
        marketCap: member.marketCap,
        synthetic: true,
      };
      yield { record, series };
    }
  };
  if (database.sqlite) insertSqlite(database, records(), now);
  else await insertPg(database, records(), now);
  await announceMarketChange(database);
  return { instruments, bars, keptReal, ms: Math.round(performance.now() - started) };
}

async function writeInstrument(database: DatabaseHandle, record: InstrumentRecord): Promise<void> {
  if (database.sqlite) {
    new SqliteBarWriter(database.sqlite).instrument(record, Date.now());
    return;
  }
  const client = await database.pgPool!.connect();
  try {
    await new PgBarWriter(client).instrument(record, Date.now());
  } finally {
    client.release();
  }
}

/** Instruments per transaction while seeding (≈ 50 × 6,800 bars). */
const SEED_GROUP = 50;
/** Rows per multi-row INSERT on SQLite: fewer calls across the native boundary. */
const SQLITE_ROWS_PER_INSERT = 100;

type Seeded = Generator<{ record: InstrumentRecord; series: PriceSeries }, void, undefined>;

function insertSqlite(database: DatabaseHandle, items: Seeded, now: number): void {
  const sqlite = database.sqlite!;
  const writer = new SqliteBarWriter(sqlite);
  const values = Array.from({ length: SQLITE_ROWS_PER_INSERT }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
  const many = sqlite.prepare(`INSERT INTO daily_bars (symbol, date, open, high, low, close, volume) VALUES ${values}`);
  const one = sqlite.prepare(
    'INSERT INTO daily_bars (symbol, date, open, high, low, close, volume) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const params = new Array<string | number>(SQLITE_ROWS_PER_INSERT * 7);
  const restore = enlargeSqliteCache(database);
  try {
    let pending = 0;
    sqlite.exec('BEGIN');
    for (const { record, series: s } of items) {
      writer.instrument(record, now);
      const n = s.dates.length;
      const dates = Array.from(s.dates, isoFromDay);
      let i = 0;
      for (; i + SQLITE_ROWS_PER_INSERT <= n; i += SQLITE_ROWS_PER_INSERT) {
        for (let k = 0; k < SQLITE_ROWS_PER_INSERT; k++) {
          const j = i + k;
          const p = k * 7;
          params[p] = s.symbol;
          params[p + 1] = dates[j]!;
          params[p + 2] = s.open[j]!;
          params[p + 3] = s.high[j]!;
          params[p + 4] = s.low[j]!;
          params[p + 5] = s.close[j]!;
          params[p + 6] = s.volume[j]!;
        }
        many.run(params);
      }
      for (; i < n; i++) one.run(s.symbol, dates[i]!, s.open[i]!, s.high[i]!, s.low[i]!, s.close[i]!, s.volume[i]!);
      if (++pending === SEED_GROUP) {
        sqlite.exec('COMMIT');
        sqlite.exec('BEGIN');
        pending = 0;
      }
    }
    sqlite.exec('COMMIT');
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw error;
  } finally {
    restore();
  }
}

async function insertPg(database: DatabaseHandle, items: Seeded, now: number): Promise<void> {
  const client = await database.pgPool!.connect();
  try {
    const writer = new PgBarWriter(client);
    let pending = 0;
    await client.query('BEGIN');
    try {
      for (const { record, series: s } of items) {
        await writer.instrument(record, now);
        await client.query(
          `INSERT INTO daily_bars (symbol, date, open, high, low, close, volume)
           SELECT $1, * FROM unnest($2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[])`,
          [
            s.symbol,
            Array.from(s.dates, isoFromDay),
            Array.from(s.open),
            Array.from(s.high),
            Array.from(s.low),
            Array.from(s.close),
            Array.from(s.volume),
          ],
        );
        if (++pending === SEED_GROUP) {
          await client.query('COMMIT');
          await client.query('BEGIN');
          pending = 0;
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}

/** Removes every synthetic instrument and its bars (`solstice demo drop`). */
export async function dropDemoUniverse(
  database: DatabaseHandle,
  options: { announce?: boolean } = {},
): Promise<{ instruments: number; bars: number }> {
  const result = await database.db.transaction().execute(async (trx) => {
    const bars = await trx
      .deleteFrom('daily_bars')
      .where('symbol', 'in', trx.selectFrom('instruments').select('symbol').where('synthetic', '=', 1))
      .executeTakeFirst();
    const instruments = await trx.deleteFrom('instruments').where('synthetic', '=', 1).executeTakeFirst();
    return { instruments: Number(instruments.numDeletedRows), bars: Number(bars.numDeletedRows) };
  });
  if (options.announce !== false && result.instruments + result.bars > 0) await announceMarketChange(database);
  return result;
}
