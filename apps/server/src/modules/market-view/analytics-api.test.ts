import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequest } from '../../testing/bad-request.js';
import { SCAN_PRESETS } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketRows, insertBars, instrumentRow } from '../../testing/market-fixtures.js';
import type { DailyBar as Row } from '../market/bars/stored-series.js';

/** Day i of the test data: 2023-06-01 + i (so bar 259 is 2024-02-15 and bar 213 is 2023-12-31). */
function dateOf(i: number): string {
  return new Date(Date.UTC(2023, 5, 1 + i)).toISOString().slice(0, 10);
}

function bars(
  symbol: string,
  n: number,
  close: (i: number) => number,
  extra: (i: number) => Partial<Row> = () => ({}),
) {
  return Array.from({ length: n }, (_, i) => {
    const c = close(i);
    return { symbol, date: dateOf(i), open: c, high: c + 1, low: c - 1, close: c, volume: 1000, ...extra(i) };
  });
}

async function seed(t: TestApp): Promise<void> {
  const db = t.services.database.db;
  const instrument = (symbol: string, type: 'stock' | 'etf', sector: string | null, industry: string | null) =>
    instrumentRow(symbol, { name: `${symbol} Corp`, type, sector, industry });
  await db
    .insertInto('instruments')
    .values([
      instrument('AAA', 'stock', 'Energy', 'Oil'),
      instrument('BBB', 'stock', 'Energy', 'Gas'),
      instrument('CCC', 'stock', 'Technology', 'Software'),
      instrument('SPY', 'etf', null, null),
    ])
    .execute();
  const rows: Row[] = [
    // rising; the last bar gaps up on five times the volume
    ...bars(
      'AAA',
      260,
      (i) => 100 + i,
      (i) => (i === 259 ? { open: 360, volume: 5000 } : {}),
    ),
    ...bars(
      'BBB',
      260,
      (i) => 300 - i,
      () => ({ volume: 2000 }),
    ),
    ...bars(
      'CCC',
      10,
      (i) => (i === 9 ? 55 : 50),
      () => ({ volume: 100 }),
    ).map((r, i) => ({ ...r, date: dateOf(250 + i) })),
    ...bars(
      'SPY',
      260,
      (i) => (i === 259 ? 404 : 400),
      () => ({ volume: 1e6 }),
    ),
  ];
  await insertBars(db, rows);
  await t.services.market.reload();
}

