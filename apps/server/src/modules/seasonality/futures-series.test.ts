import { describe, expect, it } from 'vitest';
import { dayNumber, type PriceSeries } from '@solstice/analytics';
import { AppError, STATUS_BY_CODE } from '../../http/errors.js';
import { createMemoryMarketCache } from '../market/memory-market-cache.js';
import { patternOf, walkForwardOf } from './seasonality.service.js';
import { patternCommand } from '../../cli/commands/seasonality-results.js';
import { CliError } from '../../cli/output.js';

/** A future on four days whose one roll gap (open 3 after a close of 10) would make its first bar negative by difference. */
function future(symbol: string): PriceSeries {
  const dates = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'];
  const open = [5.5, 5.05, 3, 3.5];
  const close = [5, 10, 3.5, 4];
  return {
    symbol,
    dates: Int32Array.from(dates, dayNumber),
    open: Float64Array.from(open),
    high: Float64Array.from(close, (c, i) => Math.max(c, open[i]!)),
    low: Float64Array.from(close, (c, i) => Math.min(c, open[i]!)),
    close: Float64Array.from(close),
    volume: Float64Array.from([1, 1, 1, 1]),
  };
}

describe('a future whose difference adjustment gives a price ≤ 0', () => {
  const market = createMemoryMarketCache(
    [future('ZZ=F'), future('ZZ')],
    [{ symbol: 'ZZ=F', assetClass: 'future', calendar: 'exchange' }],
  );
  const q = { symbol: 'ZZ=F', start: '03-04', end: '03-07', direction: 'long' as const };

  it('is a 400 at query.rollAdjust naming the date, and exit 2 on the command line', () => {
    let error: unknown;
    try {
      patternOf(market, { ...q, rollAdjust: 'difference' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(STATUS_BY_CODE[(error as AppError).code]).toBe(400);
    expect((error as AppError).message).toBe(
      'Invalid query.rollAdjust: difference adjustment gives a non-positive price on 2024-03-04: use ratio',
    );
    expect(() => patternCommand(market, 'ZZ=F', { start: '03-04', end: '03-07', rollAdjust: 'difference' })).toThrow(
      new CliError('--roll-adjust: difference adjustment gives a non-positive price on 2024-03-04: use ratio', 2),
    );
  });

  it('ratio answers with the gap listed; the same bars as a stock have no gaps and ignore the mode', () => {
    const ratio = patternOf(market, { ...q, rollAdjust: 'ratio' });
    // f = 3 / 10: the entry close 5 becomes 1.5
    expect(ratio.years[0]).toMatchObject({ rollGaps: ['2024-03-06'], exitClose: 4 });
    expect(ratio.years[0]!.entryClose).toBeCloseTo(1.5, 12);
    const stock = patternOf(market, { ...q, symbol: 'ZZ', rollAdjust: 'difference' });
    expect(stock.years[0]).toMatchObject({ entryClose: 5, exitClose: 4 });
    expect(stock.years[0]).not.toHaveProperty('rollGaps');
  });
});

/** Weekdays of 2010–2016 with a seasonal wave and a 5 % roll gap on the first weekday of every quarter. */
function quarterlyRolls(symbol: string): PriceSeries {
  const dates: number[] = [];
  for (let d = dayNumber('2010-01-04'); d <= dayNumber('2016-12-30'); d++) {
    const weekday = (((d + 4) % 7) + 7) % 7;
    if (weekday !== 0 && weekday !== 6) dates.push(d);
  }
  const close = dates.map((d) => 100 + 10 * Math.sin((2 * Math.PI * d) / 365.25) + (d % 11) / 10);
  const open = close.map((c, i) => {
    const month = new Date(dates[i]! * 86_400_000).getUTCMonth();
    const first = i > 0 && month % 3 === 0 && new Date(dates[i - 1]! * 86_400_000).getUTCMonth() !== month;
    return first ? close[i - 1]! * 1.05 : c;
  });
  return {
    symbol,
    dates: Int32Array.from(dates),
    open: Float64Array.from(open),
    high: Float64Array.from(close, (c, i) => Math.max(c, open[i]!)),
    low: Float64Array.from(close, (c, i) => Math.min(c, open[i]!)),
    close: Float64Array.from(close),
    volume: Float64Array.from(dates, () => 1),
  };
}

describe('walk-forward of a future', () => {
  const market = createMemoryMarketCache(
    [quarterlyRolls('QQ=F')],
    [{ symbol: 'QQ=F', assetClass: 'future', calendar: 'exchange' }],
  );

  it('trades on the adjusted series and lists each traded year’s roll gaps, as that year’s pattern does', () => {
    const q = { symbol: 'QQ=F', minDays: 20, maxDays: 40, trainYears: 2, rollAdjust: 'ratio' as const };
    const answer = walkForwardOf(market, q);
    const trials = [...answer.long.trials, ...answer.short.trials];
    expect(trials.length).toBeGreaterThan(0);
    expect(trials.some((t) => (t.rollGaps ?? []).length > 0)).toBe(true);
    for (const direction of ['long', 'short'] as const) {
      for (const trial of answer[direction].trials) {
        const window = { symbol: 'QQ=F', start: trial.start, end: trial.end, from: trial.year, to: trial.year };
        const [year] = patternOf(market, { ...window, direction, rollAdjust: 'ratio' }).years;
        expect(trial.rollGaps).toEqual(year!.rollGaps);
        expect(trial.return).toBeCloseTo(year!.return, 12);
      }
    }
    expect(walkForwardOf(market, { ...q, rollAdjust: 'none' })).not.toEqual(answer);
  });
});
