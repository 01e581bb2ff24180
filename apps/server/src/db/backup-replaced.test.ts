import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SQLite } from './sqlite-driver.js';
import { backupDatabase } from './backup.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

/** Decision 0044: the bars a history replacement removed are kept until the next backup holds them. */
describe('replaced bars and the next backup (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-replaced-'));
    handle = await openDatabase(`file:${path.join(dir, 'live.db')}`);
    await migrateToLatest(handle);
  });
  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a backup takes the replaced bars along and the live database forgets them', async () => {
    const chunk = { symbol: 'WTW', year: 2017, bars: 2, first_date: '2017-01-03', last_date: '2017-01-04' };
    const earlier = Date.now() - 1000;
    await handle.db
      .insertInto('replaced_bar_chunks')
      .values({ ...chunk, replaced_at: earlier, data: new Uint8Array([1, 2, 3]) })
      .execute();
    const file = path.join(dir, 'backup.db');
    await backupDatabase(`file:${path.join(dir, 'live.db')}`, file);
    expect(await handle.db.selectFrom('replaced_bar_chunks').selectAll().execute()).toEqual([]);
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.prepare('SELECT symbol, replaced_at, year FROM replaced_bar_chunks').all()).toEqual([
        { symbol: 'WTW', replaced_at: earlier, year: 2017 },
      ]);
    } finally {
      copy.close();
    }
  });
});
