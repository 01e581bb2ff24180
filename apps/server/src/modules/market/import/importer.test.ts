import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../testing/test-databases.js';
import { loadMarketCache } from '../database-market-cache.js';
import { readDataVersion } from '../market-events.js';
import { importFiles, importPaths } from './importer.js';
import { tooLargeReason } from './line-reader.js';
import { insertBars, readInstrument, storedBars } from '../../../testing/market-fixtures.js';
import { countBars, readBarRows } from '../bars/stored-series.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-import-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}`, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

describe.each(testDialects())('importPaths on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.destroy();
  });

  const bars = (symbol: string) => storedBars(database.db, symbol);
  async function count(): Promise<number> {
    return countBars(database.db);
  }

  it('imports a directory: instruments.csv first, nested daily files, exact values', async () => {
    database = await createTestDatabase(dialect);
    const report = await importPaths(database, [path.join(fixtures, 'dir')], { now: () => 42 });
    expect(report).toEqual({
      files: 3,
      rejectedFiles: [],
      instruments: 2,
      inserted: 3,
      updated: 0,
      issues: [],
      changed: true,
    });
    const ibm = await readInstrument(database.db, 'IBM');
    expect(ibm).toMatchObject({
      name: 'International Business Machines, Corp.',
      type: 'stock',
      sector: 'Information Technology',
      industry: 'IT Services',
      market_cap: 200000000000,
      synthetic: 0,
      updated_at: 42,
    });
    expect(await bars('IBM')).toEqual([
      { date: '2024-01-02', open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
      { date: '2024-01-03', open: 10.5, high: 11.5, low: 10, close: 11, volume: 200 },
    ]);
    expect(await readDataVersion(database)).toBe('1');
  });

  it('gives the shared universe its asset class by type (stock → equity, etf, index), on a re-import too', async () => {
    database = await createTestDatabase(dialect);
    await importPaths(database, [path.join(fixtures, 'dir')], { now: () => 42 });
    const day = 'Date,Open,High,Low,Close,Volume\n2024-01-02,1,1,1,1,0\n';
    await importPaths(database, [write('^XYZ.csv', day)], { now: () => 43 });
    const classOf = async (symbol: string) =>
      (
        await database.db
          .selectFrom('instruments')
          .select('asset_class')
          .where('symbol', '=', symbol)
          .executeTakeFirst()
      )?.asset_class;
    expect([await classOf('IBM'), await classOf('SPY'), await classOf('^XYZ')]).toEqual(['equity', 'etf', 'index']);

    await database.db.updateTable('instruments').set({ asset_class: 'equity' }).where('symbol', '=', 'SPY').execute();
    await importPaths(database, [path.join(fixtures, 'dir', 'instruments.csv')], { now: () => 44 });
    expect(await classOf('SPY')).toBe('etf');
  });

  it('imports Stooq, Yahoo (BOM, CRLF, null rows) and plain files', async () => {
    database = await createTestDatabase(dialect);
    const report = await importPaths(database, [
      path.join(fixtures, 'stooq', 'daily.txt'),
      path.join(fixtures, 'yahoo', 'MSFT.csv'),
      path.join(fixtures, 'plain', 'ibm.us.txt'),
    ]);
    expect(report.inserted).toBe(7);
    expect(report.instruments).toBe(4);
    expect(report.issues).toEqual([
      { file: path.join(fixtures, 'yahoo', 'MSFT.csv'), line: 3, reason: 'missing day (null values)', action: 'skip' },
    ]);
    expect(await bars('AAPL')).toEqual([
      { date: '2024-01-02', open: 187.15, high: 188.44, low: 183.885, close: 185.64, volume: 82488700 },
      { date: '2024-01-03', open: 184.22, high: 185.88, low: 183.43, close: 184.25, volume: 58414500 },
    ]);
    expect(await bars('MSFT')).toEqual([
      { date: '2024-01-02', open: 50, high: 55, low: 45, close: 52.5, volume: 1000 },
      { date: '2024-01-04', open: 53, high: 54, low: 52, close: 53.5, volume: 2000 },
    ]);
    const placeholder = await readInstrument(database.db, 'SPY');
    expect(placeholder).toMatchObject({ name: 'SPY', type: 'stock', synthetic: 0 });
  });

  it('re-imports idempotently and counts a changed value as one update', async () => {
    database = await createTestDatabase(dialect);
    const dir = path.join(fixtures, 'dir');
    await importPaths(database, [dir]);
    const version = await readDataVersion(database);
    const again = await importPaths(database, [dir]);
    expect({ inserted: again.inserted, updated: again.updated, changed: again.changed }).toEqual({
      inserted: 0,
      updated: 0,
      changed: false,
    });
    expect(await readDataVersion(database)).toBe(version);

    const changed = write(
      'IBM.csv',
      'Date,Open,High,Low,Close,Volume\n2024-01-02,10,11,9,10.5,100\n2024-01-03,10.5,11.5,10,11.25,200\n2024-01-04,11,12,10,11,50\n',
    );
    const r = await importPaths(database, [changed]);
    expect({ inserted: r.inserted, updated: r.updated }).toEqual({ inserted: 1, updated: 1 });
    expect((await bars('IBM')).map((b) => b.close)).toEqual([10.5, 11.25, 11]);
  });

  it('rejects unreadable files by name with nothing of them imported, and still reads the others', async () => {
    database = await createTestDatabase(dialect);
    const good = write('GOOD.csv', 'Date,Open,High,Low,Close,Volume\n2024-01-02,1,1,1,1,1\n');
    const unknown = write('UNK.csv', 'when,what\n2024-01-02,1\n');
    const empty = write('EMPTY.csv', '');
    const binary = write('BIN.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]));
    // Valid rows first, then binary garbage beyond the first read chunk: the whole file must roll back.
    const valid = Array.from({ length: 40_000 }, (_, i) => {
      const d = new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      return `${d},1,2,0.5,1.5,10`;
    });
    const late = write(
      'LATE.csv',
      Buffer.concat([
        Buffer.from(`Date,Open,High,Low,Close,Volume\n${valid.join('\n')}\n`),
        Buffer.from([0, 1, 2, 10]),
      ]),
    );
    const missing = path.join(tmp, 'does-not-exist.csv');
    const report = await importPaths(database, [good, unknown, empty, binary, late, missing]);
    expect(report.files).toBe(1);
    expect(report.inserted).toBe(1);
    expect(new Set(report.rejectedFiles)).toEqual(new Set([unknown, empty, binary, late, missing]));
    const reasons = Object.fromEntries(report.issues.map((i) => [i.file, [i.line, i.action, i.reason]]));
    expect(reasons[unknown]![0]).toBeNull();
    expect(reasons[unknown]![1]).toBe('reject');
    expect(reasons[unknown]![2]).toMatch(/^unknown header "when,what"/);
    expect(reasons[empty]).toEqual([null, 'reject', 'empty file']);
    expect(reasons[binary]).toEqual([null, 'reject', 'not a text file (binary content)']);
    expect(reasons[late]).toEqual([null, 'reject', 'not a text file (binary content)']);
    expect(reasons[missing]).toEqual([null, 'reject', 'no such file or directory']);
    expect(await count()).toBe(1);
    const symbols = (await database.db.selectFrom('instruments').select('symbol').execute()).map((r) => r.symbol);
    expect(symbols).toEqual(['GOOD']);
  });

  it('replaces a synthetic instrument’s bars by real ones and says so', async () => {
    database = await createTestDatabase(dialect);
    await database.db
      .insertInto('instruments')
      .values({
        symbol: 'AAPL',
        name: 'APPLE INC',
        type: 'stock',
        exchange: null,
        sector: 'Information Technology',
        industry: null,
        currency: 'USD',
        market_cap: 1,
        synthetic: 1,
        updated_at: 0,
      })
      .execute();
    await insertBars(database.db, [
      { symbol: 'AAPL', date: '1999-01-04', open: 1, high: 1, low: 1, close: 1, volume: 1 },
    ]);
    const file = write('AAPL.csv', 'Date,Open,High,Low,Close,Volume\n2024-01-02,1,2,0.5,1.5,10\n');
    const report = await importPaths(database, [file]);
    expect(report.issues).toEqual([
      {
        file,
        line: null,
        reason: 'AAPL was demo data: its synthetic bars were removed before importing these',
        action: 'replace',
      },
    ]);
    expect((await bars('AAPL')).map((b) => b.date)).toEqual(['2024-01-02']);
    const row = await readInstrument(database.db, 'AAPL');
    expect({ name: row.name, synthetic: row.synthetic, sector: row.sector }).toEqual({
      name: 'APPLE INC',
      synthetic: 0,
      sector: 'Information Technology',
    });
  });

  it('imports listed files under their names, with limits and without quoting content (the admin API)', async () => {
    database = await createTestDatabase(dialect);
    const opened = write(
      'opened-as.csv',
      'Date,Open,High,Low,Close,Volume\n2024-01-02,1,1,1,1,1\nsecret-row,1,1,1,1,1\n',
    );
    const instruments = write('x.csv', 'symbol,name,type,sector,industry\nNAMED,Named Inc,stock,,\n');
    const leak = write('leak.csv', 'secret-header,x\n');
    const big = write('big.csv', `Date,Open,High,Low,Close,Volume\n${'2024-01-02,1,1,1,1,1\n'.repeat(10)}`);
    const report = await importFiles(
      database,
      {
        files: [
          { path: opened, name: 'sub/NAMED.csv' },
          { path: leak, name: 'leak.csv' },
          { path: big, name: 'BIG.csv' },
          { path: path.join(tmp, 'gone.csv'), name: 'gone.csv' },
          { path: instruments, name: 'sub/instruments.csv' },
        ],
        issues: [{ file: 'listed.csv', line: null, reason: 'rejected while listing', action: 'reject' }],
      },
      { limits: { maxBytes: 100 }, withholdContent: true },
    );
    expect(report).toMatchObject({ files: 2, instruments: 1, inserted: 1 });
    expect(report.rejectedFiles).toEqual(['listed.csv', 'leak.csv', 'BIG.csv', 'gone.csv']);
    expect(report.issues).toEqual([
      { file: 'listed.csv', line: null, reason: 'rejected while listing', action: 'reject' },
      { file: 'sub/NAMED.csv', line: 3, reason: 'unparseable date', action: 'skip' },
      { file: 'leak.csv', line: null, reason: expect.stringMatching(/^unknown header: expected/), action: 'reject' },
      { file: 'BIG.csv', line: null, reason: tooLargeReason(100), action: 'reject' },
      { file: 'gone.csv', line: null, reason: 'cannot read the file (ENOENT)', action: 'reject' },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/secret|\/tmp/);
    const named = await database.db.selectFrom('instruments').selectAll().where('symbol', '=', 'NAMED').execute();
    expect(named).toMatchObject([{ name: 'Named Inc' }]);
    expect(await bars('NAMED')).toHaveLength(1);
  });

  it('loads into the cache exactly what the tables hold', async () => {
    database = await createTestDatabase(dialect);
    await importPaths(database, [path.join(fixtures, 'stooq', 'daily.txt'), path.join(fixtures, 'dir')]);
    const cache = await loadMarketCache(database);
    const rows = await readBarRows(database.db);
    const fromCache = cache.instruments().flatMap((i) => {
      const s = cache.series(i.symbol)!;
      return Array.from(s.dates, (_, k) => ({
        symbol: i.symbol,
        date: new Date(s.dates[k]! * 86_400_000).toISOString().slice(0, 10),
        open: s.open[k],
        high: s.high[k],
        low: s.low[k],
        close: s.close[k],
        volume: s.volume[k],
      }));
    });
    expect(fromCache).toEqual(rows);
    expect(cache.instrument('IBM')?.name).toBe('International Business Machines, Corp.');
  });
});
