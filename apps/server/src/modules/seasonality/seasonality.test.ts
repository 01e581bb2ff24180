import { beforeAll, describe, expect, it } from 'vitest';
import * as analytics from '@solstice/analytics';
import {
  bestTradesResponseSchema,
  calendarResponseSchema,
  chartResponseSchema,
  errorResponseSchema,
  patternResponseSchema,
  seasonalScanResponseSchema,
  windowStatsSchema,
} from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketRows, insertBars, instrumentRow, weekdayBars } from '../../testing/market-fixtures.js';
import { useTestApp } from '../../testing/test-fixtures.js';

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Weekday bars 2017-06-01 … 2020-11-30 with a price made from the day number. */
const bars = (symbol: string, price: (day: number) => number) =>
  weekdayBars(symbol, [Date.UTC(2017, 5, 1) / 86_400_000, Date.UTC(2020, 10, 30) / 86_400_000], price);

const instrument = (symbol: string, type: 'stock' | 'etf', sector: string | null) =>
  instrumentRow(symbol, { name: `${symbol} Inc.`, type, sector, synthetic: 1 });

describe.each(testDialects())('seasonality API on %s', (dialect) => {
  const t = useTestApp(dialect);
  let subscriber: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    await addMarketRows(
      t,
      [
        instrument('AAA', 'stock', 'Energy'),
        instrument('BBB', 'stock', 'Information Technology'),
        instrument('SPY', 'etf', null),
        // listed without prices: a watchlist may hold it, a scan skips it
        instrument('NODATA', 'stock', null),
      ],
      [
        ...bars('AAA', (d) => 100 + 10 * Math.sin(d / 7)),
        ...bars('BBB', (d) => 50 + (d % 13)),
        ...bars('SPY', (d) => 200 + 5 * Math.cos(d / 11) + d / 100),
      ],
    );
    subscriber = await signedInUser(t, { subscriber: true });
    member = await signedInUser(t);
  });

  const get = (url: string, who: SignedIn | null = subscriber) =>
    t.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
  const scan = (payload: object, who: SignedIn = subscriber) =>
    t.app.inject({ method: 'POST', url: '/api/v1/seasonality/scan', headers: who.headers, payload });

  it('answers the pattern as the analytics compute it, with the SPY benchmark', async () => {
    const res = await get('/api/v1/seasonality/pattern?symbol=aaa&start=12-15&end=01-20&from=2017&direction=short');
    expect(res.statusCode).toBe(200);
    const body = patternResponseSchema.parse(res.json());
    const window = { start: '12-15', end: '01-20', from: 2017, direction: 'short' as const };
    const own = analytics.seasonalPattern(t.services.market.series('AAA')!, window);
    const bench = analytics.seasonalPattern(t.services.market.series('SPY')!, window);
    expect(own.years.map((y) => y.year)).toEqual([2017, 2018, 2019]);
    const excess = own.years.map((y, i) => y.return - bench.years[i]!.return);
    expect(body).toEqual(
      json({
        ...own,
        benchmark: {
          symbol: 'SPY',
          // The benchmark's return statistics over the shared years (no risk statistics).
          stats: windowStatsSchema.parse(bench.stats),
          symbolMean: own.stats!.mean,
          excessMean: (excess[0]! + excess[1]! + excess[2]!) / 3,
          years: bench.years.map((y, i) => ({ year: y.year, return: y.return, excess: excess[i] })),
        },
      }),
    );
  });

  it('answers the calendar, the chart and the best trades as the analytics compute them', async () => {
    const bbb = t.services.market.series('BBB')!;
    const cal = await get('/api/v1/seasonality/calendar?symbol=BBB&from=2018');
    expect(calendarResponseSchema.parse(cal.json())).toEqual(json(analytics.seasonalCalendar(bbb, { from: 2018 })));
    const chart = await get('/api/v1/seasonality/chart?symbol=BBB');
    const body = chartResponseSchema.parse(chart.json());
    expect(body.years).toEqual([2018, 2019]);
    expect(body.current?.year).toBe(2020);
    const { benchmark, ...curves } = analytics.seasonalChartAgainst(bbb, t.services.market.series('SPY')!);
    expect(body).toEqual(json({ ...analytics.seasonalChart(bbb), benchmark: { symbol: benchmark, ...curves } }));
    const best = await get('/api/v1/seasonality/best-trades?symbol=BBB&minDays=5&maxDays=9&top=3');
    const trades = bestTradesResponseSchema.parse(best.json());
    expect(trades.long).toHaveLength(3);
    expect(trades).toEqual(json(analytics.bestTrades(bbb, { minDays: 5, maxDays: 9, top: 3 })));
  });

  // Issue #21, item 13: any instrument as the benchmark; the years one by one and their median.
  it('takes any instrument as the chart’s benchmark and gives the years and the median on demand', async () => {
    const bbb = t.services.market.series('BBB')!;
    const against = chartResponseSchema.parse((await get('/api/v1/seasonality/chart?symbol=BBB&benchmark=AAA')).json());
    const { benchmark, ...curves } = analytics.seasonalChartAgainst(bbb, t.services.market.series('AAA')!);
    expect(benchmark).toBe('AAA');
    expect(against.benchmark).toEqual(json({ symbol: 'AAA', ...curves }));
    expect(against.paths).toBeUndefined();
    // the symbol against itself: no comparison
    const self = chartResponseSchema.parse((await get('/api/v1/seasonality/chart?symbol=BBB&benchmark=bbb')).json());
    expect(self.benchmark).toBeNull();
    const unknown = await get('/api/v1/seasonality/chart?symbol=BBB&benchmark=ZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(errorResponseSchema.parse(unknown.json()).error.message).toBe('No market data for ZZZ.');

    const years = chartResponseSchema.parse((await get('/api/v1/seasonality/chart?symbol=BBB&paths=1')).json());
    expect(years.paths?.map((p) => p.year)).toEqual([2018, 2019]);
    expect(years.paths?.[0]?.values).toHaveLength(365);
    const { paths, median } = analytics.seasonalYearPaths(bbb);
    expect(years.paths).toEqual(json(paths));
    expect(years.median).toEqual(json(median));
    // two years: the median is their mean, which is the average year
    expect(years.median![364]).toBeCloseTo(years.curve![364]!, 12);
    const bad = await get('/api/v1/seasonality/chart?symbol=BBB&paths=yes');
    expect(bad.statusCode).toBe(400);
  });

  it('scans all instruments, a sector, a list and the caller’s watchlist', async () => {
    const options = { startFrom: '03-01', startTo: '03-10', minDays: 5, maxDays: 8, minYears: 2 };
    const all = await scan({ ...options, direction: 'both' });
    expect(all.statusCode).toBe(200);
    const series = ['AAA', 'BBB', 'SPY'].map((s) => t.services.market.series(s)!);
    expect(seasonalScanResponseSchema.parse(all.json())).toEqual(
      json(analytics.seasonalityScan(series, { ...options, direction: 'both' })),
    );
    // Written by the pool's threads: the very text of the answer, as JSON.
    expect(all.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(all.body).toBe(JSON.stringify(analytics.seasonalityScan(series, { ...options, direction: 'both' })));
    expect(all.json().results).toHaveLength(3);

    const sector = await scan({ ...options, universe: 'sector:energy' });
    expect(sector.json().results.map((r: { symbol: string }) => r.symbol)).toEqual(['AAA']);
    const list = await scan({ ...options, universe: ['bbb', 'spy'] });
    expect(
      list
        .json()
        .results.map((r: { symbol: string }) => r.symbol)
        .sort(),
    ).toEqual(['BBB', 'SPY']);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/watchlists',
      headers: subscriber.headers,
      payload: { name: 'Mine', symbols: [{ sym: 'BBB' }, { sym: 'NODATA' }] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const mine = await scan({ ...options, universe: `watchlist:${id}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results.map((r: { symbol: string }) => r.symbol)).toEqual(['BBB']);

    const other = await signedInUser(t, { subscriber: true });
    const theirs = await scan({ ...options, universe: `watchlist:${id}` }, other);
    expect(theirs.statusCode).toBe(404);
    expect(errorResponseSchema.parse(theirs.json()).error.message).toBe(`No watchlist ${id}.`);
  });

  it('answers 404 for an unknown symbol', async () => {
    const res = await get('/api/v1/seasonality/chart?symbol=ZZZ');
    expect(res.statusCode).toBe(404);
    expect(errorResponseSchema.parse(res.json()).error).toEqual({
      code: 'not_found',
      message: 'No market data for ZZZ.',
    });
    const list = await scan({ startFrom: '03-01', startTo: '03-10', minDays: 5, maxDays: 8, universe: ['AAA', 'QQQ'] });
    expect(list.statusCode).toBe(404);
    expect(list.json().error.message).toBe('No market data for QQQ.');
  });

  it('answers 400 naming the bad parameter', async () => {
    const cases: [string, string][] = [
      ['/api/v1/seasonality/pattern?symbol=AAA&start=02-30&end=03-10', 'query.start'],
      ['/api/v1/seasonality/pattern?symbol=AAA&start=02-01&end=03-10&direction=up', 'query.direction'],
      ['/api/v1/seasonality/pattern?start=02-01&end=03-10', 'query.symbol'],
      ['/api/v1/seasonality/calendar?symbol=AAA&from=2019&to=2018', 'query.to'],
      ['/api/v1/seasonality/best-trades?symbol=AAA&minDays=9&maxDays=5', 'query.maxDays'],
      ['/api/v1/seasonality/best-trades?symbol=AAA&minDays=5&maxDays=400', 'query.maxDays'],
    ];
    for (const [url, path] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.error.code).toBe('validation_failed');
      expect((body.error.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([path]);
    }
    const bad = await scan({
      startFrom: '03-01',
      startTo: '03-10',
      minDays: 5,
      maxDays: 8,
      universe: 'sector:Nothing',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.issues[0].path).toBe('body.universe');
    const unknown = await scan({ startFrom: '03-01', startTo: '03-10', minDays: 5, maxDays: 8, sort: 'x' });
    expect(unknown.statusCode).toBe(400);
  });

  it('is for subscribers only', async () => {
    const url = '/api/v1/seasonality/pattern?symbol=AAA&start=03-01&end=03-10';
    expect((await get(url, null)).statusCode).toBe(401);
    const res = await get(url, member);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('subscription_required');
    expect((await scan({ startFrom: '03-01', startTo: '03-10', minDays: 5, maxDays: 8 }, member)).statusCode).toBe(403);
  });

  // Issue #21, defect 4: "vs. benchmark" compared different years, and SPY against itself.
  // (Last: it adds a symbol that the scans above must not see.)
  it('compares with the benchmark over the years both use only, and never a symbol with itself', async () => {
    // OLD: bars from 2014 (years 2015 … 2019 complete); SPY's bars start 2017-06 (2018, 2019).
    const start = Date.UTC(2014, 0, 1) / 86_400_000;
    const end = Date.UTC(2020, 0, 31) / 86_400_000;
    const rows = [];
    for (let d = start; d <= end; d++) {
      const date = new Date(d * 86_400_000).toISOString().slice(0, 10);
      const close = 100 + (d % 17);
      rows.push({ symbol: 'OLD', date, open: close, high: close, low: close, close, volume: 1 });
    }
    await t.database.db
      .insertInto('instruments')
      .values(instrument('OLD', 'stock', 'Energy'))
      .execute();
    await insertBars(t.database.db, rows);
    await t.services.market.reload();
    const chart = chartResponseSchema.parse((await get('/api/v1/seasonality/chart?symbol=OLD')).json());
    expect(chart.years).toEqual([2015, 2016, 2017, 2018, 2019]);
    expect(chart.benchmark?.symbol).toBe('SPY');
    expect(chart.benchmark?.years).toEqual([2018, 2019]);
    const over = analytics.seasonalChart(t.services.market.series('OLD')!, {}, new Set([2018, 2019]));
    expect(chart.benchmark?.curve).toEqual(json(over.curve));
    expect(chart.benchmark?.benchmarkCurve).toEqual(
      json(analytics.seasonalChart(t.services.market.series('SPY')!).curve),
    );

    const pattern = patternResponseSchema.parse(
      (await get('/api/v1/seasonality/pattern?symbol=OLD&start=03-01&end=03-31')).json(),
    );
    expect(pattern.years.map((y) => y.year)).toEqual([2014, 2015, 2016, 2017, 2018, 2019]);
    expect(pattern.benchmark?.years.map((y) => y.year)).toEqual([2018, 2019]);
    expect(pattern.benchmark?.stats?.count).toBe(2);
    const own = pattern.years.filter((y) => y.year >= 2018).map((y) => y.return);
    expect(pattern.benchmark?.symbolMean).toBeCloseTo((own[0]! + own[1]!) / 2, 14);

    const spy = chartResponseSchema.parse((await get('/api/v1/seasonality/chart?symbol=SPY')).json());
    expect(spy.benchmark).toBeNull();
    const spyPattern = patternResponseSchema.parse(
      (await get('/api/v1/seasonality/pattern?symbol=SPY&start=03-01&end=03-31')).json(),
    );
    expect(spyPattern.benchmark).toBeNull();
  });
});
