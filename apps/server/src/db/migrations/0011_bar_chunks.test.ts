import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readBarRows, type DailyBar } from '../../modules/market/bars/stored-series.js';
import { useScratchMigrations } from '../../testing/scratch-migrations.js';
import { testDialects } from '../../testing/test-databases.js';

type OldBar = DailyBar;

const OLD: OldBar[] = [
  // Across a year's end, a leap day, and a second symbol with one bar.
  ['AAA', '2019-12-30', 10.5],
  ['AAA', '2019-12-31', 11.25],
  ['AAA', '2020-01-02', 0.1 + 0.2],
  ['AAA', '2020-02-29', 12],
  ['AAA', '2021-06-01', 13],
  ['BBB', '1999-03-04', 99.99],
].map(([symbol, date, close]) => ({
  symbol: symbol as string,
  date: date as string,
  open: (close as number) - 0.5,
  high: (close as number) + 1,
  low: (close as number) - 1,
  close: close as number,
  volume: 123_456_789,
}));

describe.each(testDialects())('migration 0011: bars move from a row a bar to a chunk a year (%s)', (dialect) => {
  const open = useScratchMigrations(dialect);

  /** A database at 0010 holding the bars OLD in daily_bars, and its migrator. */
  async function withOldBars(label: string) {
    const { handle, migrator: m } = await open(label);
    expect((await m.migrateTo('0010_tutorial_seen')).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<{ daily_bars: OldBar }>;
    await db.insertInto('daily_bars').values(OLD).execute();
    return { handle, m, db };
  }

  it('moves every bar over exactly, and moves them back going down', async () => {
    const { handle, m, db } = await withOldBars('chunks');

    expect((await m.migrateTo('0011_bar_chunks')).error).toBeUndefined();
    expect(await readBarRows(handle.db)).toEqual(OLD);
    const chunks = await handle.db
      .selectFrom('bar_chunks')
      .select(['symbol', 'year', 'bars', 'first_date', 'last_date'])
      .orderBy('symbol')
      .orderBy('year')
      .execute();
    expect(chunks).toEqual([
      { symbol: 'AAA', year: 2019, bars: 2, first_date: '2019-12-30', last_date: '2019-12-31' },
      { symbol: 'AAA', year: 2020, bars: 2, first_date: '2020-01-02', last_date: '2020-02-29' },
      { symbol: 'AAA', year: 2021, bars: 1, first_date: '2021-06-01', last_date: '2021-06-01' },
      { symbol: 'BBB', year: 1999, bars: 1, first_date: '1999-03-04', last_date: '1999-03-04' },
    ]);
    await expect(sql`SELECT count(*) FROM daily_bars`.execute(handle.db)).rejects.toThrow();

    expect((await m.migrateTo('0010_tutorial_seen')).error).toBeUndefined();
    const back = await db.selectFrom('daily_bars').selectAll().orderBy('symbol').orderBy('date').execute();
    expect(
      back.map((r) => ({ ...r, open: +r.open, high: +r.high, low: +r.low, close: +r.close, volume: +r.volume })),
    ).toEqual(OLD);
  });

  it('moves nothing when it fails midway: the rows stay, no chunk table, and it runs again once fixed', async () => {
    const { handle, m, db } = await withOldBars('chunks-fail');
    // An index already named as the one the migration makes: it fails after creating its table.
    await sql`CREATE INDEX bar_chunks_last_date_idx ON daily_bars (close)`.execute(handle.db);
    expect((await m.migrateTo('0011_bar_chunks')).error).toBeDefined();
    await expect(sql`SELECT count(*) FROM bar_chunks`.execute(handle.db)).rejects.toThrow();
    const rows = await db.selectFrom('daily_bars').select('symbol').execute();
    expect(rows).toHaveLength(OLD.length);
    await sql`DROP INDEX bar_chunks_last_date_idx`.execute(handle.db);
    expect((await m.migrateTo('0011_bar_chunks')).error).toBeUndefined();
    expect(await readBarRows(handle.db)).toEqual(OLD);
  });
});
