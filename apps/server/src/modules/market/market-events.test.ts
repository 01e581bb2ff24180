import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-databases.js';
import { insertBars } from '../../testing/market-fixtures.js';
import { DatabaseMarketCache } from './database-market-cache.js';
import { announceMarketChange } from './market-events.js';

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDialects())('change announcements on %s', (dialect) => {
  let database: TestDatabase;
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await database.destroy();
  });

  /** A second handle on the same database, as another server process would have. */
  async function secondHandle(): Promise<DatabaseHandle> {
    const handle = await openDatabase(database.url, database.pgSchema ? { pgSchema: database.pgSchema } : {});
    closers.push(() => handle.close());
    return handle;
  }

  it('a change written and announced through one handle reloads the cache of another', async () => {
    database = await createTestDatabase(dialect);
    const other = await secondHandle();
    const cache = new DatabaseMarketCache(other);
    await cache.reload();
    await cache.watch({ pollMs: 50 });
    closers.push(() => cache.close());
    expect(cache.series('AAA')).toBeUndefined();

    await insertBars(database.db, [
      { symbol: 'AAA', date: '2024-01-02', open: 1, high: 1, low: 1, close: 1, volume: 1 },
    ]);
    await announceMarketChange(database);
    await until(() => cache.series('AAA') !== undefined);
    expect(cache.version).toBe(2);
    expect(Array.from(cache.series('AAA')!.close)).toEqual([1]);
  });

  it('does not reload without an announcement', async () => {
    database = await createTestDatabase(dialect);
    const cache = new DatabaseMarketCache(await secondHandle());
    await cache.reload();
    await cache.watch({ pollMs: 20 });
    closers.push(() => cache.close());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cache.version).toBe(1);
  });
});

// PostgreSQL only: schemas of one database share NOTIFY channels.
for (const pgDialect of testDialects().filter((d) => d === 'postgres')) {
  describe(`NOTIFY scoping on ${pgDialect}`, () => {
    it('ignores announcements of another schema', async () => {
      const a = await createTestDatabase(pgDialect);
      const b = await createTestDatabase(pgDialect);
      const cache = new DatabaseMarketCache(a);
      try {
        await cache.reload();
        await cache.watch();
        await announceMarketChange(b);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(cache.version).toBe(1);
        await announceMarketChange(a);
        await until(() => cache.version === 2);
      } finally {
        await cache.close();
        await a.destroy();
        await b.destroy();
      }
    });
  });
}
