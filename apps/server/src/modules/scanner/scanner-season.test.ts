import { describe, expect, it } from 'vitest';
import { SEASON_STATS } from '@solstice/analytics';
import { SPARSE_SEASON10_BARS } from '@solstice/analytics/test-fixtures';
import { SEASON_FIELD_DAYS, SEASON_FIELD_STATS } from '@solstice/contracts';
import { type TestBars, marketAppDuringSuite } from '../../testing/market-fixtures.js';
import { testDialects } from '../../testing/test-databases.js';

/**
 * As of 2023-03-10 season10 reads 03-11 → 03-21 over the years that ended by then:
 * SP +10 % (2020), −5 % (2021), +20 % (2022); YG +100 % (2022); FL has no year.
 */
const BARS: TestBars = {
  SP: SPARSE_SEASON10_BARS,
  YG: [
    ['2022-01-03', 1],
    ['2022-03-11', 1],
    ['2022-03-21', 2],
    ['2023-03-10', 3],
  ],
  FL: [
    ['2023-03-09', 5],
    ['2023-03-10', 5],
  ],
};

describe.each(testDialects())('season<L>.<stat> in POST /api/v1/scanner on %s', (dialect) => {
  const market = marketAppDuringSuite(dialect, [{ symbol: 'SP' }, { symbol: 'YG' }, { symbol: 'FL' }], BARS);

  const scan = (payload: object) => market.post('/api/v1/scanner', payload);

  it('filters and sorts by the statistics as of the scan’s bar, with pValue as a column', async () => {
    const res = await scan({
      expression: 'season10.winRate >= 0.6 and season10.count >= 1',
      sort: 'season10.mean',
      desc: true,
      columns: ['season10.pValue'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ asOf: '2023-03-10', count: 2, notices: [] });
    expect(body.results.map((r: { symbol: string }) => r.symbol)).toEqual(['YG', 'SP']);
    expect(body.results[0]).toMatchObject({
      'season10.winRate': 1,
      'season10.count': 1,
      'season10.mean': 1,
      'season10.pValue': 1,
    });
    const sp = body.results[1];
    expect(Object.keys(sp)).toEqual([
      'symbol',
      'name',
      'sector',
      'season10.winRate',
      'season10.count',
      'season10.mean',
      'season10.pValue',
    ]);
    expect(sp['season10.winRate']).toBe(2 / 3);
    expect(sp['season10.count']).toBe(3);
    expect(sp['season10.mean']).toBeCloseTo(0.25 / 3, 14);
    // P(X ≥ 2 | n = 3, base rate 3/7) = 135/343 (packages/analytics season-as-of.test.ts)
    expect(sp['season10.pValue']).toBeCloseTo(135 / 343, 14);
  });

  it('a length outside 1 … 364 or an unknown statistic is a 400 naming the position', async () => {
    const res = await scan({ expression: 'close > 1 and season365.winRate > 0.5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message:
        '"season365.winRate": the holding length L of season<L> must be a whole number of days from 1 to 364 at position 15',
      details: { path: 'body.expression', position: 15, expected: 'season<L>.<stat> with L from 1 to 364' },
    });
    const stat = await scan({ expression: 'season20.sharpe > 1' });
    expect(stat.json().error.details.position).toBe(1);
    const sort = await scan({ expression: 'close > 1', sort: 'season0.mean' });
    expect(sort.json().error.details.issues).toEqual([{ path: 'body.sort', message: 'unknown field "season0.mean"' }]);
  });

  it('checks an expression as it is typed: 200 with the problem (code, params, position) or the live count', async () => {
    const check = (expression: string, headers: Record<string, string> = market.subscriber.headers) =>
      market.t.app.inject({ method: 'POST', url: '/api/v1/scanner/check', headers, payload: { expression } });
    const bad = await check('clsoe > 10');
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({
      problem: {
        code: 'unknown_field',
        params: { field: 'clsoe', suggestion: 'close' },
        position: 1,
        message: 'Unknown field "clsoe" at position 1 (did you mean "close"?)',
      },
      asOf: null,
      count: null,
      notices: [],
    });
    const good = (await check('close > 1')).json();
    const full = (await scan({ expression: 'close > 1', limit: 1 })).json();
    expect(good).toEqual({ problem: null, asOf: full.asOf, count: full.count, notices: full.notices });
    expect(good.count).toBeGreaterThan(0);
    // an empty expression is the request's mistake, not the expression's
    expect((await check('  ')).statusCode).toBe(400);
    expect((await check('close > 1', {})).statusCode).toBe(401);
  });

  it('describes the seasonal fields in GET /api/v1/scanner/fields', async () => {
    const res = await market.t.app.inject({
      method: 'GET',
      url: '/api/v1/scanner/fields',
      headers: { cookie: market.subscriber.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().seasonal).toEqual({
      pattern: 'season<L>.<stat>',
      minDays: SEASON_FIELD_DAYS.min,
      maxDays: SEASON_FIELD_DAYS.max,
      stats: [...SEASON_FIELD_STATS],
    });
    // The contracts' list and the analytics' are the same.
    expect([...SEASON_STATS]).toEqual([...SEASON_FIELD_STATS]);
  });
});
