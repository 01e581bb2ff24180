import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  POSTGRES_TEST_URL,
  testDialects,
  type TestDatabase,
} from '../../../testing/test-databases.js';
import { importPaths } from '../import/importer.js';
import { repairMixedDemoBars } from './repair.js';
import { dropDemoUniverse, seedEmbeddedDefault } from './seed.js';
import { readInstrument } from '../../../testing/market-fixtures.js';
import { readBarRows, writeBarRows } from '../bars/stored-series.js';
import { SYMBOL_LOCK } from '../bars/chunk-store.js';
import pg from 'pg';

const TODAY = '2026-11-21';

/**
 * The README's order: start (which seeds the demo universe), then import real files whose
 * folder has an instruments.csv. The real series must replace the demo one whole: no demo
 * bar after the file's last day, none on a market holiday inside it, and no demo flag left
 * on a demo-only symbol.
 */
function realFiles(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-readme-order-'));
  fs.writeFileSync(
    path.join(dir, 'instruments.csv'),
    'symbol,name,type,sector,industry,marketCap\nAAPL,APPLE INC,stock,Information Technology,Hardware,\n',
  );
  // Real AAPL: 2001-04-12 (Thu), then 2001-04-16 (Mon): Good Friday 2001-04-13 is a holiday.
  fs.writeFileSync(
    path.join(dir, 'AAPL.csv'),
    [
      'Date,Open,High,Low,Close,Volume',
      '2001-04-11,1.40,1.42,1.38,1.41,1000',
      '2001-04-12,1.41,1.44,1.40,1.43,1100',
      '2001-04-16,1.43,1.45,1.41,1.42,900',
      '2017-11-10,174.0,175.5,173.0,174.67,2000',
    ].join('\n') + '\n',
  );
  return dir;
}

describe.each(testDialects())('the README order on %s: start, then import', (dialect) => {
  let database: TestDatabase;
  const dirs: string[] = [];
  afterEach(async () => {
    await database.destroy();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  const bars = (symbol: string) => readBarRows(database.db, symbol);

  it('an imported symbol holds only its imported bars, even when instruments.csv comes first', async () => {
    database = await createTestDatabase(dialect);
    await seedEmbeddedDefault(database, { today: TODAY, only: ['AAPL', 'MSFT'] });
    expect((await bars('AAPL')).length).toBeGreaterThan(6000);
    const dir = realFiles();
    dirs.push(dir);
    await importPaths(database, [dir]);

    const aapl = await bars('AAPL');
    expect(aapl.map((b) => b.date)).toEqual(['2001-04-11', '2001-04-12', '2001-04-16', '2017-11-10']);
    expect(aapl.find((b) => b.date === '2017-11-10')?.close).toBe(174.67);
    const row = await readInstrument(database.db, 'AAPL');
    expect(row.synthetic).toBe(0);
    expect(row.name).toBe('APPLE INC');
    // MSFT had no real file: still demo data, flagged, and `demo drop` removes it.
    const msft = await readInstrument(database.db, 'MSFT');
    expect(msft.synthetic).toBe(1);
    await dropDemoUniverse(database, { announce: false });
    expect(await bars('MSFT')).toEqual([]);
    expect((await bars('AAPL')).length).toBe(4);
  });

  it('an instruments.csv row alone keeps the demo flag of a symbol whose bars are still demo data', async () => {
    database = await createTestDatabase(dialect);
    await seedEmbeddedDefault(database, { today: TODAY, only: ['AAPL'] });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-instruments-only-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'instruments.csv'), 'symbol,name,type\nAAPL,APPLE INC,stock\n');
    await importPaths(database, [dir]);
    const row = await readInstrument(database.db, 'AAPL');
    expect(row).toMatchObject({ name: 'APPLE INC', synthetic: 1 });
  });

  it('`demo repair` removes exactly the demo bars an earlier version left inside an imported series', async () => {
    database = await createTestDatabase(dialect);
    await seedEmbeddedDefault(database, { today: TODAY, only: ['AAPL', 'MSFT'] });
    const demoBars = await bars('AAPL');
    // What the old importer left: the flag cleared, real bars written over some demo dates.
    await database.db.updateTable('instruments').set({ synthetic: 0 }).where('symbol', '=', 'AAPL').execute();
    const real = demoBars.slice(100, 103).map((b) => ({ ...b, close: b.close + 0.5 }));
    await writeBarRows(database.db, real);
    const report = await repairMixedDemoBars(database, { today: TODAY });
    expect(report.repaired).toEqual([{ symbol: 'AAPL', demoBars: demoBars.length - 3, keptBars: 3 }]);
    expect((await bars('AAPL')).map((b) => [b.date, b.close])).toEqual(real.map((b) => [b.date, b.close]));
    // MSFT is still flagged demo data: left to `demo drop`, untouched here.
    expect((await bars('MSFT')).length).toBe(demoBars.length);
    expect((await repairMixedDemoBars(database, { today: TODAY })).bars).toBe(0);
  });

  // PostgreSQL only: SQLite has one writer at a time already.
  if (dialect === 'postgres') {
    it('`demo repair` waits for another writer of the symbol instead of overwriting its year', async () => {
      database = await createTestDatabase(dialect);
      await seedEmbeddedDefault(database, { today: TODAY, only: ['AAPL'] });
      const demoBars = await bars('AAPL');
      await database.db.updateTable('instruments').set({ synthetic: 0 }).where('symbol', '=', 'AAPL').execute();
      await writeBarRows(database.db, [{ ...demoBars[100]!, close: demoBars[100]!.close + 0.5 }]);
      // Another writer (an import, the daily update) holds AAPL's lock in its open transaction.
      const other = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(SYMBOL_LOCK, ['AAPL']);
        let done = false;
        const repair = repairMixedDemoBars(database, { today: TODAY }).then((r) => ((done = true), r));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(done).toBe(false);
        await other.query('COMMIT');
        expect((await repair).repaired).toEqual([{ symbol: 'AAPL', demoBars: demoBars.length - 1, keptBars: 1 }]);
      } finally {
        await other.end();
      }
    });
  }
});
