import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../../testing/scratch-database.js';
import { testDialects } from '../../testing/test-databases.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { migrations } from './index.js';

interface Row {
  symbol: string;
  name: string;
  type: string;
  currency: string;
  synthetic: number;
  updated_at: number;
  asset_class: string;
  calendar: string;
}

const row = (symbol: string, type: string, assetClass: string, calendar = 'nyse'): Row => ({
  symbol,
  name: symbol,
  type,
  currency: 'USD',
  synthetic: 0,
  updated_at: 1_700_000_000_000,
  asset_class: assetClass,
  calendar,
});

describe.each(testDialects())('migration 0015: the shared universe keeps its classes (%s)', (dialect) => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;

  afterEach(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it('gives an ETF and an index imported as `equity` their own class and leaves the rest', async () => {
    scratch = await scratchDatabase(dialect, 'classes15');
    handle = await openDatabase(scratch.url, { create: true });
    const m = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrations },
      ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}),
    });
    expect((await m.migrateTo('0014_history_mismatches')).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<{ instruments: Row }>;
    await db
      .insertInto('instruments')
      .values([
        row('AAPL', 'stock', 'equity'),
        row('SPY', 'etf', 'equity'),
        row('^GSPC', 'index', 'equity'),
        row('QQQ', 'etf', 'etf'),
        row('^VIX', 'index', 'index', 'exchange'),
      ])
      .execute();

    expect((await m.migrateTo('0015_shared_universe_classes')).error).toBeUndefined();
    const classes = await db.selectFrom('instruments').select(['symbol', 'asset_class']).orderBy('symbol').execute();
    expect(Object.fromEntries(classes.map((c) => [c.symbol, c.asset_class]))).toEqual({
      AAPL: 'equity',
      QQQ: 'etf',
      SPY: 'etf',
      '^GSPC': 'index',
      '^VIX': 'index',
    });
  });
});
