import { describe, expect, it } from 'vitest';
import { expectBadRequest } from '../../testing/bad-request.js';
import { SCAN_BOUNDS, SCAN_FUNCTIONS } from '@solstice/analytics';
import { marketAppDuringSuite, twoWeeksOfBars } from '../../testing/market-fixtures.js';
import { testDialects } from '../../testing/test-databases.js';

// Mon 2024-01-01 … Tue 01-09 (weekdays): AAA rises in its second week, SPY misses 01-08.
const BARS = twoWeeksOfBars([10, 10, 10, 10, 10, 12, 15]);

describe.each(testDialects())('the scan language in POST /api/v1/scanner on %s', (dialect) => {
  const market = marketAppDuringSuite(
    dialect,
    [
      { symbol: 'AAA', sector: 'Tech' },
      { symbol: 'BBB', sector: 'Tech' },
      { symbol: 'SPY', type: 'etf' },
    ],
    BARS,
  );

  const scan = (payload: object) => market.post('/api/v1/scanner', payload);

  it('filters with functions, timeframes, ranks and rs; rows carry operands, sort and columns', async () => {
    const res = await scan({
      expression: 'weekly(close) > weekly(close[1]) and rank(close, sector) >= 0 and rs(spy, 2) > 0',
      sort: 'change(close, 1)',
      desc: true,
      columns: ['rsi', ' sma(close, 2) '],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ asOf: '2024-01-09', stale: 0, count: 1, notices: [] });
    const row = body.results[0];
    expect(Object.keys(row)).toEqual([
      'symbol',
      'name',
      'sector',
      'close',
      'weekly(close)',
      'weekly(close[1])',
      'rank(close, sector)',
      'rs(spy, 2)',
      'change(close, 1)',
      'rsi14',
      'sma(close, 2)',
    ]);
    // AAA: 15 vs last week's 10; the lower of Tech ranks 0; (15/10) / (110/100) − 1
    expect(row).toMatchObject({ symbol: 'AAA', 'weekly(close)': 15, 'weekly(close[1])': 10, 'rank(close, sector)': 0 });
    expect(row['rs(spy, 2)']).toBeCloseTo(1.5 / 1.1 - 1, 12);
    expect(row['change(close, 1)']).toBe(3);
    expect(row['sma(close, 2)']).toBe(13.5);
    expect(row.rsi14).toBeNull();
  });

  it('an expression error names its position; a column’s error its column and the position in it', async () => {
    const bad = await scan({ expression: 'rs(NOPE, 5) > 0' });
    expectBadRequest(bad, 'Unknown symbol "NOPE" at position 4', {
      path: 'body.expression',
      position: 4,
      expected: 'a symbol of the database',
    });
    const column = await scan({ expression: 'close > 0', columns: ['close', 'sma(close, 0)'] });
    expectBadRequest(column, 'The period of sma must be a whole number from 1 to 1000 at position 12', {
      path: 'body.columns.1',
      position: 12,
      expected: 'a whole number from 1 to 1000',
    });
    const sort = await scan({ expression: 'close > 0', sort: 'weekly(close)[1]' });
    expect(sort.json().error.details).toMatchObject({ path: 'body.sort', position: 14 });
    const long = await scan({ expression: 'close > 0', columns: ['x'.repeat(201)] });
    expect(long.json().error.details.issues).toEqual([{ path: 'body.columns.0', message: 'at most 200 characters' }]);
  });

  it('GET /api/v1/scanner/fields lists the functions and the bounds', async () => {
    const res = await market.t.app.inject({
      method: 'GET',
      url: '/api/v1/scanner/fields',
      headers: market.subscriber.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.bounds).toEqual({ maxPeriod: 1000, maxOffset: 1000, maxDepth: 6, maxCalls: 50, maxList: 500 });
    expect(body.bounds).toEqual({ ...SCAN_BOUNDS });
    expect(body.functions.map((f: { name: string }) => f.name)).toEqual([
      'sma',
      'ema',
      'rma',
      'rsi',
      'atr',
      'roc',
      'change',
      'sum',
      'highest',
      'lowest',
      'stdev',
      'weekly',
      'monthly',
      'rank',
      'rs',
    ]);
    expect(body.functions).toContainEqual({ name: 'rs', args: ['symbol', 'n'], summary: SCAN_FUNCTIONS[14].summary });
    expect(body.functions).toContainEqual(expect.objectContaining({ name: 'atr', args: ['n'] }));
    expect(body.functions).toContainEqual(expect.objectContaining({ name: 'rank', args: ['x', 'group'] }));
  });
});
