import { describe, expect, it } from 'vitest';
import { seriesFromRows } from '@solstice/analytics';
import { flatBar } from '../../testing/market-fixtures.js';
import { createMemoryMarketCache } from './memory-market-cache.js';

const series = (symbol: string, dates: readonly string[]) =>
  seriesFromRows(
    symbol,
    dates.map((d, i) => flatBar(symbol, d, 100 + i)),
  );
const crypto = { assetClass: 'crypto', calendar: 'crypto', timezone: 'UTC' } as const;

describe('the in-memory market cache', () => {
  it('dates the market by its NYSE instruments: a crypto bar of a Saturday does not move it', () => {
    const market = createMemoryMarketCache(
      [series('AAA', ['2026-11-19', '2026-11-20']), series('BTC-USD', ['2026-11-20', '2026-11-21', '2026-11-22'])],
      [{ symbol: 'BTC-USD', ...crypto }],
    );
    expect(market.asOf()).toBe('2026-11-20');
  });

  it('dates a market without NYSE instruments by the latest bar of any; null without bars', () => {
    const market = createMemoryMarketCache(
      [series('BTC-USD', ['2026-11-21', '2026-11-22'])],
      [{ symbol: 'BTC-USD', ...crypto }],
    );
    expect(market.asOf()).toBe('2026-11-22');
    expect(createMemoryMarketCache([]).asOf()).toBeNull();
  });
});
