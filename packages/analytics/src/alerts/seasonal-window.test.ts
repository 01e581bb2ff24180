import { describe, expect, it } from 'vitest';
import { testInstrument } from '../scanner/test-table.js';
import { everyDay, weekdays } from '../seasonality/test-fixtures.js';
import { WindowGrid } from '../seasonality/window-grid.js';
import { cellPValuesFor, prefillRateBooks } from '../seasonality/window-pvalues.js';
import { windowTable } from '../seasonality/window-table.js';
import { evaluateAlertsAsOf, type AlertSpec } from './evaluate.js';
import {
  seasonalOpening,
  seasonalWindowOpening,
  windowEnteredOn,
  windowEntrySession,
  type SeasonalAlertCriteria,
  type SeasonalWindowCriteria,
} from './seasonal-alert.js';

// A close of 110 from 11-25 to 12-10 each year, 100 on every other day (a bar every day, so
// entry = start and exit = end). A window of 19 or 20 days rises when it ends in that spell
// and starts before it (16 start days a year) and falls when it starts in it and ends after
// (16 more); every other window is flat. The base rate of such a length over 4 start years:
// 4 · 16 rising of 4 · 365 windows, so 4 wins in 4 years have p = (16/365)^4.
const SPELL = everyDay('SPL', '2019-01-01', '2024-12-31', (date) => {
  const md = date.slice(5);
  return md >= '11-25' && md <= '12-10' ? 110 : 100;
});
const P4 = (16 / 365) ** 4;

const relative = (value: number | null | undefined, expected: number) => {
  expect(value).not.toBeNull();
  expect(value! / expected).toBeCloseTo(1, 10);
};

const window = (over: Partial<SeasonalWindowCriteria> = {}): SeasonalWindowCriteria => ({
  leadDays: 5,
  window: { start: '11-18', end: '12-07', direction: 'long' },
  minWinRate: 0,
  minYears: 1,
  maxPValue: null,
  maxQValue: null,
  ...over,
});

describe('the entry session of a window start (the first NYSE session on or after it)', () => {
  it('moves a start on a weekend or a holiday to the next session', () => {
    expect(windowEntrySession('11-20', 2023)).toBe('2023-11-20'); // a Monday
    expect(windowEntrySession('11-18', 2023)).toBe('2023-11-20'); // Saturday → Monday
    expect(windowEntrySession('11-23', 2023)).toBe('2023-11-24'); // Thanksgiving → Friday
    expect(windowEntrySession('12-24', 2022)).toBe('2022-12-27'); // Saturday, then Christmas observed on Monday
  });

  it('enters a start at the year end in the next January, and knows it from that session', () => {
    // 2022-12-31 is a Saturday and 2023-01-02 the New Year holiday observed.
    expect(windowEntrySession('12-31', 2022)).toBe('2023-01-03');
    expect(windowEnteredOn('12-31', '2023-01-03')).toBe(true);
    expect(windowEnteredOn('12-31', '2023-01-04')).toBe(false);
    // 2023-12-31 is a Sunday and 2024-01-01 a holiday.
    expect(windowEnteredOn('12-31', '2024-01-02')).toBe(true);
  });

  it('reads 02-29 as 02-28 in a year that is not leap', () => {
    expect(windowEntrySession('02-29', 2024)).toBe('2024-02-29');
    expect(windowEntrySession('02-29', 2023)).toBe('2023-02-28');
    expect(windowEntrySession('02-29', 2025)).toBe('2025-02-28');
  });
});

