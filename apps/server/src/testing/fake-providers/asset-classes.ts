import type { FakeMarket } from './fake-market.js';

/**
 * The four classes of issue #46 as the Yahoo stand-in serves them: BTC-USD every day,
 * EURUSD=X Monday–Friday with the NYSE holidays and no volume, GC=F with contract rolls,
 * ^VIX without volume; VFIAX a mutual fund (refused), ZZZQX=F unknown (404).
 */
export const GOLD_ROLLS = [
  { date: '2025-08-27', gap: 0.031 },
  { date: '2025-11-25', gap: -0.024 },
  { date: '2026-01-28', gap: 0.027 },
];

export function withAssetClasses(market: FakeMarket, from = '2025-06-02'): FakeMarket {
  return market
    .add('BTC-USD', { kind: 'crypto', from, price: 60_000 })
    .add('EURUSD=X', { kind: 'fx', from, price: 1.08 })
    .add('GC=F', { kind: 'future', from, price: 2300, rolls: GOLD_ROLLS })
    .add('^VIX', { kind: 'index', from, price: 15, volume: false })
    .add('VFIAX', { kind: 'mutualfund', from, price: 500 });
}
