import { describe, expect, it } from 'vitest';
import {
  bestTrades,
  seasonalCalendar,
  seasonalChart,
  seasonalPattern,
  seasonalityScan,
  walkForward,
} from '@solstice/analytics';
import { bestTradesResponseSchema, patternResponseSchema, seasonalScanResponseSchema } from '@solstice/contracts';
import { expectValidationIssue } from '../../testing/bad-request.js';
import { testDialects } from '../../testing/test-databases.js';
import { type TestBars, marketAppDuringSuite } from '../../testing/market-fixtures.js';
import { quietCliDuringSuite, runCli } from '../../testing/run-cli.js';
import { CliError } from '../../cli/output.js';

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A bar on every calendar day 2000-01-01 … 2011-12-31, its close given by `price(date)`. */
function everyDay(price: (date: string) => number): [string, number][] {
  const rows: [string, number][] = [];
  for (let d = Date.UTC(2000, 0, 1) / 86_400_000; d <= Date.UTC(2011, 11, 31) / 86_400_000; d++) {
    const date = new Date(d * 86_400_000).toISOString().slice(0, 10);
    rows.push([date, price(date)]);
  }
  return rows;
}
const inBump = (d: string) => d.slice(5) >= '03-10' && d.slice(5) <= '03-20';
const BARS: TestBars = {
  // 100, and 100 + (Y − 1999) from Mar 10 to Mar 20 of year Y.
  STEPS: everyDay((d) => (inBump(d) ? 100 + Number(d.slice(0, 4)) - 1999 : 100)),
  // 100, and 110 from Mar 10 to Mar 20 of even years.
  HALF: everyDay((d) => (inBump(d) && Number(d.slice(0, 4)) % 2 === 0 ? 110 : 100)),
  FLAT: everyDay(() => 100),
};
/** election years, even, without 2000 and 2008: of 2000–2011, 2004 alone. */
const ONLY_2004 = { cycle: ['election'], parity: 'even', exclude: [2000, 2008] } as const;

