/**
 * A condition on best trades and the seasonality scanner agrees with the conditioned pattern
 * of each window (its kept years, statistics, pValue and conditionRemoved), and `tested`,
 * the default minYears and qValue follow the kept counts (analytics.md, "Conditional seasonality").
 */
import { describe, expect, it } from 'vitest';
import { barsUpTo, dayNumber, seriesFromRows } from '../series.js';
import { benjaminiHochberg } from '../stats/multiple-testing.js';
import { sharedDailySeries, sharedDataPresent } from '../testing/shared-market-data.js';
import { bestTrades } from './best-trades.js';
import { DAYS_IN_CALENDAR, formatMonthDay, monthDayAt } from './calendar-days.js';
import { parseEntryCondition } from './entry-condition.js';
import { seasonalPattern } from './pattern.js';
import { seasonalityScan, upcomingScanOptions } from './scanner.js';

const monthDay = (k: number) => formatMonthDay(monthDayAt(k % DAYS_IN_CALENDAR));

describe.skipIf(!sharedDataPresent)('a condition on best trades and the scanner (AAPL)', () => {
  const series = sharedDataPresent ? sharedDailySeries('AAPL') : seriesFromRows('AAPL', []);
  const condition = parseEntryCondition('close > sma200 and rsi14 < 70');
  const minDays = 18;
  const maxDays = 20;
  // Every window of the search by the pattern definition with the condition: the reference.
  const patterns = sharedDataPresent
    ? Array.from({ length: DAYS_IN_CALENDAR }, (_, k) =>
        Array.from({ length: maxDays - minDays + 1 }, (_, i) =>
          (['long', 'short'] as const).map((direction) =>
            seasonalPattern(series, {
              start: monthDay(k),
              end: monthDay(k + minDays + i),
              direction,
              condition,
            }),
          ),
        ),
      ).flat(2)
    : [];

  it('best trades: kept counts, default minYears, tested, qValue and each window as the pattern', () => {
    const most = Math.max(...patterns.map((p) => p.stats?.count ?? 0));
    const minYears = most - 2;
    const tests = patterns.filter((p) => (p.stats?.count ?? 0) >= minYears);
    const result = bestTrades(series, { minDays, maxDays, condition, top: 3 });
    expect(result.tested).toBe(tests.length);
    const q = benjaminiHochberg(tests.map((p) => p.stats!.pValue ?? NaN));
    const chosen = [
      ...result.long.map((w) => ({ w, direction: 'long' })),
      ...result.short.map((w) => ({ w, direction: 'short' })),
    ];
    expect(chosen).toHaveLength(6);
    for (const { w, direction } of chosen) {
      const p = patterns.find((x) => x.start === w.start && x.end === w.end && x.direction === direction)!;
      expect(w.stats.count).toBe(p.stats!.count);
      expect(w.stats.count).toBeGreaterThanOrEqual(minYears);
      expect(w.stats.winners).toBe(p.stats!.winners);
      expect(w.stats.mean).toBeCloseTo(p.stats!.mean, 12);
      expect(w.stats.pValue).toBeCloseTo(p.stats!.pValue!, 12);
      expect(w.stats.conditionRemoved).toBe(p.condition!.removed);
      expect(w.stats.meanMae).toBeCloseTo(p.stats!.meanMae, 12);
      expect(w.stats.qValue).toBeCloseTo(q[tests.indexOf(p)]!, 12);
    }
    expect(result.long[0]!.stats.conditionRemoved).toBeGreaterThan(0);
  });

  it('the scanner: its best window, tested and minYears (most kept − 2, at least 10) per symbol', () => {
    const answer = seasonalityScan([series], {
      startFrom: '01-01',
      startTo: '12-31',
      minDays,
      maxDays,
      direction: 'both',
      condition,
    });
    const most = Math.max(...patterns.map((p) => p.stats?.count ?? 0));
    const minYears = Math.max(10, most - 2);
    expect(answer.tested).toBe(patterns.filter((p) => (p.stats?.count ?? 0) >= minYears).length);
    const best = bestTrades(series, { minDays, maxDays, condition, minYears, top: 1 });
    const top = [
      { ...best.long[0]!, direction: 'long' },
      { ...best.short[0]!, direction: 'short' },
    ].sort((a, b) => b.stats.winRate - a.stats.winRate || b.stats.mean - a.stats.mean)[0]!;
    const r = answer.results[0]!;
    expect([r.start, r.end, r.direction]).toEqual([top.start, top.end, top.direction]);
    expect(r.stats.count).toBe(top.stats.count);
    expect((r.stats as { conditionRemoved?: number }).conditionRemoved).toBe(top.stats.conditionRemoved);
  });
});

describe.skipIf(!sharedDataPresent)('a condition in the upcoming mode reads no bar after the session (AAPL)', () => {
  const series = sharedDataPresent ? sharedDailySeries('AAPL') : seriesFromRows('AAPL', []);
  const asOf = '2010-06-15';
  const cut = barsUpTo(series, series.dates.filter((d) => d <= dayNumber(asOf)).length - 1);

  it('answers as a range scan of the bars up to the session, the condition included', () => {
    const condition = parseEntryCondition('close > sma200 and high52w > close * 1.05');
    const base = { minDays: 5, maxDays: 15, direction: 'both' as const, condition };
    const options = upcomingScanOptions([series], base, { days: 14, asOf })!;
    const upcoming = seasonalityScan([series], options);
    const range = seasonalityScan([cut], { ...base, startFrom: options.startFrom, startTo: options.startTo });
    expect(upcoming.tested).toBe(range.tested);
    expect(upcoming.results.map((r) => [r.start, r.end, r.direction, r.stats])).toEqual(
      range.results.map((r) => [r.start, r.end, r.direction, r.stats]),
    );
    expect(upcoming.results[0]!.stats.conditionRemoved).toBeGreaterThan(0);
  });
});
