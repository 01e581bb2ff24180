import { createRequire } from 'node:module';
import path from 'node:path';
import type { PriceSeries } from '@solstice/analytics';
import type { DatabaseHandle } from '../../../db/database.js';
import { announceMarketChange } from '../market-events.js';
import { hasBars } from '../bulk-load.js';
import { PgChunkStore, SqliteChunkStore, yearsOf } from '../bars/chunk-store.js';
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
  const sp = await importPaths(database, [sp500File()], { symbol: SP500_SYMBOL });
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
type Seeded = Generator<{ record: InstrumentRecord; series: PriceSeries }, void, undefined>;

function insertSqlite(database: DatabaseHandle, items: Seeded, now: number): void {
  const sqlite = database.sqlite!;
  const writer = new SqliteBarWriter(sqlite);
  const chunks = new SqliteChunkStore(sqlite);
  const restore = enlargeSqliteCache(database);
  try {
    let pending = 0;
    sqlite.exec('BEGIN');
    for (const { record, series } of items) {
      writer.instrument(record, now);
      chunks.write(series, yearsOf(series));
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
    const chunks = new PgChunkStore(client);
    let pending = 0;
    await client.query('BEGIN');
    try {
      for (const { record, series } of items) {
        await writer.instrument(record, now);
        await chunks.write(series, yearsOf(series));
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
    const demo = trx.selectFrom('instruments').select('symbol').where('synthetic', '=', 1);
    const counted = await trx
      .selectFrom('bar_chunks')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bars'), eb.lit(0)).as('n'))
      .where('symbol', 'in', demo)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('bar_chunks').where('symbol', 'in', demo).execute();
    const instruments = await trx.deleteFrom('instruments').where('synthetic', '=', 1).executeTakeFirst();
    return { instruments: Number(instruments.numDeletedRows), bars: Number(counted.n) };
  });
  if (options.announce !== false && result.instruments + result.bars > 0) await announceMarketChange(database);
  return result;
}
