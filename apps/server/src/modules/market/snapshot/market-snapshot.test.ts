import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceSeries } from '@solstice/analytics';
import { createTestDatabase, testDialects } from '../../../testing/test-databases.js';
import { useTestDatabase } from '../../../testing/test-fixtures.js';
import { createTestSettings } from '../../../testing/test-settings.js';
import { DatabaseMarketCache } from '../database-market-cache.js';
import { importPaths } from '../import/importer.js';
import { loadSeriesFromSql } from '../series-sql-load.js';
import { announceMarketChange } from '../market-events.js';
import { snapshotFileFor } from './market-snapshot.js';
import { refreshMarketSnapshot } from './refresh-snapshot.js';
import { insertBars } from '../../../testing/market-fixtures.js';
import { readBarRows, writeBarRows } from '../bars/stored-series.js';

/** A plain daily file (the symbol from its name) of `days` bars from 2020-01-01, prices from `base`. */
function writeDaily(dir: string, symbol: string, days: number, base: number): string {
  const lines = ['Date,Open,High,Low,Close,Volume'];
  for (let i = 0; i < days; i++) {
    const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const c = base + i / 8;
    lines.push(`${date},${c},${c + 1},${c - 1},${c + 0.25},${1000 + i}`);
  }
  const file = path.join(dir, `${symbol.toLowerCase()}.csv`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Plain arrays, so that a view into the snapshot's buffer compares equal to a standalone array. */
function plain(series: ReadonlyMap<string, PriceSeries> | Map<string, PriceSeries>) {
  return [...series.values()].map((s) => ({
    symbol: s.symbol,
    dates: Array.from(s.dates),
    open: Array.from(s.open),
    high: Array.from(s.high),
    low: Array.from(s.low),
    close: Array.from(s.close),
    volume: Array.from(s.volume),
  }));
}

/** Where a snapshot file's resident part (dates, closes) ends and its on-disk columns begin. */
function residentEnd(bytes: Buffer): number {
  const headerLength = bytes.readUInt32LE(12);
  const header = JSON.parse(bytes.subarray(32, 32 + headerLength).toString('utf8')) as { total: number };
  const pad8 = (n: number) => (n + 7) & ~7;
  return 32 + pad8(headerLength) + pad8(header.total * 4) + header.total * 8;
}

function seriesOf(cache: DatabaseMarketCache): Map<string, PriceSeries> {
  return new Map(cache.symbols().map((s) => [s, cache.series(s)!]));
}

describe.each(testDialects())('market snapshot on %s', (dialect) => {
  const database = useTestDatabase(dialect, 'each');
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-snapshot-'));
    file = path.join(dir, 'market.snapshot');
    await importPaths(database, [writeDaily(dir, 'AAA', 40, 10), writeDaily(dir, 'BBB', 25, 50)]);
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh cache (a process start) on the same database and snapshot file. */
  async function start(): Promise<DatabaseMarketCache> {
    const cache = new DatabaseMarketCache(database, { snapshotFile: file });
    await cache.reload();
    await cache.snapshotWritten();
    return cache;
  }

  async function sqlSeries() {
    const cache = new DatabaseMarketCache(database);
    await cache.reload();
    return plain(seriesOf(cache));
  }

  it('writes the snapshot after a load through SQL and reads back exactly what SQL gives', async () => {
    const loading = new DatabaseMarketCache(database, { snapshotFile: file });
    await loading.reload();
    const loaded = loading.series('AAA')!;
    expect(Object.getOwnPropertyDescriptor(loaded, 'open')?.value).toBeInstanceOf(Float64Array);
    await loading.snapshotWritten();
    // The same object, its open, high, low and volume now read from the file.
    expect(loading.series('AAA')).toBe(loaded);
    expect(Object.getOwnPropertyDescriptor(loaded, 'open')?.get).toBeTypeOf('function');
    fs.rmSync(file);
    const first = await start();
    expect(first.loadedFrom).toBe('sql');
    expect(fs.existsSync(file)).toBe(true);
    // Once the file is written, the cache reads open, high, low and volume from it when asked
    // (the same values), and holds only the dates and closes; its version does not move.
    expect(first.version).toBe(1);
    expect(Object.getOwnPropertyDescriptor(first.series('AAA')!, 'open')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(first.series('AAA')!, 'close')?.value).toBeInstanceOf(Float64Array);
    expect(plain(seriesOf(first))).toEqual(await sqlSeries());
    const second = await start();
    expect(second.loadedFrom).toBe('snapshot');
    // One shared buffer for the dates and closes (the analytics pool reads it in place), and
    // only those: 12 bytes a bar; open, high, low and volume are read from the file when asked.
    const buffer = second.series('AAA')!.dates.buffer;
    expect(buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(second.series('BBB')!.close.buffer).toBe(buffer);
    expect(buffer.byteLength).toBe(65 * 12 + 4);
    expect(second.series('AAA')!.open.buffer).not.toBe(buffer);
    const expected = await sqlSeries();
    expect(expected.map((s) => [s.symbol, s.dates.length])).toEqual([
      ['AAA', 40],
      ['BBB', 25],
    ]);
    expect(plain(seriesOf(second))).toEqual(expected);
    expect(second.asOf()).toBe(first.asOf());
    expect(second.instruments().map((i) => i.symbol)).toEqual(['AAA', 'BBB']);
  });

  it('reads a file whose resident part comes in several pieces at once exactly, and refuses it when its last piece is damaged', async () => {
    // 1,500 bars × 44 bytes: four pieces of 20 KB, read in parallel.
    await importPaths(database, [writeDaily(dir, 'CCC', 1500, 5)]);
    await start();
    const second = await start();
    expect(second.loadedFrom).toBe('snapshot');
    const expected = await sqlSeries();
    expect(expected.find((s) => s.symbol === 'CCC')!.dates.length).toBe(1500);
    expect(plain(seriesOf(second))).toEqual(expected);

    const bytes = fs.readFileSync(file);
    bytes[residentEnd(bytes) - 3]! ^= 0xff;
    fs.writeFileSync(file, bytes);
    const third = await start();
    expect(third.loadedFrom).toBe('sql');
    expect(plain(seriesOf(third))).toEqual(expected);
  });

  it('rebuilds a stale snapshot after an import (new bars, and values corrected in place)', async () => {
    await start();
    await importPaths(database, [writeDaily(dir, 'CCC', 10, 5)]);
    const afterNew = await start();
    expect(afterNew.loadedFrom).toBe('sql');
    expect(afterNew.series('CCC')?.dates.length).toBe(10);
    expect((await start()).loadedFrom).toBe('snapshot');

    // Same rows, same count, same last date: only the values and the data version move.
    await importPaths(database, [writeDaily(dir, 'AAA', 40, 20)]);
    const corrected = await start();
    expect(corrected.loadedFrom).toBe('sql');
    expect(corrected.series('AAA')!.close[0]).toBe(20.25);
    const reread = await start();
    expect(reread.loadedFrom).toBe('snapshot');
    expect(plain(seriesOf(reread))).toEqual(await sqlSeries());
  });

  it('never serves a snapshot whose database changed without an import (count or version moved)', async () => {
    await start();
    await insertBars(database.db, [
      { symbol: 'BBB', date: '2021-01-04', open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 },
    ]);
    const cache = await start();
    expect(cache.loadedFrom).toBe('sql');
    expect(cache.series('BBB')!.dates.length).toBe(26);
    const onDay = (await readBarRows(database.db)).filter((b) => b.date === '2021-01-04');
    await writeBarRows(
      database.db,
      onDay.map((b) => ({ ...b, close: 1.75 })),
    );
    await announceMarketChange(database);
    const again = await start();
    expect(again.loadedFrom).toBe('sql');
    expect(again.series('BBB')!.close[25]).toBe(1.75);
  });

  it('says why a start does not use the snapshot', async () => {
    const messages: string[] = [];
    const log = { warn: (m: string) => messages.push(m), info: (m: string) => messages.push(m) };
    const logged = async () => {
      messages.length = 0;
      const cache = new DatabaseMarketCache(database, { snapshotFile: file, log });
      await cache.reload();
      await cache.snapshotWritten();
      return { from: cache.loadedFrom, messages: [...messages] };
    };
    expect(await logged()).toEqual({
      from: 'sql',
      messages: [`market snapshot ${file}: not used (there is no file yet); loading through SQL`],
    });
    expect(await logged()).toEqual({ from: 'snapshot', messages: [] });
    await announceMarketChange(database);
    expect((await logged()).messages).toEqual([
      `market snapshot ${file}: not used (it was written for another state of the database); loading through SQL`,
    ]);
    const bytes = fs.readFileSync(file);
    bytes[residentEnd(bytes) - 1]! ^= 0xff;
    fs.writeFileSync(file, bytes);
    expect((await logged()).messages).toEqual([
      `market snapshot ${file}: not used (its data does not check out (checksum or length)); loading through SQL`,
    ]);
    fs.writeFileSync(file, 'symbol,date\n');
    expect((await logged()).messages).toEqual([
      `market snapshot ${file}: not used (the file is not a snapshot of this format, or its header does not check out); loading through SQL`,
    ]);
  });

  it('falls back to SQL on a corrupt, truncated or foreign file, and rewrites it', async () => {
    await start();
    const good = fs.readFileSync(file);
    const expected = await sqlSeries();
    const damaged: Array<[string, Buffer]> = [
      ['a flipped byte in the closes', Buffer.from(good).fill(0x55, residentEnd(good) - 20, residentEnd(good) - 19)],
      ['a flipped byte in the header', Buffer.from(good).fill(0x20, 40, 41)],
      ['truncated', good.subarray(0, good.length - 8)],
      ['only the prefix', good.subarray(0, 16)],
      ['empty', Buffer.alloc(0)],
      ['not a snapshot', Buffer.from('date,open\n2020-01-01,1\n')],
    ];
    for (const [what, bytes] of damaged) {
      fs.writeFileSync(file, bytes);
      const cache = await start();
      expect(cache.loadedFrom, what).toBe('sql');
      expect(plain(seriesOf(cache)), what).toEqual(expected);
      expect(fs.readFileSync(file).equals(good), what).toBe(true);
    }
    // A snapshot written for another database is not this one's.
    const other = await createTestDatabase(dialect);
    try {
      await importPaths(other, [writeDaily(dir, 'AAA', 40, 10), writeDaily(dir, 'BBB', 25, 50)]);
      const foreign = new DatabaseMarketCache(other, { snapshotFile: file });
      await foreign.reload();
      await foreign.snapshotWritten();
      expect(foreign.loadedFrom).toBe('sql');
      expect((await start()).loadedFrom).toBe('sql');
    } finally {
      await other.destroy();
    }
  });

  it('reads a damaged series from the file as an error, then loads through SQL and rewrites the file', async () => {
    await start();
    const good = fs.readFileSync(file);
    const expected = await sqlSeries();
    const messages: string[] = [];
    const cache = new DatabaseMarketCache(database, { snapshotFile: file, log: { warn: (m) => messages.push(m) } });
    await cache.reload();
    expect(cache.loadedFrom).toBe('snapshot');
    const version = cache.version;
    // The last byte of the file is BBB's last volume, on disk until asked for; the file is
    // damaged in place after the start (the open file sees it).
    const handle = fs.openSync(file, 'r+');
    fs.writeSync(handle, Buffer.from([good[good.length - 1]! ^ 0xff]), 0, 1, good.length - 1);
    fs.closeSync(handle);
    expect(cache.series('AAA')!.high[0]).toBe(11);
    expect(() => cache.series('BBB')!.volume).toThrow(
      `market snapshot ${file}: the bars of BBB do not check out (the file changed or is damaged)`,
    );
    await vi.waitFor(() => expect(cache.version).toBe(version + 1));
    await cache.snapshotWritten();
    expect(cache.loadedFrom).toBe('sql');
    expect(messages).toEqual([
      `market snapshot ${file}: the bars of BBB do not check out (the file changed or is damaged); reloading through SQL`,
    ]);
    expect(plain(seriesOf(cache))).toEqual(expected);
    expect(fs.readFileSync(file).equals(good)).toBe(true);
    expect((await start()).loadedFrom).toBe('snapshot');
  });

  it('keeps reading the columns of the file it started from after an import replaced that file', async () => {
    await start();
    const before = await start();
    expect(before.loadedFrom).toBe('snapshot');
    await importPaths(database, [writeDaily(dir, 'AAA', 40, 20)]);
    const after = await start();
    expect(after.loadedFrom).toBe('sql');
    // The earlier cache's series still read the file as it was when that cache started.
    expect(before.series('AAA')!.open[0]).toBe(10);
    expect(after.series('AAA')!.open[0]).toBe(20);
  });

  it('is written from what an import into an empty table inserted, equal to the SQL load', async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const settings = createTestSettings({ MARKET_SNAPSHOT: 'true', MARKET_SNAPSHOT_DIR: dir });
      let written: Map<string, PriceSeries> | null = null;
      const files = [writeDaily(dir, 'AAA', 40, 10), writeDaily(dir, 'BBB', 25, 50)];
      await importPaths(fresh, files, { onSeries: (series) => (written = series) });
      if (dialect === 'postgres') {
        expect(written).toBeNull();
        return;
      }
      expect(written).not.toBeNull();
      const cache = new DatabaseMarketCache(fresh);
      await cache.reload();
      expect(plain(written!)).toEqual(plain(seriesOf(cache)));
      expect(await refreshMarketSnapshot(fresh, settings, undefined, written)).toBe('written');
      const target = snapshotFileFor(fresh, settings)!;
      const started = new DatabaseMarketCache(fresh, { snapshotFile: target });
      await started.reload();
      expect(started.loadedFrom).toBe('snapshot');
      expect(plain(seriesOf(started))).toEqual(plain(seriesOf(cache)));
      // Bars already there: nothing given (the import wrote only part of the market).
      let again: Map<string, PriceSeries> | null = null;
      await importPaths(fresh, [files[0]!], { onSeries: (series) => (again = series) });
      expect(again).toBeNull();
      const other = await createTestDatabase(dialect);
      try {
        const twice = path.join(dir, 'twice');
        fs.mkdirSync(twice);
        fs.copyFileSync(files[0]!, path.join(twice, 'aaa.csv'));
        // The second file adds bars to a symbol the first one wrote: what is given is the
        // symbol's whole stored series, as the SQL load reads it.
        const longer = fs.mkdtempSync(path.join(dir, 'longer-'));
        fs.renameSync(writeDaily(longer, 'AAA', 45, 10), path.join(twice, 'aaa.txt'));
        let split: Map<string, PriceSeries> | null = null;
        await importPaths(other, [twice], { onSeries: (series) => (split = series) });
        expect(split).not.toBeNull();
        expect(plain(split!)).toEqual(plain(await loadSeriesFromSql(other)));
      } finally {
        await other.destroy();
      }
      // Counts that do not match the database (series missing) are not trusted: read back instead.
      const partial = new Map([...written!].slice(0, 1));
      fs.rmSync(target);
      expect(await refreshMarketSnapshot(fresh, settings, undefined, partial)).toBe('written');
      const checked = new DatabaseMarketCache(fresh, { snapshotFile: target });
      await checked.reload();
      expect(plain(seriesOf(checked))).toEqual(plain(seriesOf(cache)));
    } finally {
      await fresh.destroy();
    }
  });

  it('is refreshed by the command line after an import (refreshMarketSnapshot)', async () => {
    const settings = createTestSettings({ MARKET_SNAPSHOT: 'true', MARKET_SNAPSHOT_DIR: dir });
    const target = snapshotFileFor(database, settings)!;
    expect(path.dirname(target)).toBe(dir);
    expect(await refreshMarketSnapshot(database, settings)).toBe('written');
    expect(await refreshMarketSnapshot(database, settings)).toBe('fresh');
    const cache = new DatabaseMarketCache(database, { snapshotFile: target });
    await cache.reload();
    expect(cache.loadedFrom).toBe('snapshot');
    expect(plain(seriesOf(cache))).toEqual(await sqlSeries());
    expect(snapshotFileFor(database, createTestSettings({ MARKET_SNAPSHOT: 'false' }))).toBeNull();
    if (dialect === 'sqlite') {
      const next = snapshotFileFor(database, createTestSettings({ MARKET_SNAPSHOT: 'true' }));
      expect(next).toBe(`${path.resolve(database.sqlite!.name)}.market-snapshot`);
    }
  });
});
