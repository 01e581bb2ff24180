import type { TestApp } from './test-app.js';

export interface TestInstrument {
  symbol: string;
  name?: string;
  type?: 'stock' | 'etf' | 'index';
  sector?: string | null;
  industry?: string | null;
  marketCap?: number | null;
}

/** Closes on dates; open, high and low equal the close. */
export type TestBars = Record<string, ReadonlyArray<readonly [date: string, close: number]>>;

/** Inserts instruments (and bars) into a test app's database and reloads its market cache. */
export async function addMarketData(
  t: Pick<TestApp, 'database' | 'services'>,
  instruments: TestInstrument[],
  bars: TestBars = {},
) {
  const db = t.database.db;
  if (instruments.length > 0) {
    await db
      .insertInto('instruments')
      .values(
        instruments.map((i) => ({
          symbol: i.symbol,
          name: i.name ?? `${i.symbol} Inc.`,
          type: i.type ?? 'stock',
          exchange: null,
          sector: i.sector ?? null,
          industry: i.industry ?? null,
          currency: 'USD',
          market_cap: i.marketCap ?? null,
          synthetic: 0,
          updated_at: 0,
        })),
      )
      .execute();
  }
  const rows = Object.entries(bars).flatMap(([symbol, list]) =>
    list.map(([date, close]) => ({ symbol, date, open: close, high: close, low: close, close, volume: 1000 })),
  );
  for (let k = 0; k < rows.length; k += 500)
    await db
      .insertInto('daily_bars')
      .values(rows.slice(k, k + 500))
      .execute();
  await t.services.market.reload();
}
