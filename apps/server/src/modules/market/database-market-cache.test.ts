import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-databases.js';
import { flatBar, insertBars, instrumentRow } from '../../testing/market-fixtures.js';
import { loadMarketCache } from './database-market-cache.js';
import { dayNumberFast, daysFromCivil, isoFromDay } from './dates.js';

describe('dates', () => {
  it('counts days like Date.UTC, across leap years and centuries', () => {
    for (const iso of ['1970-01-01', '1900-03-01', '2000-02-29', '2024-12-31', '1999-12-31', '2100-03-01']) {
      expect(dayNumberFast(iso)).toBe(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000);
      expect(isoFromDay(dayNumberFast(iso))).toBe(iso);
    }
    expect(daysFromCivil(1970, 1, 2)).toBe(1);
  });
});

describe.each(testDialects())('DatabaseMarketCache on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.destroy();
  });

  it('loads instruments and bars into typed arrays equal to the tables, and reloads', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    await db
      .insertInto('instruments')
      .values([
        instrumentRow('AAA', {
          name: 'AAA CORP',
          exchange: 'NYSE',
          sector: 'Energy',
          industry: 'Oil',
          market_cap: 1.5e9,
          synthetic: 1,
        }),
        instrumentRow('BBB', { name: 'BBB ETF', type: 'etf' }),
      ])
      .execute();
    // Inserted out of order: the series must come back sorted by date.
    const bars = [
      { symbol: 'BBB', date: '2024-01-03', open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
      { symbol: 'AAA', date: '2024-01-03', open: 2, high: 2.5, low: 1.5, close: 2.25, volume: 7 },
      { symbol: 'AAA', date: '2024-01-02', open: 1, high: 1.5, low: 0.5, close: 1.25, volume: 5 },
    ];
    await insertBars(db, bars);

    const cache = await loadMarketCache(database);
    expect(cache.version).toBe(1);
    expect(cache.asOf()).toBe('2024-01-03');
    expect(cache.instruments().map((i) => i.symbol)).toEqual(['AAA', 'BBB']);
    expect(cache.instrument('AAA')).toEqual({
      symbol: 'AAA',
      name: 'AAA CORP',
      type: 'stock',
      exchange: 'NYSE',
      sector: 'Energy',
      industry: 'Oil',
      currency: 'USD',
      marketCap: 1.5e9,
      synthetic: true,
      // the shared universe's class and calendar (migration 0013's defaults)
      assetClass: 'equity',
      timezone: 'America/New_York',
      calendar: 'nyse',
      hasVolume: true,
    });
    expect(cache.instrument('BBB')?.synthetic).toBe(false);
    const a = cache.series('AAA')!;
    expect(a.dates).toBeInstanceOf(Int32Array);
    expect(Array.from(a.dates).map(isoFromDay)).toEqual(['2024-01-02', '2024-01-03']);
    expect(Array.from(a.open)).toEqual([1, 2]);
    expect(Array.from(a.high)).toEqual([1.5, 2.5]);
    expect(Array.from(a.low)).toEqual([0.5, 1.5]);
    expect(Array.from(a.close)).toEqual([1.25, 2.25]);
    expect(Array.from(a.volume)).toEqual([5, 7]);
    expect(Array.from(cache.series('BBB')!.close)).toEqual([10.5]);
    expect(cache.series('ZZZ')).toBeUndefined();

    await insertBars(db, [{ symbol: 'BBB', date: '2024-01-04', open: 1, high: 1, low: 1, close: 1, volume: 0 }]);
    expect(cache.series('BBB')!.close.length).toBe(1);
    await Promise.all([cache.reload(), cache.reload(), cache.reload()]);
    expect(cache.series('BBB')!.close.length).toBe(2);
    expect(cache.asOf()).toBe('2024-01-04');
    expect(cache.version).toBe(3);
  });

  it('dates the market by its NYSE instruments: a crypto bar of a Saturday does not move it', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    const crypto = { asset_class: 'crypto', calendar: 'crypto', timezone: 'UTC', type: 'crypto' } as const;
    await db
      .insertInto('instruments')
      // every row names its class: a multi-row insert leaves no column to its default
      .values([
        instrumentRow('AAA', { asset_class: 'equity', calendar: 'nyse', timezone: 'America/New_York' }),
        instrumentRow('BTC-USD', crypto),
      ])
      .execute();
    await insertBars(db, [
      flatBar('AAA', '2026-11-19', 10),
      flatBar('AAA', '2026-11-20', 11),
      flatBar('BTC-USD', '2026-11-20', 90_000),
      flatBar('BTC-USD', '2026-11-21', 91_000),
      flatBar('BTC-USD', '2026-11-22', 92_000),
    ]);
    const cache = await loadMarketCache(database);
    expect(cache.asOf()).toBe('2026-11-20');
  });

  it('dates a market without NYSE instruments by the latest bar of any', async () => {
    database = await createTestDatabase(dialect);
    const crypto = { asset_class: 'crypto', calendar: 'crypto', timezone: 'UTC', type: 'crypto' } as const;
    await database.db.insertInto('instruments').values(instrumentRow('BTC-USD', crypto)).execute();
    await insertBars(database.db, [flatBar('BTC-USD', '2026-11-21', 91_000), flatBar('BTC-USD', '2026-11-22', 92_000)]);
    const cache = await loadMarketCache(database);
    expect(cache.asOf()).toBe('2026-11-22');
  });

  it('loads more rows than one buffer and one PostgreSQL chunk holds', async () => {
    database = await createTestDatabase(dialect);
    const rows = [];
    for (let s = 0; s < 70; s++) {
      for (let d = 0; d < (s === 3 ? 9000 : 20); d++) {
        rows.push({
          symbol: `S${String(s).padStart(2, '0')}`,
          date: isoFromDay(10_000 + d),
          open: s,
          high: s + d,
          low: 0,
          close: d,
          volume: s * d,
        });
      }
    }
    await insertBars(database.db, rows);
    const cache = await loadMarketCache(database);
    const big = cache.series('S03')!;
    expect(big.close.length).toBe(9000);
    expect(big.close[8999]).toBe(8999);
    expect(big.dates[8999]).toBe(10_000 + 8999);
    expect(cache.series('S69')!.volume[19]).toBe(69 * 19);
    expect(cache.instruments()).toEqual([]);
  });
});
