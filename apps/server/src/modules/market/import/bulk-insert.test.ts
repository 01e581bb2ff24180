import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/test-databases.js';
import { BarInsertBuffer, INSERT_ROWS } from './bulk-insert.js';

describe('BarInsertBuffer', () => {
  it('writes every row as given: full buffers of one symbol, of mixed symbols, and the rest one by one', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const buffer = new BarInsertBuffer(database.sqlite!);
      const day = (i: number) => new Date(Date.UTC(2001, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      type Row = [string, string, number, number, number, number, number];
      const rows: Row[] = [];
      // One symbol's 64 rows; then 64 whose symbols alternate (a Stooq file); then a few more.
      for (let i = 0; i < INSERT_ROWS; i++) rows.push(['AAA', day(i), i + 0.5, i + 2, i, i + 1, 1000 + i]);
      for (let i = 0; i < INSERT_ROWS; i++) rows.push([i % 2 ? 'BBB' : 'CCC', day(i), i + 0.25, i + 3, i, i + 1.5, i]);
      for (let i = 0; i < 5; i++) rows.push(['DDD', day(i), 1, 2, 0.5, 1.5, i]);
      // Mixed from the second row only: the first row's symbol must not be taken for all.
      for (let i = 0; i < INSERT_ROWS; i++) rows.push([i === 0 ? 'EEE' : 'FFF', day(100 + i), 1, 2, 0.5, 1.5, i]);
      database.sqlite!.transaction(() => {
        for (const r of rows) buffer.add(...r);
        buffer.flush();
      })();
      const stored = database
        .sqlite!.prepare('SELECT symbol, date, open, high, low, close, volume FROM daily_bars ORDER BY symbol, date')
        .raw(true)
        .all();
      const expected = [...rows].sort((a, b) => (a[0] + a[1] < b[0] + b[1] ? -1 : 1));
      expect(stored).toEqual(expected);
    } finally {
      await database.destroy();
    }
  });
});
