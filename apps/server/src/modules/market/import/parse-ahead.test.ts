import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/test-databases.js';
import { flatBar, insertBars, instrumentRow } from '../../../testing/market-fixtures.js';
import { importPaths, PARSE_AHEAD_MIN_FILES } from './importer.js';
import { MAX_ISSUES_PER_FILE } from './import-issues.js';
import { BATCH_ROWS } from './parse.js';
import { ParseAhead } from './parse-ahead.js';
import { readBarRows } from '../bars/stored-series.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-parse-ahead-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const PLAIN = 'Date,Open,High,Low,Close,Volume';
const day = (i: number) => new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const row = (i: number, close = 10 + (i % 7)) => `${day(i)},${close},${close + 1},${close - 1},${close},${1000 + i}`;

/** A folder of every kind of file an import meets: good, repaired, skipped rows, rejected files. */
function tricky(): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'dir-'));
  const put = (name: string, content: string | Buffer) => fs.writeFileSync(path.join(dir, name), content);
  put('instruments.csv', 'symbol,name,type,sector,industry\nAAA,Triple A,stock,Energy,Oil\n');
  // Several batches, issues between them: bad numbers, duplicates, out of order, a repair.
  const long: string[] = [PLAIN];
  for (let i = 0; i < 2 * BATCH_ROWS + 500; i++) {
    if (i % 997 === 5) long.push(`${day(i)},x,1,1,1,1`);
    else if (i % 1501 === 7) long.push(row(i - 1));
    else if (i % 2003 === 9) long.push(`${day(i)},10.02,10,9,9.5,100`);
    else long.push(row(i));
  }
  put('AAA.csv', long.join('\n') + '\n\n  \n');
  // Past the cap of kept issues, with good rows after them.
  const noisy = [PLAIN, ...Array.from({ length: MAX_ISSUES_PER_FILE + 250 }, (_, i) => `${day(i)},-1,1,1,1,1`)];
  for (let i = 0; i < 100; i++) noisy.push(row(2000 + i));
  put('NOISY.csv', noisy.join('\n'));
  put(
    'multi.txt',
    [
      '<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>',
      'BBB.US,D,20240102,000000,1,2,0.5,1.5,100,0',
      'CCC.US,D,20240102,000000,3,4,2.5,3.5,100,0',
      'bad ticker,D,20240103,000000,1,2,0.5,1.5,100,0',
      'BBB.US,W,20240103,000000,1,2,0.5,1.5,100,0',
      'BBB.US,D,20240103,000000,1,2,0.5,1.5,100,0',
    ].join('\r\n'),
  );
  put(
    'MSFT.csv',
    'Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-02,100,110,90,105,52.5,1000\n2024-01-03,null,null,null,null,null,null\n',
  );
  // A skipped row before its first bar: that issue comes before the 'replace' one.
  put('DEMO.csv', [PLAIN, `${day(0)},x,1,1,1,1`, row(1), row(2)].join('\n'));
  put('BADHEAD.csv', 'what,is,this\n1,2,3\n');
  put('EMPTY.csv', '');
  put('BIN.csv', Buffer.from([80, 0, 1, 2]));
  put('bad name!.csv', [PLAIN, row(1)].join('\n'));
  for (let k = 0; k < PARSE_AHEAD_MIN_FILES; k++)
    put(`S${k}.csv`, [PLAIN, ...Array.from({ length: 50 }, (_, i) => row(i))].join('\n'));
  return dir;
}

async function importInto(dir: string, parseAhead: boolean, parseThreads = 1) {
  const database = await createTestDatabase('sqlite');
  // A demo symbol the import replaces (its 'replace' issue comes between the parsed rows' issues).
  await database.db
    .insertInto('instruments')
    .values(instrumentRow('DEMO', { synthetic: 1 }))
    .execute();
  await insertBars(database.db, [flatBar('DEMO', '1980-01-02', 5)]);
  const report = await importPaths(database, [dir], { now: () => 7, parseAhead, parseThreads });
  const bars = await readBarRows(database.db);
  const instruments = await database.db.selectFrom('instruments').selectAll().orderBy('symbol').execute();
  await database.destroy();
  return { report, bars, instruments };
}

describe('parsing ahead in other threads', () => {
  it('gives the import exactly the report, bars and instruments of parsing in the main thread', async () => {
    const dir = tricky();
    const alone = await importInto(dir, false);
    const ahead = await importInto(dir, true);
    expect(ahead.report).toEqual(alone.report);
    expect(ahead.bars).toEqual(alone.bars);
    expect(ahead.instruments).toEqual(alone.instruments);
    // Three threads, the files dealt out in turn: still the same, in the same order.
    const three = await importInto(dir, true, 3);
    expect(three.report).toEqual(alone.report);
    expect(three.bars).toEqual(alone.bars);
    expect(three.instruments).toEqual(alone.instruments);
    // The folder exercised what it was made for.
    const reasons = alone.report.issues.map((i) => `${path.basename(i.file)} ${i.action}`);
    expect(reasons).toContain('DEMO.csv replace');
    expect(reasons).toContain('AAA.csv repair');
    expect(reasons).toContain('NOISY.csv skip');
    expect(alone.report.rejectedFiles.map((f) => path.basename(f)).sort()).toEqual([
      'BADHEAD.csv',
      'BIN.csv',
      'EMPTY.csv',
      'bad name!.csv',
    ]);
    expect(alone.report.issues.filter((i) => i.file.endsWith('NOISY.csv'))).toHaveLength(MAX_ISSUES_PER_FILE + 1);
    expect(alone.bars.filter((b) => b.symbol === 'NOISY')).toHaveLength(100);
    expect(alone.bars.filter((b) => b.symbol === 'AAA').length).toBeGreaterThan(2 * BATCH_ROWS);
  }, 60_000);

  it('hands the main thread a daily file parsed whole, and leaves it the rest ("self")', async () => {
    const dir = tricky();
    const jobs = ['AAA.csv', 'instruments.csv', 'BADHEAD.csv', 'multi.txt'].map((name) => ({
      path: path.join(dir, name),
      name,
      symbol: undefined,
      open: {},
    }));
    const ahead = new ParseAhead(jobs);
    try {
      const aaa = ahead.take(0);
      expect(aaa.kind).toBe('daily');
      if (aaa.kind === 'daily') {
        expect(aaa.batches.reduce((n, b) => n + (b.bars?.days.length ?? 0), 0)).toBeGreaterThan(2 * BATCH_ROWS);
        expect(aaa.batches[0]!.bars!.runs).toEqual([['AAA', BATCH_ROWS]]);
        expect(aaa.batches[0]!.bars!.values).toHaveLength(BATCH_ROWS * 5);
      }
      expect(ahead.take(1)).toEqual({ kind: 'self' });
      expect(ahead.take(2)).toEqual({ kind: 'self' });
      const multi = ahead.take(3);
      expect(multi.kind === 'daily' && multi.batches[0]!.bars!.runs).toEqual([
        ['BBB', 1],
        ['CCC', 1],
        ['BBB', 1],
      ]);
    } finally {
      await ahead.close();
    }
  }, 60_000);
});
