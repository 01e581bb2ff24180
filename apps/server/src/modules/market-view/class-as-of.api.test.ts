import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetClass, CalendarName } from '@solstice/contracts';
import { ManualClock } from '../jobs/clock.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { requestAs, signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketRows, flatBar, instrumentRow } from '../../testing/market-fixtures.js';
import { startAssetClassApp } from '../../testing/asset-class-app.js';
import type { FakeYahoo } from '../../testing/fake-providers/index.js';

/** Monday 2026-11-23, noon UTC: crypto's last session is Sunday 11-22; fx's, an exchange's and the NYSE's Friday 11-20. */
const MONDAY = Date.UTC(2026, 10, 23, 12);
/** Tuesday 2026-11-24, noon UTC: every last session is Monday 11-23. */
const TUESDAY = Date.UTC(2026, 10, 24, 12);

const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `2026-11-${String(from + i).padStart(2, '0')}`);

async function seed(t: TestApp): Promise<void> {
  // every row names each column: a multi-row insert leaves no column to its default
  const row = (
    symbol: string,
    assetClass: AssetClass,
    calendar: CalendarName,
    timezone: string,
    more: { sector?: string; industry?: string; has_volume?: number } = {},
  ) =>
    instrumentRow(symbol, {
      name: `${symbol} name`,
      type: assetClass === 'equity' ? 'stock' : assetClass,
      asset_class: assetClass,
      calendar,
      timezone,
      sector: more.sector ?? null,
      industry: more.industry ?? null,
      has_volume: more.has_volume ?? 1,
    });
  const ny = 'America/New_York';
  await addMarketRows(
    t,
    [
      row('AAA', 'equity', 'nyse', ny, { sector: 'Energy', industry: 'Oil' }),
      row('BBB', 'equity', 'nyse', ny, { sector: 'Technology', industry: 'Software' }),
      row('^GSPC', 'index', 'nyse', ny),
      row('GC=F', 'future', 'exchange', ny),
      row('EURUSD=X', 'fx', 'fx', 'Europe/London', { has_volume: 0 }),
      row('BTC-USD', 'crypto', 'crypto', 'UTC'),
      row('ETH-USD', 'crypto', 'crypto', 'UTC'),
      row('SOL-USD', 'crypto', 'crypto', 'UTC'),
    ],
    [
      // Wednesday to Friday for the NYSE and fx; the future's Friday is missing (a holiday of its exchange)
      ...days(18, 20).map((d, i) => flatBar('AAA', d, 10 + i)),
      ...days(18, 20).map((d, i) => flatBar('BBB', d, 20 - i)),
      ...days(18, 20).map((d, i) => flatBar('^GSPC', d, 6000 + i)),
      ...days(18, 19).map((d, i) => flatBar('GC=F', d, 2300 + i)),
      ...days(18, 20).map((d, i) => flatBar('EURUSD=X', d, 1.08 + i / 100, 0)),
      // crypto over the weekend: more of them than NYSE instruments, SOL a day behind
      ...days(18, 22).map((d, i) => flatBar('BTC-USD', d, 90_000 + 1000 * i)),
      ...days(18, 22).map((d, i) => flatBar('ETH-USD', d, 3000 + 10 * i)),
      ...days(18, 21).map((d, i) => flatBar('SOL-USD', d, 200 + i)),
    ],
  );
}

