import type { PriceSeries } from '@solstice/analytics';
import type { InstrumentInfo, MarketCache } from './market-cache.js';
import { marketAsOf } from './market-as-of.js';

/** A USD stock on the NYSE calendar named after its symbol, with no exchange, sector, industry or market cap, unless `p` says otherwise. */
export function plainInstrument(p: Partial<InstrumentInfo> & { symbol: string }): InstrumentInfo {
  const unknown = { exchange: null, sector: null, industry: null, marketCap: null };
  const nyse = { assetClass: 'equity', timezone: 'America/New_York', calendar: 'nyse', hasVolume: true } as const;
  return { name: p.symbol, type: 'stock', currency: 'USD', synthetic: false, ...unknown, ...nyse, ...p };
}

/**
 * A MarketCache over series given in memory, for unit tests of code that reads the cache.
 * Instruments without a given InstrumentInfo get a plain stock entry.
 */
export function createMemoryMarketCache(
  series: readonly PriceSeries[],
  instruments: readonly Partial<InstrumentInfo>[] = [],
): MarketCache {
  const info = new Map<string, InstrumentInfo>();
  const fill = plainInstrument;
  for (const i of instruments) if (i.symbol) info.set(i.symbol, fill({ ...i, symbol: i.symbol }));
  for (const s of series) if (!info.has(s.symbol)) info.set(s.symbol, fill({ symbol: s.symbol }));
  const bySymbol = new Map(series.map((s) => [s.symbol, s]));
  const sorted = [...info.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  const asOf = marketAsOf(series, (symbol) => info.get(symbol));
  let version = 1;
  return {
    get version() {
      return version;
    },
    asOf: () => asOf,
    instruments: () => sorted,
    instrument: (symbol) => info.get(symbol),
    series: (symbol) => bySymbol.get(symbol),
    reload: () => {
      version += 1;
      return Promise.resolve();
    },
  };
}
