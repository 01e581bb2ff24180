import { beforeAll, describe, expect, it } from 'vitest';
import { dayNumber, isoDate, seasonalityScan, upcomingScanOptions } from '@solstice/analytics';
import { errorResponseSchema, seasonalScanResponseSchema } from '@solstice/contracts';
import type { DailyBar } from '../market/bars/stored-series.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketRows, flatBar, instrumentRow } from '../../testing/market-fixtures.js';
import { useTestApp } from '../../testing/test-fixtures.js';
import { checkScanCost } from './scan-cost.js';

/** A bar on every calendar day from `from` to `to`: close and volume of (date, index). */
function daily(symbol: string, from: string, to: string, bar: (date: string, i: number) => [number, number]) {
  const rows: DailyBar[] = [];
  for (let d = dayNumber(from), i = 0; d <= dayNumber(to); d++, i++) {
    const [close, volume] = bar(isoDate(d), i);
    rows.push(flatBar(symbol, isoDate(d), close, volume));
  }
  return rows;
}

// A rises by 1 a day from 100 (every long window wins), with bars after the as-of date 2021-12-25;
// ST's last bar is before it (stale); FL is flat at 10, and its last 20 bars trade 10,000 dollars
// a day but one 30,000: dollarVolume20 = 11,000.
const BARS = [
  ...daily('A', '2010-01-01', '2022-03-31', (_, i) => [100 + i, 1000]),
  ...daily('ST', '2015-01-01', '2021-12-20', (_, i) => [100 + i, 1000]),
  ...daily('FL', '2010-01-01', '2021-12-25', (date) => [10, date === '2021-12-20' ? 3000 : 1000]),
];
const closeAtSession = 100 + dayNumber('2021-12-25') - dayNumber('2010-01-01');
const BODY = { upcoming: 10, asOf: '2021-12-25', minDays: 3, maxDays: 5 };

describe.each(testDialects())('the upcoming scan on %s', (dialect) => {
  const t = useTestApp(dialect);
  let subscriber: SignedIn;
  beforeAll(async () => {
    await addMarketRows(
      t,
      ['A', 'ST', 'FL'].map((s) => instrumentRow(s, { name: `${s} Inc.`, type: 'stock', sector: null, synthetic: 1 })),
      BARS,
    );
    subscriber = await signedInUser(t, { subscriber: true });
  });
  const scan = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/seasonality/scan', headers: subscriber.headers, payload });

  it('answers the windows starting in the next N days after the session, read up to it, in the analytics pool', async () => {
    const res = await scan(BODY);
    expect(res.statusCode).toBe(200);
    const body = seasonalScanResponseSchema.parse(res.json());
    expect(body).toMatchObject({ asOf: '2021-12-25', startFrom: '12-26', startTo: '01-04', stale: 1, illiquid: 0 });
    const a = body.results.find((r) => r.symbol === 'A')!;
    // The earliest entries (the lowest closes) and the longest hold: 01-01 → 01-06, next on 2022-01-01.
    expect(a).toMatchObject({ start: '01-01', end: '01-06', days: 5, startDate: '2022-01-01', endDate: '2022-01-06' });
    expect(a.stats.count).toBe(12);
    expect(a.dollarVolume20).toBe(1000 * (closeAtSession - 9.5));
    // The same answer as the analytics' scan of the market's series.
    const universe = ['A', 'ST', 'FL'].map((s) => t.services.market.series(s)!);
    const options = upcomingScanOptions(
      universe,
      { minDays: 3, maxDays: 5, minWinRate: 0, direction: 'long' },
      {
        days: 10,
        asOf: '2021-12-25',
      },
    )!;
    expect(body).toEqual(JSON.parse(JSON.stringify(seasonalityScan(universe, options))));
  });

  it('keeps a symbol whose dollarVolume20 equals the minimum, and leaves one below it out untested', async () => {
    const equal = seasonalScanResponseSchema.parse((await scan({ ...BODY, minDollarVolume: 11_000 })).json());
    expect(equal.illiquid).toBe(0);
    expect(equal.results.find((r) => r.symbol === 'FL')!.dollarVolume20).toBe(11_000);
    const above = seasonalScanResponseSchema.parse((await scan({ ...BODY, minDollarVolume: '11000.5' })).json());
    expect(above.illiquid).toBe(1);
    expect(above.results.map((r) => r.symbol)).toEqual(['A']);
    // FL's 10 start days × 3 lengths are no longer tests.
    expect(equal.tested - above.tested).toBe(30);
  });

  it('has no session before every bar', async () => {
    const body = seasonalScanResponseSchema.parse((await scan({ ...BODY, asOf: '2009-12-31' })).json());
    expect(body).toEqual({ results: [], tested: 0, asOf: null, startFrom: null, startTo: null, stale: 0, illiquid: 0 });
  });

  it('answers 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [
        { ...BODY, startFrom: '03-01' },
        'body.startFrom',
        'cannot be given with upcoming (upcoming sets the start days)',
      ],
      [{ ...BODY, startTo: '03-01' }, 'body.startTo', 'cannot be given with upcoming (upcoming sets the start days)'],
      [{ ...BODY, upcoming: 0 }, 'body.upcoming', 'expected a number of calendar days of at least 1'],
      [{ ...BODY, upcoming: 91 }, 'body.upcoming', 'expected a number of calendar days of at most 90'],
      [{ ...BODY, asOf: '2021-02-29' }, 'body.asOf', 'expected a real calendar date'],
      [{ ...BODY, minDollarVolume: -1 }, 'body.minDollarVolume', 'expected an amount of dollars (a number ≥ 0)'],
      [{ minDays: 3, maxDays: 5 }, 'body.startFrom', 'expected a month-day as MM-DD (or upcoming)'],
      [
        { startFrom: '03-01', startTo: '03-05', minDays: 3, maxDays: 5, asOf: '2021-01-04' },
        'body.asOf',
        'is taken only with upcoming',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await scan(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const issues = (
        errorResponseSchema.parse(res.json()).error.details as { issues: { path: string; message: string }[] }
      ).issues;
      expect(issues[0], JSON.stringify(payload)).toEqual({ path, message });
    }
  });
});

describe('the cost of an upcoming scan', () => {
  it('names the days ahead to narrow', () => {
    const cost = { windowYears: 200_000_000, symbols: 1, years: 1, historyYears: 10, startDays: 90, holdingDays: 1 };
    expect(() => checkScanCost(cost, 100, true)).toThrow(/narrow the days ahead \(upcoming, 90 now\) to at most 45/);
  });
});
