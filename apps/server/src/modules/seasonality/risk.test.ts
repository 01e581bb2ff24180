import { describe, expect, it } from 'vitest';
import { bestTrades, seasonalPattern, seasonalityScan } from '@solstice/analytics';
import { bestTradesResponseSchema, patternResponseSchema, seasonalScanResponseSchema } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { addMarketRows, instrumentRow, useMarketSuite, weekdayBars } from '../../testing/market-fixtures.js';

// analytics.md, "Risk inside a window": the API's pattern, best trades and scan carry the risk
// statistics, and best trades and the scan take `rank`.

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Weekday bars 2012-01-02 … 2020-11-30 with a price made from the day number. */
const bars = (symbol: string, price: (day: number) => number) =>
  weekdayBars(symbol, [Date.UTC(2012, 0, 2) / 86_400_000, Date.UTC(2020, 10, 30) / 86_400_000], price);

describe.each(testDialects())('seasonality API, risk inside a window, on %s', (dialect) => {
  const market = useMarketSuite(dialect, (t) =>
    addMarketRows(
      t,
      ['RSK', 'WAV'].map((s) => instrumentRow(s, { name: `${s} Inc.`, type: 'stock', sector: null, synthetic: 1 })),
      [
        ...bars('RSK', (d) => 100 + 10 * Math.sin(d / 7) + d / 50),
        ...bars('WAV', (d) => 50 + (d % 13) + 3 * Math.cos(d / 3)),
      ],
    ),
  );
  const { get, series } = market;
  const scan = (payload: object) => market.post('/api/v1/seasonality/scan', payload);

  it('answers the pattern with each year’s MAE/MFE days and dates and the seven risk statistics', async () => {
    const res = await get('/api/v1/seasonality/pattern?symbol=RSK&start=03-01&end=04-15');
    expect(res.statusCode).toBe(200);
    const body = patternResponseSchema.parse(res.json());
    const own = seasonalPattern(series('RSK'), { start: '03-01', end: '04-15' });
    expect(body.years).toEqual(json(own.years));
    expect(body.stats).toEqual(json(own.stats));
    for (const y of res.json().years) {
      expect(Object.keys(y)).toEqual(expect.arrayContaining(['maeDay', 'maeDate', 'mfeDay', 'mfeDate']));
      expect(y.maeDate >= y.entryDate && y.maeDate <= y.exitDate).toBe(true);
    }
    expect(Object.keys(res.json().stats)).toEqual(
      expect.arrayContaining([
        'meanMae',
        'medianMae',
        'worstMae',
        'worstMaeYear',
        'meanMfe',
        'medianMfe',
        'returnToRisk',
      ]),
    );
  });

  it('ranks best trades by returnToRisk when asked, by winRate by default', async () => {
    const query = '/api/v1/seasonality/best-trades?symbol=RSK&minDays=5&maxDays=20&top=3';
    const plain = bestTradesResponseSchema.parse((await get(query)).json());
    expect(plain).toEqual(json(bestTrades(series('RSK'), { minDays: 5, maxDays: 20, top: 3 })));
    const res = await get(`${query}&rank=returnToRisk`);
    expect(res.statusCode).toBe(200);
    const risk = bestTradesResponseSchema.parse(res.json());
    expect(risk).toEqual(json(bestTrades(series('RSK'), { minDays: 5, maxDays: 20, top: 3, rank: 'returnToRisk' })));
    const key = (r: number | null) => (r === null ? Infinity : r);
    const keys = risk.long.map((w) => key(w.stats.returnToRisk));
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    expect(risk.tested).toBe(plain.tested);
  });

  it('scans by returnToRisk: each symbol’s window and the order', async () => {
    const options = { startFrom: '03-01', startTo: '04-30', minDays: 5, maxDays: 15, minYears: 5 };
    const res = await scan({ ...options, rank: 'returnToRisk', direction: 'both' });
    expect(res.statusCode).toBe(200);
    const body = seasonalScanResponseSchema.parse(res.json());
    const expected = seasonalityScan([series('RSK'), series('WAV')], {
      ...options,
      direction: 'both',
      rank: 'returnToRisk',
    });
    expect(res.body).toBe(JSON.stringify(expected));
    expect(body.results).toHaveLength(2);
  });

  it('answers 400 naming the rank field when it is neither winRate nor returnToRisk', async () => {
    const bad = await get('/api/v1/seasonality/best-trades?symbol=RSK&minDays=5&maxDays=20&rank=sharpe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.issues).toEqual([
      { path: 'query.rank', message: 'expected winRate or returnToRisk' },
    ]);
    const badScan = await scan({ startFrom: '03-01', startTo: '03-10', minDays: 5, maxDays: 8, rank: 'risk' });
    expect(badScan.statusCode).toBe(400);
    expect(badScan.json().error.details.issues.map((i: { path: string }) => i.path)).toEqual(['body.rank']);
  });
});