describe('a window alert', () => {
  it('fires leadDays sessions before the entry session, once a year, with the record up to that day', () => {
    // 11-18 is a Saturday in 2023: entry Monday 11-20; 5 sessions before is 11-13.
    for (const day of ['2023-11-09', '2023-11-10', '2023-11-14', '2023-11-17'])
      expect(seasonalWindowOpening(SPELL, day, window()), day).toBeNull();
    const opening = seasonalWindowOpening(SPELL, '2023-11-13', window())!;
    expect(opening).toMatchObject({
      start: '11-18',
      end: '12-07',
      days: 19,
      direction: 'long',
      entryDate: '2023-11-20',
      stats: { count: 4, winners: 4, winRate: 1 },
    });
    expect(opening.stats.mean).toBeCloseTo(0.1, 12);
    // One test: its qValue is its pValue.
    relative(opening.stats.pValue, P4);
    expect(opening.stats.qValue).toBe(opening.stats.pValue);
    // The next year, the record holds one more year (2023's window ended before the session).
    // 2024-11-18 is a Monday: 5 sessions before is 11-11.
    expect(seasonalWindowOpening(SPELL, '2024-11-11', window())).toMatchObject({
      entryDate: '2024-11-18',
      stats: { count: 5, winners: 5 },
    });
  });

  it('keeps to its criteria: minYears, minWinRate, maxPValue and maxQValue', () => {
    const day = '2023-11-13';
    expect(seasonalWindowOpening(SPELL, day, window({ minYears: 5 }))).toBeNull();
    expect(seasonalWindowOpening(SPELL, day, window({ minYears: 4 }))).not.toBeNull();
    expect(seasonalWindowOpening(SPELL, day, window({ maxPValue: P4 * 0.99 }))).toBeNull();
    expect(seasonalWindowOpening(SPELL, day, window({ maxPValue: P4 * 1.01 }))).not.toBeNull();
    expect(seasonalWindowOpening(SPELL, day, window({ maxQValue: P4 * 0.99 }))).toBeNull();
    expect(seasonalWindowOpening(SPELL, day, window({ maxQValue: P4 * 1.01 }))).not.toBeNull();
    // Short, the same window never won.
    const short = { start: '11-18', end: '12-07', direction: 'short' as const };
    expect(seasonalWindowOpening(SPELL, day, window({ window: short, minWinRate: 0.5 }))).toBeNull();
    expect(seasonalWindowOpening(SPELL, day, window({ window: short }))!.stats.winRate).toBe(0);
  });

  it('uses the alert’s year set', () => {
    const opening = seasonalWindowOpening(SPELL, '2023-11-13', window({ years: { parity: 'even' } }))!;
    expect(opening.stats.count).toBe(2); // 2020 and 2022
  });

  it('crosses the year end: a start on Dec 31 entered on Jan 3, its end in the next year', () => {
    const yearEnd = window({ leadDays: 2, window: { start: '12-31', end: '01-05', direction: 'long' } });
    // Sessions after 2022-12-29: 12-30, then 2023-01-03.
    const opening = seasonalWindowOpening(SPELL, '2022-12-29', yearEnd)!;
    expect(opening).toMatchObject({ start: '12-31', end: '01-05', days: 5, entryDate: '2023-01-03' });
    expect(opening.stats.count).toBe(3); // 2019, 2020 and 2021: 2022's ends after the session
    expect(seasonalWindowOpening(SPELL, '2022-12-28', yearEnd)).toBeNull();
    expect(seasonalWindowOpening(SPELL, '2022-12-30', yearEnd)).toBeNull();
  });

  it('starts on 02-29: entered on Feb 28 in a year that is not leap, on Feb 29 in one that is', () => {
    const leap = window({ leadDays: 1, window: { start: '02-29', end: '03-10', direction: 'long' } });
    expect(seasonalWindowOpening(SPELL, '2023-02-27', leap)?.entryDate).toBe('2023-02-28');
    expect(seasonalWindowOpening(SPELL, '2023-02-28', leap)).toBeNull();
    expect(seasonalWindowOpening(SPELL, '2024-02-28', leap)?.entryDate).toBe('2024-02-29');
    expect(seasonalWindowOpening(SPELL, '2024-02-27', leap)).toBeNull();
  });
});

const rule = (over: Partial<SeasonalAlertCriteria> = {}): SeasonalAlertCriteria => ({
  leadDays: 5,
  minDays: 19,
  maxDays: 20,
  minWinRate: 0.9,
  minYears: 4,
  maxPValue: null,
  maxQValue: null,
  direction: 'both',
  ...over,
});

