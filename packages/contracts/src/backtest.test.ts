import { describe, expect, it } from 'vitest';
import { backtestBodySchema, backtestFieldLabel } from './backtest.js';

const leg = (symbol: string, start = '10-05', end = '11-01') => ({ symbol, start, end });
const issues = (value: unknown) =>
  backtestBodySchema.safeParse(value).error?.issues.map((i) => `${backtestFieldLabel(i.path)}: ${i.message}`) ?? [];

describe('backtest contract', () => {
  it('parses legs with defaults, the year set, and numbers from text', () => {
    expect(
      backtestBodySchema.parse({
        legs: [leg('aapl'), { ...leg('spy', '11-01', '04-30'), direction: 'short' }],
        from: '2000',
        parity: 'odd',
        exclude: '2008,2009',
        costBps: '2.5',
      }),
    ).toEqual({
      legs: [
        { symbol: 'AAPL', start: '10-05', end: '11-01', direction: 'long' },
        { symbol: 'SPY', start: '11-01', end: '04-30', direction: 'short' },
      ],
      from: 2000,
      parity: 'odd',
      exclude: [2008, 2009],
      costBps: 2.5,
    });
  });

  it('names the leg at fault', () => {
    expect(issues({ legs: [leg('A'), leg('B', '13-01')] })).toEqual([
      'legs[1].start: expected a real month-day (MM-DD)',
    ]);
    expect(issues({ legs: [leg('A', '03-01', '03-01')] })).toEqual([
      'legs[0].end: expected an end different from the start',
    ]);
    expect(issues({ legs: [{ ...leg('A'), direction: 'up' }] })).toEqual(['legs[0].direction: expected long or short']);
    expect(issues({ legs: Array.from({ length: 21 }, () => leg('A')) })).toEqual(['legs: expected at most 20 legs']);
    expect(issues({ legs: [] })).toEqual(['legs: expected at least one leg']);
    expect(issues({ legs: [leg('A')], costBps: 1001, from: 2010, to: 2000 })).toEqual([
      'costBps: expected a cost of at most 1000 bps',
      'to: expected to ≥ from',
    ]);
  });
});