describe.each(testDialects())('the market-wide as-of and each class’s own as-of on %s', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let member: SignedIn;
  beforeAll(async () => {
    clock = new ManualClock(MONDAY);
    t = await createTestApp(dialect, {}, { clock });
    await seed(t);
    member = await signedInUser(t, { subscriber: true });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => {
    const res = await requestAs(t, member, 'GET', url);
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it('the market is at the NYSE instruments’ Friday, whatever the crypto bars of the weekend', async () => {
    clock.set(MONDAY);
    expect(t.services.market.asOf()).toBe('2026-11-20');
    const overview = await get('/api/v1/market/overview');
    expect(overview).toMatchObject({ asOf: '2026-11-20', stale: 0 });
    expect(overview.breadth).toMatchObject({ total: 2, advancers: 1, decliners: 1 });
    const scan = await requestAs(t, member, 'POST', '/api/v1/scanner', { expression: 'close > 0' });
    expect(scan.json()).toMatchObject({ asOf: '2026-11-20', stale: 0 });
    expect((await get('/api/v1/heatmap?size=equal')).asOf).toBe('2026-11-20');
  });

  it('each class is as of the earliest last bar of its current instruments; the stale are counted, not listed', async () => {
    clock.set(MONDAY);
    const { assetGroups } = await get('/api/v1/market/overview');
    const summary = (g: {
      assetClass: string;
      asOf: string | null;
      stale: number;
      instruments: { symbol: string }[];
    }) => [g.assetClass, g.asOf, g.stale, g.instruments.map((i) => i.symbol)];
    expect(assetGroups.map(summary)).toEqual([
      ['index', '2026-11-20', 0, ['^GSPC']],
      // one weekday behind its exchange's expected session is not stale (a holiday of its own)
      ['future', '2026-11-19', 0, ['GC=F']],
      ['fx', '2026-11-20', 0, ['EURUSD=X']],
      ['crypto', '2026-11-22', 1, ['BTC-USD', 'ETH-USD']],
    ]);
    expect(assetGroups[3].instruments[0]).toEqual({
      symbol: 'BTC-USD',
      name: 'BTC-USD name',
      currency: 'USD',
      asOf: '2026-11-22',
      close: 94_000,
      change1d: expect.any(Number),
    });
  });

  it('staleness moves with the clock, without a change of the data', async () => {
    clock.set(TUESDAY);
    const { asOf, assetGroups } = await get('/api/v1/market/overview');
    expect(asOf).toBe('2026-11-20');
    expect(
      assetGroups.map((g: { assetClass: string; asOf: string | null; stale: number }) => [
        g.assetClass,
        g.asOf,
        g.stale,
      ]),
    ).toEqual([
      ['index', null, 1],
      // two weekdays (Friday, Monday) after its last bar: still current
      ['future', '2026-11-19', 0],
      ['fx', null, 1],
      ['crypto', null, 3],
    ]);
    expect(assetGroups[3].instruments).toEqual([]);
    const heatmap = await get('/api/v1/heatmap?size=equal');
    expect(heatmap.assetGroups.map((g: { assetClass: string; stale: number }) => [g.assetClass, g.stale])).toEqual([
      ['index', 1],
      ['future', 0],
      ['fx', 1],
      ['crypto', 3],
    ]);
    clock.set(MONDAY);
  });

  it('the heatmap: the equity sectors, then a group per class with its as-of, tiles of one size', async () => {
    clock.set(MONDAY);
    const body = await get('/api/v1/heatmap?period=1d&size=equal');
    expect(body.tree.children.map((s: { name: string }) => s.name)).toEqual(['Energy', 'Technology']);
    const groups = body.assetGroups as {
      assetClass: string;
      asOf: string | null;
      stale: number;
      size: number;
      change: number | null;
      children: {
        symbol: string;
        size: number;
        change: number | null;
        close: number | null;
        volume: number | null;
        spark: number[];
      }[];
    }[];
    expect(groups.map((g) => [g.assetClass, g.asOf, g.stale, g.size, g.children.map((l) => l.symbol)])).toEqual([
      ['index', '2026-11-20', 0, 1, ['^GSPC']],
      ['future', '2026-11-19', 0, 1, ['GC=F']],
      ['fx', '2026-11-20', 0, 1, ['EURUSD=X']],
      ['crypto', '2026-11-22', 1, 2, ['BTC-USD', 'ETH-USD']],
    ]);
    const [btc, eth] = groups[3]!.children;
    // each at its own latest bar: BTC's Sunday against its Saturday
    expect(btc).toMatchObject({ size: 1, close: 94_000, volume: 1000 });
    expect(btc!.change).toBeCloseTo(94_000 / 93_000 - 1, 12);
    expect(btc!.spark).toEqual([90_000, 91_000, 92_000, 93_000, 94_000]);
    expect(groups[3]!.change).toBeCloseTo((btc!.change! + eth!.change!) / 2, 12);
    // no volume for fx: none on its tile
    expect(groups[2]!.children[0]!.volume).toBeNull();
    expect(groups[2]!.children[0]!.close).toBeCloseTo(1.1, 12);
    // a week back: the future's two bars do not reach it
    const weekly = await get('/api/v1/heatmap?period=1w&size=equal');
    expect(weekly.assetGroups[1].children[0].change).toBeNull();
  });

  it('a list’s other classes go to their groups (the as-of over the listed ones), a sector has none', async () => {
    clock.set(MONDAY);
    const list = await get('/api/v1/heatmap?universe=AAA,SOL-USD,BTC-USD&size=equal');
    const leaves = list.tree.children.flatMap((s: { children: { children: { symbol: string }[] }[] }) =>
      s.children.flatMap((i) => i.children.map((l) => l.symbol)),
    );
    expect(leaves).toEqual(['AAA']);
    expect(
      list.assetGroups.map((g: { assetClass: string; asOf: string; stale: number; children: { symbol: string }[] }) => [
        g.assetClass,
        g.asOf,
        g.stale,
        g.children.map((l) => l.symbol),
      ]),
    ).toEqual([['crypto', '2026-11-22', 1, ['BTC-USD']]]);
    const sector = await get('/api/v1/heatmap?universe=sector:Energy&size=equal');
    expect(sector.assetGroups).toBeUndefined();
    const stocks = await get('/api/v1/heatmap?universe=AAA,BBB&size=equal');
    expect(stocks.assetGroups).toBeUndefined();
  });
});

/** Wednesday 2026-03-18, 12:00 UTC: the stand-in serves up to the day before. */
const WEDNESDAY = Date.UTC(2026, 2, 18, 12);

describe.each(testDialects())('class groups of the instruments an admin added from Yahoo (%s)', (dialect) => {
  let t: TestApp;
  let yahoo: FakeYahoo;
  let admin: SignedIn;
  beforeAll(async () => {
    ({ t, yahoo, admin } = await startAssetClassApp(
      dialect,
      ['SPY', 'BTC-USD', 'EURUSD=X', 'GC=F', '^VIX'],
      WEDNESDAY,
    ));
  });
  afterAll(async () => {
    await t?.close();
    await yahoo?.close();
  });
  const groupsOf = async (url: string) => {
    const res = await requestAs(t, admin, 'GET', url);
    expect(res.statusCode, url).toBe(200);
    const body = res.json();
    return {
      asOf: body.asOf,
      groups: (body.assetGroups as { assetClass: string; asOf: string | null; stale: number }[]).map((g) => [
        g.assetClass,
        g.asOf,
        g.stale,
      ]),
    };
  };

  it('each class at its own last session; a day later crypto and fx are stale, the exchanges not yet', async () => {
    const clock = t.services.clock as ManualClock;
    const tuesday = [
      ['index', '2026-03-17', 0],
      ['future', '2026-03-17', 0],
      ['fx', '2026-03-17', 0],
      ['crypto', '2026-03-17', 0],
    ];
    expect(await groupsOf('/api/v1/market/overview')).toEqual({ asOf: '2026-03-17', groups: tuesday });
    // SPY is an ETF: no sector of stocks, only the groups
    const heatmap = await groupsOf('/api/v1/heatmap?size=equal');
    expect(heatmap).toEqual({ asOf: '2026-03-17', groups: tuesday });
    clock.set(WEDNESDAY + 86_400_000);
    expect(await groupsOf('/api/v1/market/overview')).toEqual({
      asOf: '2026-03-17',
      groups: [
        ['index', '2026-03-17', 0],
        ['future', '2026-03-17', 0],
        ['fx', null, 1],
        ['crypto', null, 1],
      ],
    });
    clock.set(WEDNESDAY);
  });
});
