import { describe, expect, it } from 'vitest';
import { seasonalOpening } from '../alerts/seasonal-alert.js';
import { bestTrades } from './best-trades.js';
import { seasonalCalendar } from './calendar.js';
import { seasonalChart } from './chart.js';
import { seasonalPattern } from './pattern.js';
import { seasonalityScan } from './scanner.js';
import { everyDay, plainBinomialTail } from './test-fixtures.js';
import { walkForward } from './walk-forward.js';

/**
 * Bars every day 2000-01-01 … 2011-12-31: 100, except Mar 10–20 of year Y, where it is
 * 100 + (Y − 1999). So the window 03-01 → 03-15 returns (Y − 1999) / 100 in year Y.
 */
const steps = everyDay('STEPS', '2000-01-01', '2011-12-31', (d) =>
  d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 100 + Number(d.slice(0, 4)) - 1999 : 100,
);
/** election, even, without 2000 and 2008: 2000–2011 leaves 2004 alone. */
const ONLY_2004 = { cycle: ['election'], parity: 'even', exclude: [2000, 2008] } as const;

describe('year sets in every seasonal computation (analytics.md, "Year sets")', () => {
  it('pattern: a year set that leaves exactly one year', () => {
    const result = seasonalPattern(steps, { start: '03-01', end: '03-15', ...ONLY_2004 });
    expect(result.years.map((y) => [y.year, y.entryDate, y.exitDate, y.return])).toEqual([
      [2004, '2004-03-01', '2004-03-15', 105 / 100 - 1],
    ]);
    const s = result.stats!;
    const r = 105 / 100 - 1;
    expect([s.count, s.winners, s.losers, s.winRate, s.mean, s.median, s.stdDev]).toEqual([1, 1, 0, 1, r, r, 0]);
    expect([s.sharpe, s.withoutBest, s.recent]).toEqual([null, null, 1]);
    // Base rate over the start year 2004 only: of the 365 windows of 14 days, those from a day
    // at 100 to a day in the bump (03-10 … 03-20) rose: starts 02-24 … 03-06, 11 of them.
    // With n = 1, P(X ≥ 1) is the rate itself.
    expect(s.pValue).toBeCloseTo(11 / 365, 15);
  });

  it('pattern: cycle, parity and exclude, alone and combined, filter the start year', () => {
    const years = (set: object) =>
      seasonalPattern(steps, { start: '03-01', end: '03-15', ...set }).years.map((y) => y.year);
    expect(years({ cycle: ['midterm'] })).toEqual([2002, 2006, 2010]);
    expect(years({ cycle: ['post-election', 'pre-election'] })).toEqual([2001, 2003, 2005, 2007, 2009, 2011]);
    expect(years({ parity: 'odd', from: 2004, to: 2009 })).toEqual([2005, 2007, 2009]);
    expect(years({ exclude: [2008, 2009], from: 2007 })).toEqual([2007, 2010, 2011]);
    // A midterm year is even: asking for odd ones too leaves none (stats null).
    expect(years({ cycle: ['midterm'], parity: 'odd' })).toEqual([]);
    expect(seasonalPattern(steps, { start: '03-01', end: '03-15', cycle: ['midterm'], parity: 'odd' }).stats).toBe(
      null,
    );
    // A window across the year end is filtered by its start year.
    expect(years({ start: '12-20', end: '01-10', cycle: ['election'] })).toEqual([2000, 2004, 2008]);
  });

  it('best trades: a year set that leaves exactly one year', () => {
    const result = bestTrades(steps, { minDays: 14, maxDays: 14, top: 1, ...ONLY_2004 });
    // Every window counts in 2004 alone (count 1), so the default minYears is max(1, 1 − 2) = 1
    // and all 365 windows are tested in both directions.
    expect(result.tested).toBe(730);
    const [long] = result.long;
    expect([long!.start, long!.end, long!.stats.count, long!.stats.mean]).toEqual(['02-24', '03-10', 1, 105 / 100 - 1]);
    expect(long!.stats.pValue).toBeCloseTo(11 / 365, 15);
    // Short: a start in the bump (03-10 … 03-20) ending after it fell: 11 windows, rate 11/365.
    const [short] = result.short;
    expect([short!.start, short!.end, short!.stats.count]).toEqual(['03-10', '03-24', 1]);
    expect(short!.stats.pValue).toBeCloseTo(11 / 365, 15);
    // 730 tests: 22 × 11/365 and 708 × 1; m·p(22)/22 = 730 × 11/365 / 22 = 1: each q is 1.
    expect([long!.stats.qValue, short!.stats.qValue]).toEqual([1, 1]);
    // maxQValue selects only windows whose qValue is at most it; the tests stay.
    expect(bestTrades(steps, { minDays: 14, maxDays: 14, ...ONLY_2004, maxQValue: 0.5 })).toEqual({
      symbol: 'STEPS',
      tested: 730,
      long: [],
      short: [],
    });
  });

  it('calendar and seasonal chart: the calendar year is filtered', () => {
    const calendar = seasonalCalendar(steps, { parity: 'odd', exclude: [2005] });
    expect([...new Set(calendar.months.map((m) => m.year))]).toEqual([2001, 2003, 2007, 2009, 2011]);
    expect(calendar.years.map((y) => y.year)).toEqual([2001, 2003, 2007, 2009, 2011]);
    // March of Y: from 100 (end of February) to 100 (Mar 31): 0 every year; 5 months counted.
    expect(calendar.summary[2]).toMatchObject({ month: 3, count: 5, mean: 0 });
    const chart = seasonalChart(steps, { cycle: ['election'] });
    expect(chart.years).toEqual([2004, 2008]); // 2000 lacks the last trading day of 1999
    // On Mar 15 (day index 73) the average of 105/100 − 1 and 109/100 − 1.
    expect(chart.curve![73]).toBeCloseTo((0.05 + 0.09) / 2, 15);
  });

  it('walk-forward trains on and trades only the used years', () => {
    // Only odd years: 2001 has no training year; 2003 trades the window chosen on 2001, etc.
    const result = walkForward(steps, { minDays: 14, maxDays: 14, trainYears: 1, parity: 'odd' });
    expect(result.long.trials.map((t) => [t.year, t.start, t.end, t.return])).toEqual(
      [2003, 2005, 2007, 2009, 2011].map((y) => [y, '02-24', '03-10', (100 + y - 1999) / 100 - 1]),
    );
    expect(result.inSample.long).toMatchObject({ count: 6, winRate: 1 });
  });
});

