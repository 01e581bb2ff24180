import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../testing/test-databases.js';
import { importPaths } from '../import/importer.js';
import { demoCalendar } from './synthetic.js';
import { dropDemoUniverse, hasBars, seedEmbeddedDefault, sp500File } from './seed.js';
import { readInstrument } from '../../../testing/market-fixtures.js';
import { countBars, readBarRows } from '../bars/stored-series.js';

const TODAY = '2026-11-21';
const SP500_ROWS = fs.readFileSync(sp500File(), 'utf8').trim().split('\n').length - 1;

describe.each(testDialects())('seed on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.destroy();
  });

  const countOf = (symbol: string) => countBars(database.db, symbol);

  it('loads ^GSPC from vega-datasets and the flagged demo universe; reseeding replaces it; drop removes it', async () => {
    database = await createTestDatabase(dialect);
    expect(await hasBars(database)).toBe(false);
    const days = demoCalendar(TODAY).length;
    const report = await seedEmbeddedDefault(database, { today: TODAY, only: ['AAPL', 'SPY'] });
    expect(report).toMatchObject({ instruments: 3, bars: SP500_ROWS + 2 * days, keptReal: [] });
    expect(SP500_ROWS).toBe(5105);

    const gspc = await readInstrument(database.db, '^GSPC');
    expect(gspc).toMatchObject({ name: 'S&P 500 INDEX', type: 'index', synthetic: 0 });
    const first = (await readBarRows(database.db, '^GSPC'))[0];
    expect(first).toEqual({
      symbol: '^GSPC',
      date: '2000-01-03',
      open: 1469.25,
      high: 1478,
      low: 1438.359985,
      close: 1455.219971,
      volume: 931800000,
    });
    const aapl = await readInstrument(database.db, 'AAPL');
    expect(aapl).toMatchObject({ name: 'APPLE INC', type: 'stock', synthetic: 1, sector: 'Information Technology' });
    expect(await countOf('AAPL')).toBe(days);
    const last = (await readBarRows(database.db, 'SPY')).at(-1);
    expect(last?.date).toBe('2026-11-20');

    // Real AAPL arrives: a reseed keeps it and regenerates the rest.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-seed-'));
    fs.writeFileSync(path.join(dir, 'AAPL.csv'), 'Date,Open,High,Low,Close,Volume\n2024-01-02,1,2,0.5,1.5,10\n');
    await importPaths(database, [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
    const again = await seedEmbeddedDefault(database, { today: TODAY, only: ['AAPL', 'SPY'] });
    expect(again).toMatchObject({ instruments: 2, keptReal: ['AAPL'] });
    expect(await countOf('AAPL')).toBe(1);
    expect(await countOf('SPY')).toBe(days);
    expect(await countOf('^GSPC')).toBe(SP500_ROWS);

    expect(await dropDemoUniverse(database)).toEqual({ instruments: 1, bars: days });
    const left = (await database.db.selectFrom('instruments').select('symbol').orderBy('symbol').execute()).map(
      (r) => r.symbol,
    );
    expect(left).toEqual(['AAPL', '^GSPC'].sort());
    expect(await countOf('SPY')).toBe(0);
  });
});