describe.each(testDialects())('seasonality year sets and multiple testing on %s', (dialect) => {
  quietCliDuringSuite();
  const market = marketAppDuringSuite(dialect, [{ symbol: 'STEPS' }, { symbol: 'HALF' }, { symbol: 'FLAT' }], BARS);
  const { get, series } = market;
  const scan = (payload: object) => market.post('/api/v1/seasonality/scan', payload);
  const issues = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; details: { issues: { path: string; message: string }[] } } }).error;

  it('pattern: a year set that leaves exactly one year', async () => {
    const res = await get(
      '/api/v1/seasonality/pattern?symbol=STEPS&start=03-01&end=03-15&cycle=election&parity=even&exclude=2000,2008',
    );
    expect(res.statusCode).toBe(200);
    const body = patternResponseSchema.parse(res.json());
    expect(body.years.map((y) => [y.year, y.return])).toEqual([[2004, 105 / 100 - 1]]);
    expect(body.stats).toMatchObject({ count: 1, winRate: 1, stdDev: 0, sharpe: null, withoutBest: null });
    // 11 of the 365 14-day windows starting in 2004 rose (starts 02-24 … 03-06); n = 1: p = 11/365.
    expect(body.stats!.pValue).toBeCloseTo(11 / 365, 15);
    const { benchmark: _none, ...own } = body;
    expect(own).toEqual(json(seasonalPattern(series('STEPS'), { start: '03-01', end: '03-15', ...ONLY_2004 })));
  });

  it('best trades: the one-year set, tested, qValue and maxQValue', async () => {
    const res = await get(
      '/api/v1/seasonality/best-trades?symbol=STEPS&minDays=14&maxDays=14&top=1&cycle=election&parity=even&exclude=2000&exclude=2008',
    );
    expect(res.statusCode).toBe(200);
    const body = bestTradesResponseSchema.parse(res.json());
    expect(body).toEqual(json(bestTrades(series('STEPS'), { minDays: 14, maxDays: 14, top: 1, ...ONLY_2004 })));
    // 365 windows of one year each, both directions: 730 tests; 22 of p = 11/365 give q = 1.
    expect(body.tested).toBe(730);
    expect([body.long[0]!.start, body.long[0]!.stats.count, body.long[0]!.stats.qValue]).toEqual(['02-24', 1, 1]);
    const strict = await get(
      '/api/v1/seasonality/best-trades?symbol=STEPS&minDays=14&maxDays=14&cycle=election&parity=even&exclude=2000,2008&maxQValue=0.5',
    );
    expect(strict.json()).toEqual({ symbol: 'STEPS', tested: 730, long: [], short: [] });
  });

  it('calendar, chart and walk-forward take the same year set', async () => {
    const set = { cycle: ['midterm', 'pre-election'], exclude: [2006] } as const;
    const query = 'cycle=midterm,pre-election&exclude=2006';
    const calendar = await get(`/api/v1/seasonality/calendar?symbol=STEPS&${query}`);
    expect(calendar.json()).toEqual(json(seasonalCalendar(series('STEPS'), set)));
    expect([...new Set(calendar.json().years.map((y: { year: number }) => y.year))]).toEqual([
      2002, 2003, 2007, 2010, 2011,
    ]);
    const chart = await get(`/api/v1/seasonality/chart?symbol=STEPS&${query}`);
    expect(chart.json().years).toEqual(seasonalChart(series('STEPS'), set).years);
    expect(chart.json().years).toEqual([2002, 2003, 2007, 2010, 2011]);
    const wf = await get(`/api/v1/seasonality/walk-forward?symbol=STEPS&minDays=14&maxDays=14&trainYears=1&${query}`);
    expect(wf.statusCode).toBe(200);
    const expected = walkForward(series('STEPS'), { minDays: 14, maxDays: 14, trainYears: 1, ...set });
    expect(wf.json()).toEqual(json(expected));
    expect(expected.long.trials.map((tr) => tr.year)).toEqual([2003, 2007, 2010, 2011]);
  });

  it('scan: tested and each qValue over the whole universe, the year set and maxQValue', async () => {
    const options = { startFrom: '03-09', startTo: '03-09', minDays: 1, maxDays: 1, minYears: 1 };
    const res = await scan({ ...options, universe: ['STEPS', 'HALF', 'FLAT'] });
    expect(res.statusCode).toBe(200);
    const body = seasonalScanResponseSchema.parse(res.json());
    expect(body).toEqual(json(seasonalityScan(['STEPS', 'HALF', 'FLAT'].map(series), options)));
    // m = 3, one window each. Sorted p: STEPS (12 of 12 years rose), HALF (6 of 12), FLAT (1).
    expect(body.tested).toBe(3);
    const [steps, half, flat] = body.results;
    expect([steps!.symbol, half!.symbol, flat!.symbol]).toEqual(['STEPS', 'HALF', 'FLAT']);
    // One-day windows 2000–2011: 12 × 365 − 1 (2011-12-31 has no next day) = 4379; STEPS: 12 rose.
    expect(steps!.stats.pValue! / (12 / 4379) ** 12).toBeCloseTo(1, 10);
    expect(steps!.stats.qValue! / (3 * steps!.stats.pValue!)).toBeCloseTo(1, 12);
    expect(half!.stats.qValue! / ((3 * half!.stats.pValue!) / 2)).toBeCloseTo(1, 12);
    expect(flat!.stats.qValue).toBe(1);
    // maxQValue filters the results (FLAT's q is 1), not the tests.
    const strict = seasonalScanResponseSchema.parse(
      (await scan({ ...options, universe: ['STEPS', 'HALF', 'FLAT'], maxQValue: 0.5 })).json(),
    );
    expect([strict.tested, strict.results.map((r) => r.symbol)]).toEqual([3, ['STEPS', 'HALF']]);
    // The even years (arrays or a comma list alike): HALF won all 6 of them.
    const even = seasonalScanResponseSchema.parse(
      (await scan({ ...options, universe: ['HALF'], parity: 'even', exclude: '2010' })).json(),
    );
    expect(even.results.map((r) => [r.symbol, r.stats.count, r.stats.winRate])).toEqual([['HALF', 5, 1]]);
    expect(even).toEqual(json(seasonalityScan([series('HALF')], { ...options, parity: 'even', exclude: [2010] })));
  });

  it('answers a bad cycle, parity, exclude or maxQValue with a 400 naming the field', async () => {
    const base = '/api/v1/seasonality/pattern?symbol=STEPS&start=03-01&end=03-15';
    for (const [param, path, words] of [
      ['cycle=election,leap', 'query.cycle', 'unknown cycle phase "leap"'],
      ['cycle=', 'query.cycle', 'at least one cycle phase'],
      ['parity=prime', 'query.parity', 'expected odd or even'],
      ['exclude=2008,20x9', 'query.exclude', 'not "20x9"'],
      ['exclude=1850', 'query.exclude', 'expected years from 1900 to 2100'],
    ] as const) {
      expectValidationIssue(await get(`${base}&${param}`), path, words, param);
    }
    const q = await get('/api/v1/seasonality/best-trades?symbol=STEPS&minDays=1&maxDays=2&maxQValue=2');
    expect(issues(q).details.issues.map((i) => i.path)).toEqual(['query.maxQValue']);
    for (const route of [
      'calendar?symbol=STEPS',
      'chart?symbol=STEPS',
      'walk-forward?symbol=STEPS&minDays=1&maxDays=2',
    ]) {
      const res = await get(`/api/v1/seasonality/${route}&parity=odd&cycle=midterms`);
      expect(issues(res).details.issues.map((i) => i.path)).toEqual(['query.cycle']);
    }
    const body = { startFrom: '03-09', startTo: '03-09', minDays: 1, maxDays: 1 };
    const bad = await scan({
      ...body,
      cycle: ['election', 7],
      parity: 'odd,even',
      exclude: [2008, 'x'],
      maxQValue: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      issues(bad)
        .details.issues.map((i) => i.path)
        .sort(),
    ).toEqual(['body.cycle', 'body.exclude', 'body.maxQValue', 'body.parity']);
  });

  // The command line opens a database by its URL, and a PostgreSQL test database is a schema of
  // the shared one that a URL cannot name: the CLI is checked once, on the SQLite file.
  if (dialect === 'sqlite')
    it('the CLI takes --cycle, --parity, --exclude and --max-q-value', async () => {
      const cli = async (...args: string[]) =>
        JSON.parse(await runCli(market.t.database.url, '--json', 'seasonality', ...args));
      const set = ['--cycle', 'election', '--parity', 'even', '--exclude', '2000,2008'];
      expect(await cli('pattern', 'STEPS', '--start', '03-01', '--end', '03-15', ...set)).toEqual(
        (
          await get(
            '/api/v1/seasonality/pattern?symbol=STEPS&start=03-01&end=03-15&cycle=election&parity=even&exclude=2000,2008',
          )
        ).json(),
      );
      const best = await cli('best-trades', 'STEPS', '--min-days', '14', '--max-days', '14', '--top', '1', ...set);
      expect(best).toEqual(json(bestTrades(series('STEPS'), { minDays: 14, maxDays: 14, top: 1, ...ONLY_2004 })));
      expect(
        await cli('best-trades', 'STEPS', '--min-days', '14', '--max-days', '14', ...set, '--max-q-value', '0.5'),
      ).toEqual({ symbol: 'STEPS', tested: 730, long: [], short: [] });
      const other = ['--cycle', 'midterm,pre-election', '--exclude', '2006'];
      const query = 'cycle=midterm,pre-election&exclude=2006';
      for (const [args, url] of [
        [['calendar', 'STEPS'], `calendar?symbol=STEPS&${query}`],
        [['chart', 'STEPS'], `chart?symbol=STEPS&${query}`],
        [
          ['walk-forward', 'STEPS', '--min-days', '14', '--max-days', '14', '--train-years', '1'],
          `walk-forward?symbol=STEPS&minDays=14&maxDays=14&trainYears=1&${query}`,
        ],
      ] as const) {
        const answer = await cli(...args, ...other);
        expect(answer).toEqual((await get(`/api/v1/seasonality/${url}`)).json());
      }
      const scanArgs = ['scan', '--start-from', '03-09', '--start-to', '03-09', '--min-days', '1', '--max-days', '1'];
      const scanned = await cli(
        ...scanArgs,
        '--min-years',
        '1',
        '--symbols',
        'STEPS,HALF,FLAT',
        '--max-q-value',
        '0.5',
      );
      expect(scanned).toEqual(
        (
          await scan({ startFrom: '03-09', startTo: '03-09', minDays: 1, maxDays: 1, minYears: 1, maxQValue: 0.5 })
        ).json(),
      );
      expect([scanned.tested, scanned.results.map((r: { symbol: string }) => r.symbol)]).toEqual([
        3,
        ['STEPS', 'HALF'],
      ]);
      const text = await runCli(
        market.t.database.url,
        'seasonality',
        ...scanArgs,
        '--min-years',
        '1',
        '--parity',
        'odd',
      );
      expect(text).toMatch(/^3 symbols\nsymbol +dir .* q-value\n/);
      expect(text).toContain('best of 3 windows tested (q-value: p-value adjusted for them)');

      const fails = (...args: string[]) => runCli(market.t.database.url, 'seasonality', 'calendar', 'STEPS', ...args);
      await expect(fails('--cycle', 'election,leap')).rejects.toThrow(
        new CliError(
          '--cycle: unknown cycle phase "leap": expected election, post-election, midterm or pre-election',
          2,
        ),
      );
      await expect(fails('--parity', 'prime')).rejects.toThrow(new CliError('--parity: expected odd or even', 2));
      await expect(fails('--exclude', '2008,20x9')).rejects.toThrow(
        new CliError('--exclude: expected years from 1900 to 2100, not "20x9"', 2),
      );
      await expect(runCli(market.t.database.url, 'seasonality', ...scanArgs, '--max-q-value', '2')).rejects.toThrow(
        new CliError('--max-q-value: expected a fraction from 0 to 1', 2),
      );
    });
});
