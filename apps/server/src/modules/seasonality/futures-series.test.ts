import { describe, expect, it } from 'vitest';
import { dayNumber, type PriceSeries } from '@solstice/analytics';
import { AppError, STATUS_BY_CODE } from '../../http/errors.js';
import { createMemoryMarketCache } from '../market/memory-market-cache.js';
import { patternOf } from './seasonality.service.js';
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