describe('seasonality scanner: tested, qValue and maxQValue (analytics.md, "Multiple testing")', () => {
  const bump = (years: (y: number) => boolean) => (d: string) =>
    years(Number(d.slice(0, 4))) && d.slice(5) >= '03-10' && d.slice(5) <= '03-20' ? 110 : 100;
  // Bars every day 2010–2019: UP rises across Mar 10 every year, HALF in even years only.
  const up = everyDay(
    'UP',
    '2010-01-01',
    '2019-12-31',
    bump(() => true),
  );
  const half = everyDay(
    'HALF',
    '2010-01-01',
    '2019-12-31',
    bump((y) => y % 2 === 0),
  );
  const flat = everyDay('FLAT', '2010-01-01', '2019-12-31', () => 100);
  // One window per symbol: 03-09 → 03-10.
  const ONE = { startFrom: '03-09', startTo: '03-09', minDays: 1, maxDays: 1, minYears: 1 };

  it('adjusts each result over every window the scan tested, across symbols', () => {
    const answer = seasonalityScan([up, half, flat], ONE);
    expect(answer.tested).toBe(3);
    // One-day windows of 2010–2019: 365 a year, 364 in 2019 (12-31 → 01-01 has no 2020): 3649.
    // UP: 10 rose (one a year), it won 10 of 10. HALF: 5 rose, it won 5 of 10. FLAT: p = 1.
    const pUp = (10 / 3649) ** 10;
    const pHalf = plainBinomialTail(5, 10, 5 / 3649);
    const byName = Object.fromEntries(answer.results.map((r) => [r.symbol, r.stats]));
    expect(byName.UP!.pValue! / pUp).toBeCloseTo(1, 10);
    expect(byName.HALF!.pValue! / pHalf).toBeCloseTo(1, 10);
    // Sorted p: pUp, pHalf, 1 (m = 3). q(1) = 3·pUp, q(2) = 3·pHalf/2, q(3) = 1.
    expect(byName.UP!.qValue! / (3 * pUp)).toBeCloseTo(1, 10);
    expect(byName.HALF!.qValue! / ((3 * pHalf) / 2)).toBeCloseTo(1, 10);
    expect(byName.FLAT!.qValue).toBe(1);
    expect(answer.results.map((r) => r.symbol)).toEqual(['UP', 'HALF', 'FLAT']);
  });

  it('filters results by maxQValue and minWinRate, never the tests', () => {
    expect(seasonalityScan([up, half, flat], { ...ONE, maxQValue: 0.5 }).results.map((r) => r.symbol)).toEqual([
      'UP',
      'HALF',
    ]);
    const strict = seasonalityScan([up, half, flat], { ...ONE, maxQValue: 0.5, minWinRate: 0.6 });
    expect([strict.tested, strict.results.map((r) => r.symbol)]).toEqual([3, ['UP']]);
    // Both directions: 6 tests. UP short and HALF short never fell across Mar 10 (p = 1).
    expect(seasonalityScan([up, half, flat], { ...ONE, direction: 'both' }).tested).toBe(6);
  });

  it('uses the year set: the even years only', () => {
    const answer = seasonalityScan([up, half], { ...ONE, parity: 'even' });
    expect(answer.tested).toBe(2);
    // 2010, 2012, …, 2018: 5 × 365 one-day windows, 5 rose: rate 1/365; both won 5 of 5.
    for (const r of answer.results) {
      expect([r.stats.count, r.stats.winRate]).toEqual([5, 1]);
      expect(r.stats.pValue! / (1 / 365) ** 5).toBeCloseTo(1, 10);
      // Equal pValues, m = 2: q = 2p/2 = p.
      expect(r.stats.qValue).toBe(r.stats.pValue);
    }
    expect(seasonalityScan([half], { ...ONE, parity: 'odd' }).results[0]!.stats.winRate).toBe(0);
  });
});

