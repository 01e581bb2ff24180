import { describe, expect, it } from 'vitest';
import { bestTrades, parseEntryCondition, seasonalPattern, seasonalityScan } from '@solstice/analytics';
import { bestTradesResponseSchema, patternResponseSchema, seasonalScanResponseSchema } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { addMarketRows, instrumentRow, useMarketSuite, weekdayBars } from '../../testing/market-fixtures.js';

// analytics.md, "Conditional seasonality": the API's pattern, best trades and scan take
// `condition`; best trades and the scan run in the analytics pool, whose threads share only
// dates and closes: a condition on volume must still read the real volumes (decision 0041).

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Weekday bars 2008-01-02 … 2020-11-30, the volume rising and falling over each week and a half. */
const bars = (symbol: string, price: (day: number) => number) =>
  weekdayBars(symbol, [Date.UTC(2008, 0, 2) / 86_400_000, Date.UTC(2020, 10, 30) / 86_400_000], price).map((b, i) => ({
    ...b,
    volume: 1000 + ((i * 3) % 11) * 100,
  }));

describe.each(testDialects())('seasonality API, conditions, on %s', (dialect) => {
  const market = useMarketSuite(dialect, (t) =>
    addMarketRows(
      t,
      ['CND', 'VOL'].map((s) => instrumentRow(s, { name: `${s} Inc.`, type: 'stock', sector: 'Tech', synthetic: 1 })),
      [
        ...bars('CND', (d) => 100 + 10 * Math.sin(d / 7) + d / 50),
        ...bars('VOL', (d) => 50 + (d % 13) + 3 * Math.cos(d / 3)),
      ],
    ),
  );
  const { get, series } = market;
  const scan = (payload: object) => market.post('/api/v1/seasonality/scan', payload);
  const text = 'volume > sma(volume, 5) and sector = "tech"';
  const condition = parseEntryCondition(text);
  const texts = { CND: { sector: 'Tech' }, VOL: { sector: 'Tech' } };

  it('pattern: the kept years, conditionRemoved and the removed years', async () => {
    const res = await get(
      `/api/v1/seasonality/pattern?symbol=CND&start=03-01&end=04-15&condition=${encodeURIComponent(text)}`,
    );
    expect(res.statusCode).toBe(200);
    const body = patternResponseSchema.parse(res.json());
    const own = seasonalPattern(series('CND'), {
      start: '03-01',
      end: '04-15',
      condition,
      conditionContext: { texts: texts.CND },
    });
    expect(own.condition!.removed).toBeGreaterThan(0);
    expect(own.years.length).toBeGreaterThan(0);
    expect(body.years).toEqual(json(own.years));
    expect(body.stats).toEqual(json(own.stats));
    expect(body.condition).toEqual(own.condition);
    expect(body.stats!.conditionRemoved).toBe(own.condition!.removed);
  });

  it('best trades in the pool reads the real volumes at each entry', async () => {
    const res = await get(
      `/api/v1/seasonality/best-trades?symbol=CND&minDays=5&maxDays=15&top=3&condition=${encodeURIComponent(text)}`,
    );
    expect(res.statusCode).toBe(200);
    const own = bestTrades(series('CND'), { minDays: 5, maxDays: 15, top: 3, condition, conditionTexts: texts });
    expect(bestTradesResponseSchema.parse(res.json())).toEqual(json(own));
    const plain = bestTrades(series('CND'), { minDays: 5, maxDays: 15, top: 3 });
    expect(own.tested).not.toBe(plain.tested);
    // What a worker would answer reading its closes as volumes: not the same.
    const closesOnly = { ...series('CND'), volume: series('CND').close };
    const wrong = bestTrades(closesOnly, { minDays: 5, maxDays: 15, top: 3, condition, conditionTexts: texts });
    expect(wrong.tested).not.toBe(own.tested);
  });

  it('the scan in the pool, with conditionRemoved on each result', async () => {
    const options = {
      startFrom: '03-01',
      startTo: '03-20',
      minDays: 5,
      maxDays: 10,
      minYears: 3,
      direction: 'both' as const,
    };
    const res = await scan({ ...options, condition: text });
    expect(res.statusCode).toBe(200);
    const own = seasonalityScan([series('CND'), series('VOL')], { ...options, condition, conditionTexts: texts });
    expect(seasonalScanResponseSchema.parse(res.json())).toEqual(json(own));
    expect(own.results.length).toBeGreaterThan(0);
    for (const r of res.json().results) expect(r.stats.conditionRemoved).toBeGreaterThan(0);
  });

  it('an invalid condition is a 400 naming the field and the position', async () => {
    const res = await get(
      `/api/v1/seasonality/pattern?symbol=CND&start=03-01&end=04-15&condition=${encodeURIComponent('close > smaa200')}`,
    );
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.message).toBe(
      'Invalid query.condition: Unknown field "smaa200" at position 9 (did you mean "sma200"?)',
    );
    expect(error.details).toMatchObject({
      path: 'query.condition',
      position: 9,
      issues: [{ path: 'query.condition', message: 'Unknown field "smaa200" at position 9 (did you mean "sma200"?)' }],
      problem: { code: 'unknown_field' },
    });
    const best = await get(
      `/api/v1/seasonality/best-trades?symbol=CND&minDays=5&maxDays=9&condition=${encodeURIComponent('season20.mean > 0')}`,
    );
    expect(best.statusCode).toBe(400);
    expect(best.json().error.details).toMatchObject({
      path: 'query.condition',
      position: 1,
      problem: { code: 'not_in_season_condition' },
    });
    const body = await scan({
      startFrom: '03-01',
      startTo: '03-05',
      minDays: 3,
      maxDays: 6,
      condition: 'rank(close) > 0.5',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.details).toMatchObject({ path: 'body.condition', position: 1 });
    const empty = await scan({ startFrom: '03-01', startTo: '03-05', minDays: 3, maxDays: 6, condition: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details.issues[0].path).toBe('body.condition');
  });
});
