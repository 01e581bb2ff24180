import { describe, expect, it } from 'vitest';
import { expectBadRequest } from '../../testing/bad-request.js';
import { marketAppDuringSuite, twoWeeksOfBars } from '../../testing/market-fixtures.js';
import { testDialects } from '../../testing/test-databases.js';

// Mon 2024-01-01 … Tue 01-09 (weekdays): AAA rises in its second week, SPY misses 01-08.
const BARS = twoWeeksOfBars([10, 11, 10, 9, 10, 12, 15]);

describe.each(testDialects())('GET /api/v1/chart/:symbol on %s', (dialect) => {
  const market = marketAppDuringSuite(
    dialect,
    [{ symbol: 'AAA' }, { symbol: 'BBB' }, { symbol: 'SPY', type: 'etf' }],
    BARS,
  );

  const chart = (symbol: string, query: string) =>
    market.t.app.inject({ method: 'GET', url: `/api/v1/chart/${symbol}?${query}`, headers: market.subscriber.headers });
  const q = (...series: string[]) => series.map((s) => `series=${encodeURIComponent(s)}`).join('&');

  it('daily: the last bars, each expression on them, the comparison’s last close on or before each date', async () => {
    const res = await chart('AAA', `${q('sma(close, 2)', 'rs(spy, 1)')}&compare=spy&bars=3`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      symbol: 'AAA',
      timeframe: 'daily',
      dates: ['2024-01-05', '2024-01-08', '2024-01-09'],
      open: [10, 12, 15],
      high: [10, 12, 15],
      low: [10, 12, 15],
      close: [10, 12, 15],
      volume: [1000, 1000, 1000],
      series: [
        { expression: 'sma(close, 2)', values: [9.5, 11, 13.5] },
        // rs on SPY's closes on or before each date: 01-08 reads 01-05's 100
        { expression: 'rs(spy, 1)', values: [10 / 9 - 1, 1.2 - 1, 1.25 / 1.1 - 1] },
      ],
      compare: { symbol: 'SPY', close: [100, 100, 110] },
    });
  });

  it('weekly: calendar-week candles, the week in progress holding its sessions so far', async () => {
    const res = await chart('AAA', `timeframe=weekly&${q('close - close[1]')}&compare=SPY`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeframe: 'weekly',
      dates: ['2024-01-05', '2024-01-09'],
      open: [10, 12],
      high: [11, 15],
      low: [9, 12],
      close: [10, 15],
      volume: [5000, 2000],
      series: [{ expression: 'close - close[1]', values: [null, 5] }],
      compare: { symbol: 'SPY', close: [100, 110] },
    });
    const monthly = await chart('AAA', 'timeframe=monthly');
    expect(monthly.json()).toMatchObject({ dates: ['2024-01-09'], open: [10], close: [15], series: [], compare: null });
  });

  it('the chart’s value at the last bar is the scan’s for the same expression', async () => {
    const columns = ['sma(close, 3)', 'rs(SPY, 2)', 'weekly(close - close[1])'];
    const scan = await market.post('/api/v1/scanner', { expression: 'symbol in ("AAA", "BBB")', columns });
    expect(scan.statusCode).toBe(200);
    for (const row of scan.json().results) {
      const daily = (await chart(row.symbol, `${q(columns[0]!, columns[1]!)}&bars=1`)).json();
      const weekly = (await chart(row.symbol, `timeframe=weekly&${q('close - close[1]')}&bars=1`)).json();
      expect([daily.series[0].values[0], daily.series[1].values[0], weekly.series[0].values[0]]).toEqual(
        columns.map((c) => row[c]),
      );
    }
  });

  it('a bad expression is a 400 naming its series and the position in it; an unknown symbol 404', async () => {
    const bad = await chart('AAA', q('close', 'sma(close, 0)'));
    expectBadRequest(bad, 'The period of sma must be a whole number from 1 to 1000 at position 12', {
      path: 'query.series.1',
      position: 12,
      expected: 'a whole number from 1 to 1000',
      code: 'period_range',
      params: { function: 'sma', min: 1, max: 1000 },
    });
    const condition = await chart('AAA', q('close > 1'));
    expect(condition.json().error.details).toMatchObject({ path: 'query.series.0', position: 7 });
    const rs = await chart('AAA', q('rs(NOPE, 5)'));
    expect(rs.json().error).toMatchObject({
      message: 'Unknown symbol "NOPE" at position 4',
      details: { path: 'query.series.0', position: 4 },
    });
    expect((await chart('NOPE', '')).statusCode).toBe(404);
    const compare = await chart('AAA', 'compare=NOPE');
    expect(compare.statusCode).toBe(400);
    expect(compare.json().error.details).toEqual({ path: 'query.compare' });
  });

  it('limits: at most 12 series of 200 characters, 1 to 10,000 bars, a known timeframe', async () => {
    const issues = async (query: string) => {
      const res = await chart('AAA', query);
      expect(res.statusCode).toBe(400);
      return res.json().error.details.issues;
    };
    expect(await issues(q(...Array.from({ length: 13 }, () => 'close')))).toEqual([
      { path: 'query.series', message: 'at most 12 series' },
    ]);
    expect(await issues(q('close', 'x'.repeat(201)))).toEqual([
      { path: 'query.series.1', message: 'an expression has at most 200 characters' },
    ]);
    expect(await issues('bars=0')).toEqual([{ path: 'query.bars', message: 'expected at least 1 bar' }]);
    expect(await issues('bars=10001')).toEqual([{ path: 'query.bars', message: 'at most 10000 bars' }]);
    expect(await issues('timeframe=hourly')).toEqual([
      { path: 'query.timeframe', message: 'expected daily, weekly or monthly' },
    ]);
    expect((await chart('AAA', q(...Array.from({ length: 12 }, () => 'close')))).statusCode).toBe(200);
  });
});