describe.each(testDialects())('indicators, scanner, heatmap and overview API on %s', (dialect) => {
  let t: TestApp;
  let member: SignedIn;
  let subscriber: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seed(t);
    member = await signedInUser(t);
    subscriber = await signedInUser(t, { subscriber: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, who?: SignedIn) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const scan = (payload: unknown, who: SignedIn = subscriber) =>
    t.app.inject({ method: 'POST', url: '/api/v1/scanner', headers: who.headers, payload: payload as object });

  describe('GET /api/v1/indicators/:symbol', () => {
    it('answers the indicators of the latest bar', async () => {
      const res = await get('/api/v1/indicators/aaa', member);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        symbol: 'AAA',
        asOf: '2024-02-15',
        close: 359,
        sma20: 349.5,
        sma50: 334.5,
        sma200: 259.5,
        bbMiddle: 349.5,
        high52w: 360,
        low52w: 107,
        rsi14: 100,
        avgVolume20: 1200,
        relVolume: 5,
      });
      expect(body.change1d).toBeCloseTo(359 / 358 - 1, 15);
      expect(body.gap).toBeCloseTo(360 / 358 - 1, 15);
      expect(body.perf.ytd).toBeCloseTo(359 / 313 - 1, 15);
      expect(body.perf.y1).toBeCloseTo(359 / 107 - 1, 15);
      expect(body.series).toBeUndefined();
    });

    it('adds the chart series with ?series=1', async () => {
      const res = await get('/api/v1/indicators/CCC?series=1&bars=3', member);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.sma20).toBeNull();
      expect(body.change1d).toBeCloseTo(0.1, 15);
      expect(body.series.dates).toEqual(['2024-02-13', '2024-02-14', '2024-02-15']);
      expect(body.series.close).toEqual([50, 50, 55]);
      expect(body.series.sma20).toEqual([null, null, null]);
    });

    it('404 for an unknown symbol, 400 for a bad one or a bad query, 401 when signed out', async () => {
      expect((await get('/api/v1/indicators/NOPE', member)).json().error.code).toBe('not_found');
      const bad = await get('/api/v1/indicators/A$B', member);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.issues[0].path).toBe('params.symbol');
      const badQuery = await get('/api/v1/indicators/AAA?bars=0&series=1', member);
      expect(badQuery.json().error.details.issues[0].path).toBe('query.bars');
      expect((await get('/api/v1/indicators/AAA')).statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/scanner', () => {
    it('filters, sorts and shapes rows', async () => {
      const res = await scan({ expression: 'close > sma50', sort: 'close', desc: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        asOf: '2024-02-15',
        count: 2,
        notices: [],
        results: [
          { symbol: 'SPY', name: 'SPY Corp', sector: null, close: 404, sma50: 400.08 },
          { symbol: 'AAA', name: 'AAA Corp', sector: 'Energy', close: 359, sma50: 334.5 },
        ],
      });
      const energy = await scan({ expression: 'sector = "energy" and type = "stock"', sort: 'change1d', limit: 1 });
      expect(energy.json().count).toBe(2);
      expect(energy.json().results.map((r: { symbol: string }) => r.symbol)).toEqual(['BBB']);
      const presets = await scan({ expression: 'relVolume >= 2 and gap >= 0.5%' });
      expect(presets.json().results.map((r: { symbol: string }) => r.symbol)).toEqual(['AAA']);
    });

    it('a bad expression is a 400 naming the position and what was expected', async () => {
      const res = await scan({ expression: 'close >' });
      expectBadRequest(res, 'Expected a value after ">" at position 8', {
        path: 'body.expression',
        position: 8,
        expected: 'a value (a number, a "string" or a field)',
      });
    });

    // Issue #21, item 12: arithmetic before comparing, its mistakes pointed at.
    it('calculates with fields: (close - sma50) / sma50 > 0.05, close >= high52w * 0.95', async () => {
      const res = await scan({ expression: '(close - sma50) / sma50 > 0.05', sort: 'symbol' });
      expect(res.statusCode).toBe(200);
      const symbols = res.json().results.map((r: { symbol: string }) => r.symbol);
      // AAA: (359 − 334.5) / 334.5 = 7.3 %; SPY: (404 − 400.08) / 400.08 = 1 %
      expect(symbols).toContain('AAA');
      expect(symbols).not.toContain('SPY');
      expect(res.json().results[0]).toHaveProperty('sma50');
      const dangling = await scan({ expression: 'close >= high52w *' });
      expect(dangling.statusCode).toBe(400);
      expect(dangling.json().error.message).toBe('Expected a value after "*" at position 19');
      expect(dangling.json().error.details.position).toBe(19);
    });

    // Issue #21, item 12: result views ask for their columns and a sparkline per row.
    it('adds the columns a view asks for and each row’s last closes', async () => {
      const res = await scan({
        expression: 'close > sma50',
        sort: 'symbol',
        columns: ['change', 'w1', 'rsi14'],
        spark: true,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body.results[0])).toEqual([
        'symbol',
        'name',
        'sector',
        'close',
        'sma50',
        'change1d',
        'w1',
        'rsi14',
      ]);
      expect(Object.keys(body.sparks).sort()).toEqual(body.results.map((r: { symbol: string }) => r.symbol).sort());
      // AAA's closes end at 359 (its latest bar), 30 of them
      expect(body.sparks.AAA).toHaveLength(30);
      expect(body.sparks.AAA.at(-1)).toBe(359);
      const bad = await scan({ expression: 'close > 1', columns: ['close', 'nope'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.issues).toEqual([{ path: 'body.columns.1', message: 'unknown field "nope"' }]);
      const plain = await scan({ expression: 'close > sma50' });
      expect(plain.json().sparks).toBeUndefined();
    });

    it('rejects unknown body fields, a bad sort and a bad limit', async () => {
      const extra = await scan({ expression: 'close > 1', color: 'red' });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().error.details.issues[0].message).toContain('color');
      const sort = await scan({ expression: 'close > 1', sort: 'nope' });
      expect(sort.json().error.details.issues).toEqual([{ path: 'body.sort', message: 'unknown field "nope"' }]);
      const limit = await scan({ expression: 'close > 1', limit: 0 });
      expect(limit.json().error.details.issues[0].path).toBe('body.limit');
    });

    it('is for subscribers', async () => {
      const res = await scan({ expression: 'close > 1' }, member);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('subscription_required');
    });

    it('lists the presets', async () => {
      const res = await get('/api/v1/scanner/presets', member);
      expect(res.statusCode).toBe(200);
      expect(res.json().presets).toHaveLength(10);
      expect(res.json().presets).toEqual(SCAN_PRESETS);
      // What clients rely on, written out: the table above is what the API is built from.
      expect(res.json().presets[0]).toMatchObject({ id: 'oversold', expression: 'rsi14 < 30', sort: 'rsi14' });
    });
  });

  it('lists the scanner fields and their aliases', async () => {
    const res = await get('/api/v1/scanner/fields', member);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields).toContainEqual({ name: 'rsi14', kind: 'number', available: true });
    // Issue #21, defect 7: what the data has, so the form offers only that.
    expect(body.fields).toContainEqual({ name: 'marketCap', kind: 'number', available: false });
    expect(body.fields).toContainEqual({
      name: 'sector',
      kind: 'text',
      available: true,
      values: ['Energy', 'Technology'],
    });
    expect(body.fields).toContainEqual({ name: 'symbol', kind: 'text', available: true });
    expect(body.aliases['perf.m1']).toBe('m1');
  });

  describe('GET /api/v1/heatmap', () => {
    it('gives the tree, the sector grid and the seasonality grid of the stocks', async () => {
      const res = await get('/api/v1/heatmap?period=1d&size=equal', member);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ asOf: '2024-02-15', period: '1d', size: 'equal', universe: 'all' });
      expect(body.tree.children.map((s: { name: string; size: number }) => [s.name, s.size])).toEqual([
        ['Energy', 2],
        ['Technology', 1],
      ]);
      expect(body.tree.children[0].change).toBeCloseTo((1 / 358 + 41 / 42 - 1) / 2, 15);
      expect(body.sectors.map((r: { sector: string }) => r.sector)).toEqual(['Energy', 'Technology']);
      expect(body.sectors[1].values['1d']).toBeCloseTo(0.1, 15);
      expect(body.seasonality.map((r: { symbol: string }) => r.symbol)).toEqual(['AAA', 'BBB', 'CCC']);
      // AAA January 2024: 100 + 244 over 100 + 213
      expect(body.seasonality[0].values[0]).toBeCloseTo(344 / 313 - 1, 15);
      // Issue #21: complete months with their count and win rate (February 2024 is to date),
      // only the sizes the data has, and the hover card's price, volume and last 20 closes.
      expect(body.seasonality[0].counts[0]).toBe(1);
      expect(body.seasonality[0].winRates[0]).toBe(1);
      expect(body.seasonality[0].counts[1]).toBe(0);
      expect(body.sizes).toEqual(['dollarvolume', 'equal']);
      // US stocks and an ETF only: no group of another class
      expect(body.assetGroups).toBeUndefined();
      const aaa = body.tree.children[0].children
        .flatMap((i: { children: { symbol: string }[] }) => i.children)
        .find((l: { symbol: string }) => l.symbol === 'AAA');
      const series = t.services.market.series('AAA')!;
      const n = series.close.length;
      expect(aaa).toMatchObject({ close: series.close[n - 1], volume: series.volume[n - 1] });
      expect(aaa.spark).toEqual(Array.from(series.close.subarray(n - 20, n)));
    });

    it('takes a list of symbols or a sector and sizes by dollar volume by default', async () => {
      const list = (await get('/api/v1/heatmap?universe=spy,AAA&period=1w', member)).json();
      expect(list.size).toBe('dollarvolume');
      const leaves = list.tree.children.flatMap((s: { children: { children: { symbol: string }[] }[] }) =>
        s.children.flatMap((i) => i.children.map((l) => l.symbol)),
      );
      expect(leaves).toEqual(['SPY', 'AAA']);
      const sector = (await get('/api/v1/heatmap?universe=sector:Technology&size=equal', member)).json();
      expect(sector.tree.children.map((s: { name: string }) => s.name)).toEqual(['Technology']);
      // CCC has 10 bars, so no avgVolume20 and no dollar volume: it cannot be sized
      const unsized = (await get('/api/v1/heatmap?universe=sector:Technology', member)).json();
      expect(unsized.tree.children).toEqual([]);
      expect(unsized.sectors[0].values['1d']).toBeNull();
    });

    it('a bad parameter is a 400 naming it', async () => {
      const period = await get('/api/v1/heatmap?period=2d', member);
      expect(period.statusCode).toBe(400);
      expect(period.json().error.details.issues[0].path).toBe('query.period');
      const size = await get('/api/v1/heatmap?size=big', member);
      expect(size.json().error.details.issues[0].path).toBe('query.size');
      const universe = await get('/api/v1/heatmap?universe=a%20b', member);
      expect(universe.json().error.details.issues[0].path).toBe('query.universe');
      expect((await get('/api/v1/heatmap?colour=1', member)).statusCode).toBe(400);
    });
  });

  describe('GET /api/v1/market/overview', () => {
    it('gives index cards, breadth and movers', async () => {
      const res = await get('/api/v1/market/overview', member);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.asOf).toBe('2024-02-15');
      expect(body.indices.map((c: { symbol: string; close: number }) => [c.symbol, c.close])).toEqual([['SPY', 404]]);
      expect(body.breadth).toEqual({
        total: 3,
        advancers: 2,
        decliners: 1,
        unchanged: 0,
        aboveSma50: 0.5,
        aboveSma200: 0.5,
        newHighs: 1,
        newLows: 1,
      });
      expect(body.gainers.map((r: { symbol: string }) => r.symbol)).toEqual(['CCC', 'AAA']);
      expect(body.losers.map((r: { symbol: string }) => r.symbol)).toEqual(['BBB']);
      expect(body.mostActive.map((r: { symbol: string }) => r.symbol)).toEqual(['AAA', 'BBB', 'CCC']);
    });

    it('follows a reload of the market data, at one session date for the whole market', async () => {
      const addBar = (bar: Row) => addMarketRows(t, [], [bar]);
      const before = (await get('/api/v1/market/overview', member)).json();
      await addBar({ symbol: 'CCC', date: '2024-02-16', open: 50, high: 51, low: 40, close: 44, volume: 100 });
      // One symbol of four on a new day does not move the market there.
      const one = (await get('/api/v1/market/overview', member)).json();
      expect(one.asOf).toBe(before.asOf);
      expect(one.stale).toBe(0);
      await addBar({ symbol: 'AAA', date: '2024-02-16', open: 350, high: 352, low: 340, close: 341, volume: 100 });
      // Two of four (half) reach it: the market is at 2024-02-16; SPY and BBB are left out, counted.
      const body = (await get('/api/v1/market/overview', member)).json();
      expect(body.asOf).toBe('2024-02-16');
      expect(body.stale).toBe(2);
      expect(body.breadth.decliners).toBe(2);
      const scanned = (await scan({ expression: 'close > 0' })).json();
      expect(scanned).toMatchObject({ asOf: '2024-02-16', stale: 2, count: 2 });
      const ind = (await get('/api/v1/indicators/CCC', member)).json();
      expect(ind.change1d).toBeCloseTo(44 / 55 - 1, 15);
    });
  });
});
