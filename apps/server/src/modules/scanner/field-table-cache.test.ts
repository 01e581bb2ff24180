import { describe, expect, it } from 'vitest';
import { seriesFromRows } from '@solstice/analytics';
import { createMemoryMarketCache } from '../market/memory-market-cache.js';
import { marketFieldTable, PAST_TABLES, scanFieldTable } from './field-table-cache.js';

/** Weekdays from Monday 2024-01-01, 20 of them (to Friday 2024-01-26). */
const SESSIONS: string[] = [];
for (let t = Date.UTC(2024, 0, 1); SESSIONS.length < 20; t += 86_400_000) {
  const day = new Date(t).getUTCDay();
  if (day !== 0 && day !== 6) SESSIONS.push(new Date(t).toISOString().slice(0, 10));
}
const bars = (symbol: string) =>
  seriesFromRows(
    symbol,
    SESSIONS.map((date, i) => ({ date, open: i + 1, high: i + 1, low: i + 1, close: i + 1, volume: 10 })),
  );

describe('scanFieldTable: a field table per (data version, scan date)', () => {
  it('is the market table without a date, at the latest session, or after the last bar', async () => {
    const market = createMemoryMarketCache([bars('A'), bars('B')]);
    const latest = marketFieldTable(market);
    expect(latest.asOf).toBe('2024-01-26');
    expect(await scanFieldTable(market)).toBe(latest);
    expect(await scanFieldTable(market, '2024-01-26')).toBe(latest);
    expect(await scanFieldTable(market, '2024-01-28')).toBe(latest);
  });

  it('builds a past date once for every date giving the same session, keeps the latest few, rebuilds on a new version', async () => {
    const market = createMemoryMarketCache([bars('A'), bars('B')]);
    const friday = await scanFieldTable(market, '2024-01-19');
    expect(friday.asOf).toBe('2024-01-19');
    expect(friday.current.price[0]).toBe(15);
    // Saturday and Sunday run on Friday: the same table, not built again.
    expect(await scanFieldTable(market, '2024-01-20')).toBe(friday);
    expect(await scanFieldTable(market, '2024-01-21')).toBe(friday);
    // Concurrent asks for one date share one build.
    const [x, y] = await Promise.all([scanFieldTable(market, '2024-01-05'), scanFieldTable(market, '2024-01-06')]);
    expect(x).toBe(y);
    expect(x.asOf).toBe('2024-01-05');
    // PAST_TABLES other dates asked since: Friday 19 is dropped and built anew.
    for (let i = 0; i < PAST_TABLES; i++) await scanFieldTable(market, SESSIONS[i]!);
    const again = await scanFieldTable(market, '2024-01-19');
    expect(again).not.toBe(friday);
    expect(again).toEqual(friday);
    // A new data version never serves the old tables.
    await market.reload();
    expect(await scanFieldTable(market, '2024-01-19')).not.toBe(again);
  });

  it('builds a past table in steps, letting other work run between them', async () => {
    const market = createMemoryMarketCache(Array.from({ length: 45 }, (_, i) => bars(`S${i}`)));
    let turns = 0;
    let running = true;
    const other = () => {
      turns++;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    const table = await scanFieldTable(market, '2024-01-12');
    running = false;
    expect(table.size).toBe(45);
    // 45 symbols in steps of 10: the other work ran between the steps, at least 4 times.
    expect(turns).toBeGreaterThanOrEqual(4);
  });

  it('is empty with asOf null before every bar', async () => {
    const market = createMemoryMarketCache([bars('A')]);
    const table = await scanFieldTable(market, '2023-12-31');
    expect(table).toMatchObject({ asOf: null, stale: 0, size: 0 });
  });
});