describe('seasonal alerts honour the year set', () => {
  // Bars every day 2010-01-01 … 2019-03-07: 100, and 110 from Mar 9 to Mar 20 of odd years.
  const odd = everyDay('ODD', '2010-01-01', '2019-03-07', (d) =>
    Number(d.slice(0, 4)) % 2 === 1 && d.slice(5) >= '03-09' && d.slice(5) <= '03-20' ? 110 : 100,
  );
  const criteria = {
    leadDays: 1,
    minDays: 1,
    maxDays: 1,
    minWinRate: 1,
    minYears: 3,
    maxPValue: null,
    direction: 'long' as const,
  };

  it('finds the window opening on the next session only over the years of the set', () => {
    // As of Thu 2019-03-07 the next session is Fri 03-08: the window 03-08 → 03-09 rose in
    // 2011, 2013, 2015 and 2017 (4 of the 9 years 2010–2018).
    expect(seasonalOpening(odd, '2019-03-07', criteria)).toBeNull();
    const opening = seasonalOpening(odd, '2019-03-07', { ...criteria, years: { parity: 'odd' } });
    expect(opening).toMatchObject({ start: '03-08', end: '03-09', direction: 'long', entryDate: '2019-03-08' });
    expect([opening!.stats.count, opening!.stats.winRate]).toEqual([4, 1]);
    expect(seasonalOpening(odd, '2019-03-07', { ...criteria, years: { parity: 'odd', exclude: [2013, 2015] } })).toBe(
      null,
    );
  });
});
