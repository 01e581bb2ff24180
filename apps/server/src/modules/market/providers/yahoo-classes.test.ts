import { describe, expect, it } from 'vitest';
import { FakeMarket, startFakeYahoo } from '../../../testing/fake-providers/index.js';
import { withAssetClasses } from '../../../testing/fake-providers/asset-classes.js';
import { FAST, providerFailure as failure, useFakeProviderApi } from '../../../testing/fake-providers/test-deps.js';
import { createYahooProvider } from './yahoo.js';

const NOW = Date.parse('2026-03-18T12:00:00Z');

describe('Yahoo adapter: crypto, currencies, futures and indexes (§15)', () => {
  const { market, fake, t } = useFakeProviderApi(
    () => withAssetClasses(new FakeMarket('2026-03-17').add('AAPL', { from: '2025-06-02' })),
    (m) => startFakeYahoo(m),
  );
  const yahoo = () =>
    createYahooProvider({ baseUrl: fake.baseUrl, policy: { ...FAST, timeoutMs: 10_000 }, deps: t.deps });

  it('describes each class from the meta block of the last 31 days', async () => {
    const described = [];
    for (const symbol of ['BTC-USD', 'EURUSD=X', 'GC=F', '^VIX', 'AAPL'])
      described.push(await yahoo().describe!(symbol, NOW));
    expect(
      described.map(({ symbol, assetClass, currency, timezone, calendar, hasVolume, type }) => ({
        symbol,
        assetClass,
        currency,
        timezone,
        calendar,
        hasVolume,
        type,
      })),
    ).toEqual([
      {
        symbol: 'BTC-USD',
        assetClass: 'crypto',
        currency: 'USD',
        timezone: 'UTC',
        calendar: 'crypto',
        hasVolume: true,
        type: 'crypto',
      },
      {
        symbol: 'EURUSD=X',
        assetClass: 'fx',
        currency: 'USD',
        timezone: 'Europe/London',
        calendar: 'fx',
        hasVolume: false,
        type: 'fx',
      },
      {
        symbol: 'GC=F',
        assetClass: 'future',
        currency: 'USD',
        timezone: 'America/New_York',
        calendar: 'exchange',
        hasVolume: true,
        type: 'future',
      },
      {
        symbol: '^VIX',
        assetClass: 'index',
        currency: 'USD',
        timezone: 'America/Chicago',
        calendar: 'exchange',
        hasVolume: false,
        type: 'index',
      },
      {
        symbol: 'AAPL',
        assetClass: 'equity',
        currency: 'USD',
        timezone: 'America/New_York',
        calendar: 'nyse',
        hasVolume: true,
        type: 'stock',
      },
    ]);
    expect(described[2]!.name).toBe('Gold'); // "Gold Dec 26" without its contract month
    expect(described[2]!.exchange).toBe('COMEX');
    expect(described[3]!.exchange).toBe('Cboe Indices');
    const request = fake.requests[0]!;
    expect(request.query.period2).toBe(String(NOW / 1000));
    expect(Number(request.query.period2) - Number(request.query.period1)).toBe(31 * 86_400);
    expect(fake.requests.map((r) => r.path)).toContain('/v8/finance/chart/%5EVIX');
    expect(fake.requests.map((r) => r.path)).toContain('/v8/finance/chart/EURUSD%3DX');
  });

  it('refuses a mutual fund and an unknown symbol by name', async () => {
    const fund = await failure(yahoo().describe!('VFIAX', NOW));
    expect(fund.message).toBe('Yahoo VFIAX: unsupported instrument type MUTUALFUND');
    const unknown = await failure(yahoo().describe!('ZZZQX=F', NOW));
    expect(unknown.detail).toBe('unknown symbol (Not Found: No data found, symbol may be delisted)');
  });

  it('keeps every bar as served on its own calendar, dated in its own zone', async () => {
    const from = '2025-06-02';
    const to = '2026-03-16';
    const served = (symbol: string) => market.adjusted(symbol).filter((b) => b.date >= from && b.date <= to);
    const btc = await yahoo().fetchHistory('BTC-USD', from, to, undefined, 'crypto');
    expect(btc.bars.map((b) => b.date)).toEqual(served('BTC-USD').map((b) => b.date));
    expect(btc.bars).toHaveLength(288); // every day from 06-02 to 03-16
    const eur = await yahoo().fetchHistory('EURUSD=X', from, to, undefined, 'fx');
    expect(eur.bars).toEqual(served('EURUSD=X'));
    // NYSE holidays are fx days: July 4th, Thanksgiving, Christmas, New Year's Day
    for (const holiday of ['2025-07-04', '2025-11-27', '2025-12-25', '2026-01-01'])
      expect(eur.bars.map((b) => b.date)).toContain(holiday);
    expect(eur.issues).toEqual([]);
    const gold = await yahoo().fetchHistory('GC=F', from, to, undefined, 'exchange');
    expect(gold.bars).toEqual(served('GC=F'));
    const vix = await yahoo().fetchHistory('^VIX', from, to, undefined, 'exchange');
    expect(vix.bars).toEqual(served('^VIX'));
    expect(vix.bars.every((b) => b.volume === 0)).toBe(true);
    // The same crypto answer put through the NYSE calendar loses its weekends.
    const nyse = await yahoo().fetchHistory('BTC-USD', '2026-03-06', '2026-03-09');
    expect(nyse.bars.map((b) => b.date)).toEqual(['2026-03-06', '2026-03-09']);
    expect(nyse.issues.map((i) => i.reason)).toEqual([
      '2026-03-07: not an NYSE session',
      '2026-03-08: not an NYSE session',
    ]);
  });

  it('asks from 00:00 UTC of the day before: a summer London-midnight bar is stamped 23:00 UTC the day before', async () => {
    const eur = await yahoo().fetchHistory('EURUSD=X', '2025-07-07', '2025-07-07', undefined, 'fx');
    expect(eur.bars.map((b) => b.date)).toEqual(['2025-07-07']);
    const request = fake.requests.at(-1)!;
    expect(request.query.period1).toBe(String(Date.UTC(2025, 6, 6) / 1000));
    expect(request.query.period2).toBe(String(Date.UTC(2025, 6, 9) / 1000));
  });

  it('skips a weekend row of a currency with the issue', async () => {
    const eur = await yahoo().fetchHistory('BTC-USD', '2026-03-06', '2026-03-09', undefined, 'fx');
    expect(eur.bars.map((b) => b.date)).toEqual(['2026-03-06', '2026-03-09']);
    expect(eur.issues.map((i) => i.reason)).toEqual([
      '2026-03-07: not an fx session (weekend)',
      '2026-03-08: not an fx session (weekend)',
    ]);
  });
});