describe('the qValue of a rule alert: Benjamini–Hochberg over the windows it tested for the symbol', () => {
  // Entered on Monday 2023-11-20: starts 11-18, 11-19 and 11-20, lengths 19 and 20, both
  // directions: 12 tests. The 6 long ones won 4 of 4 years (p = P4), the 6 short ones none
  // (p = 1). Sorted, p(6) = P4 gives min(1, 12 · P4 / 6) = 2 · P4, below every later term.
  it('adjusts the chosen window over all the tests, both directions included', () => {
    const opening = seasonalOpening(SPELL, '2023-11-13', rule())!;
    expect(opening).toMatchObject({ start: '11-18', end: '12-07', days: 19, direction: 'long' });
    relative(opening.stats.pValue, P4);
    relative(opening.stats.qValue, 2 * P4);
    // Long only: 6 tests, all with p = P4, so q = P4.
    relative(seasonalOpening(SPELL, '2023-11-13', rule({ direction: 'long' }))!.stats.qValue, P4);
    // One length, long: 3 tests of P4 and nothing else.
    relative(seasonalOpening(SPELL, '2023-11-13', rule({ direction: 'long', maxDays: 19 }))!.stats.qValue, P4);
  });

  it('counts only the windows that meet minYears as tests', () => {
    // minYears 5: no window has 5 years, nothing is tested and nothing fires.
    expect(seasonalOpening(SPELL, '2023-11-13', rule({ minYears: 5 }))).toBeNull();
  });

  it('fires only when the chosen window’s qValue is at most maxQValue (the pValue alone would pass)', () => {
    expect(seasonalOpening(SPELL, '2023-11-13', rule({ maxQValue: 1.9 * P4 }))).toBeNull();
    expect(seasonalOpening(SPELL, '2023-11-13', rule({ maxPValue: 1.9 * P4 }))).not.toBeNull();
    expect(seasonalOpening(SPELL, '2023-11-13', rule({ maxQValue: 2.1 * P4 }))).not.toBeNull();
  });
});

describe('seasonal alerts in an evaluation', () => {
  const universe = [{ instrument: testInstrument('SPL', null), series: SPELL }];

  it('gives rule alerts that share a grid the same answers as alone, and a window alert its own', () => {
    const specs: AlertSpec[] = [
      { id: 1, kind: 'seasonal', symbols: ['SPL'], criteria: rule({ minDays: 1, maxDays: 60, minWinRate: 0.9 }) },
      { id: 2, kind: 'seasonal', symbols: ['SPL'], criteria: rule() },
      { id: 3, kind: 'seasonal', symbols: ['SPL'], criteria: rule({ maxQValue: 1.9 * P4 }) },
      { id: 4, kind: 'seasonal', symbols: ['SPL'], criteria: window() },
    ];
    const { triggers } = evaluateAlertsAsOf(universe, specs, '2023-11-13');
    expect(triggers.map((t) => t.alertId)).toEqual([1, 2, 4]);
    const wide = rule({ minDays: 1, maxDays: 60, minWinRate: 0.9 });
    expect(triggers[0]!.window).toEqual(seasonalOpening(SPELL, '2023-11-13', wide));
    expect(triggers[1]!.window).toEqual(seasonalOpening(SPELL, '2023-11-13', rule()));
    expect(triggers[2]!.window).toEqual(seasonalWindowOpening(SPELL, '2023-11-13', window()));
    // The close at the session comes with each.
    for (const t of triggers) expect(t.close).toBe(100);
  });
});

describe('base rates of many lengths at once (prefillRateBooks)', () => {
  // A random walk on weekdays (holidays aside), with a few flat days: windows rise, fall and stay flat.
  const walk = () => {
    let x = 50;
    let seed = 7;
    return weekdays('WLK', '1995-03-15', '2017-06-30', () => {
      seed = (seed * 16807) % 2147483647;
      const u = seed / 2147483647;
      if (u > 0.45 && u < 0.55) return x;
      x = Math.max(1, x * (1 + (u - 0.5) * 0.04));
      return Math.round(x * 100) / 100;
    });
  };

  it('gives every pValue exactly as counting length by length does, across the year end too', () => {
    const starts = Int32Array.from([0, 1, 2, 180, 362, 363, 364]);
    const pValues = (prefill: boolean) => {
      const series = walk(); // a series of its own: its rate books start empty
      const table = windowTable(series);
      const grid = new WindowGrid(starts, 1, 364);
      const hi = table.years - 1;
      grid.fill(series, table, 0, hi);
      const cells = Array.from({ length: grid.count.length }, (_, c) => c).filter((c) => grid.count[c]! > 0);
      if (prefill) prefillRateBooks({ series, table, grid, cells, lo: 0, hi });
      return cellPValuesFor({ series, table, grid, cells, lo: 0, hi }, ['long', 'short']).map((p) => Array.from(p));
    };
    const [long, short] = pValues(true);
    expect(long!.length).toBeGreaterThan(2000);
    expect([long, short]).toEqual(pValues(false));
  });
});
