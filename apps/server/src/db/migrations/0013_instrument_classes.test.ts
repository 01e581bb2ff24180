import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useScratchMigrations } from '../../testing/scratch-migrations.js';
import { testDialects } from '../../testing/test-databases.js';

interface OldInstrument {
  symbol: string;
  name: string;
  type: string;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  currency: string;
  market_cap: number | null;
  synthetic: number;
  updated_at: number;
  tracked: number;
}

type NewInstrument = OldInstrument & {
  asset_class?: string;
  timezone?: string;
  calendar?: string;
  has_volume?: number;
};

const OLD: OldInstrument[] = [
  ['AAPL', 'stock', 'Information Technology', 1],
  ['SPY', 'etf', null, 1],
  ['^GSPC', 'index', null, 0],
].map(([symbol, type, sector, tracked]) => ({
  symbol: symbol as string,
  name: `${symbol as string} name`,
  type: type as string,
  exchange: 'NYSE',
  sector: sector as string | null,
  industry: null,
  currency: 'USD',
  market_cap: type === 'stock' ? 3.5e12 : null,
  synthetic: 0,
  updated_at: 1_700_000_000_000,
  tracked: tracked as number,
}));

const byNumber = (r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+(\.\d+)?(e\+\d+)?$/.test(v) ? Number(v) : v]),
  );

describe.each(testDialects())('migration 0013: instruments carry their class and calendar (%s)', (dialect) => {
  const open = useScratchMigrations(dialect);

  it('keeps the shared universe as it was (equity/etf/index, New York, nyse) and takes the new classes', async () => {
    const { handle, migrator: m } = await open('classes');
    expect((await m.migrateTo('0012_alert_deliveries')).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<{ instruments: NewInstrument }>;
    await db.insertInto('instruments').values(OLD).execute();

    expect((await m.migrateTo('0013_instrument_classes')).error).toBeUndefined();
    const rows = (await db.selectFrom('instruments').selectAll().orderBy('symbol').execute()).map(byNumber);
    const sorted = [...OLD].sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
    expect(rows).toEqual(
      sorted.map((o) => ({
        ...o,
        asset_class: o.type === 'stock' ? 'equity' : o.type,
        timezone: 'America/New_York',
        calendar: 'nyse',
        has_volume: 1,
      })),
    );
    await db
      .insertInto('instruments')
      .values({
        ...OLD[0]!,
        symbol: 'BTC-USD',
        type: 'crypto',
        asset_class: 'crypto',
        calendar: 'crypto',
        timezone: 'UTC',
      })
      .execute();
    await expect(
      db
        .insertInto('instruments')
        .values({ ...OLD[0]!, symbol: 'X', asset_class: 'bond' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('instruments')
        .values({ ...OLD[0]!, symbol: 'Y', calendar: 'lse' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('instruments')
        .values({ ...OLD[0]!, symbol: 'Z', type: 'bond' })
        .execute(),
    ).rejects.toThrow();

    expect((await m.migrateTo('0012_alert_deliveries')).error).toBeUndefined();
    const back = (await db.selectFrom('instruments').selectAll().orderBy('symbol').execute()).map(byNumber);
    expect(back).toEqual(sorted);
    await expect(sql`SELECT asset_class FROM instruments`.execute(handle.db)).rejects.toThrow();
  });
});
