import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBundle } from '../../testing/server-bundle.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-databases.js';
import { loadSeriesSqlite } from './series-sql-load.js';
import { loadSeriesInWorkers, PARALLEL_LOAD_MIN_ROWS } from './parallel-series-loader.js';
import { readSeriesSqlite } from './sqlite-series.js';

describe('loadSeriesInWorkers (SQLite)', () => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.destroy();
  });

  async function fill(symbols: number, bars: number): Promise<void> {
    const { db } = database;
    await db
      .insertInto('instruments')
      .values(
        Array.from({ length: symbols }, (_, s) => ({
          symbol: `S${s}`,
          name: `S${s}`,
          type: 'stock' as const,
          currency: 'USD',
          synthetic: 0,
          updated_at: 0,
        })),
      )
      .execute();
    const rows = [];
    for (let s = 0; s < symbols; s++) {
      // Newest first, so that only ORDER BY date puts them right.
      for (let i = bars - 1; i >= 0; i--) {
        const day = new Date(Date.UTC(2000, 0, 1) + (i * 3 + s) * 86_400_000).toISOString().slice(0, 10);
        const close = 10 + s + i / 7;
        rows.push({
          symbol: `S${s}`,
          date: day,
          open: close - 0.1,
          high: close + 0.3,
          low: close - 0.4,
          close,
          volume: i * 1.5,
        });
      }
    }
    for (let k = 0; k < rows.length; k += 200)
      await db
        .insertInto('daily_bars')
        .values(rows.slice(k, k + 200))
        .execute();
  }

  it('gives exactly the series of the single-thread load, in symbol order', async () => {
    database = await createTestDatabase('sqlite');
    await fill(7, 120);
    // The cache's own single-thread path.
    const single = loadSeriesSqlite(database.sqlite!);
    const parallel = await loadSeriesInWorkers(database.sqlite!, { minRows: 0, threads: 3 });
    expect(parallel).not.toBeNull();
    expect([...parallel!.keys()]).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    expect(parallel).toEqual(single);
    const s3 = parallel!.get('S3')!;
    expect(s3.dates.length).toBe(120);
    expect(s3.dates[0]).toBe(Date.UTC(2000, 0, 4) / 86_400_000);
    expect(s3.close[119]).toBe(13 + 119 / 7);
  });

  it('the built worker (dist/series-load-worker.js, as the server bundles it) reads what the main thread reads', async () => {
    database = await createTestDatabase('sqlite');
    await fill(3, 40);
    const symbols = ['S2', 'S0', 'S1'];
    const worker = new Worker(path.join(path.dirname(serverBundle().main), 'series-load-worker.js'), {
      workerData: { file: database.sqlite!.name, symbols },
    });
    const series = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(series).toEqual(readSeriesSqlite(database.sqlite!, symbols));
  });

  it('leaves small tables and one core to the caller', async () => {
    database = await createTestDatabase('sqlite');
    await fill(2, 10);
    expect(PARALLEL_LOAD_MIN_ROWS).toBeGreaterThan(20);
    expect(await loadSeriesInWorkers(database.sqlite!, { threads: 2 })).toBeNull();
    expect(await loadSeriesInWorkers(database.sqlite!, { minRows: 0, threads: 1 })).toBeNull();
  });
});
