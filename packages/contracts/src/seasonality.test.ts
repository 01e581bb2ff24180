import { describe, expect, it } from 'vitest';
import {
  bestTradesQuerySchema,
  monthDaySchema,
  patternQuerySchema,
  seasonalScanBodySchema,
  yearsQuerySchema,
} from './seasonality.js';

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('seasonality contracts', () => {
  it('accepts real month-days only, Feb 29 included', () => {
    for (const ok of ['01-01', '02-29', '12-31', '04-30']) expect(monthDaySchema.safeParse(ok).success).toBe(true);
    for (const bad of ['02-30', '04-31', '13-01', '00-10', '1-1', '01-1', '', 'ab-cd'])
      expect(monthDaySchema.safeParse(bad).success).toBe(false);
  });

  it('parses the pattern query from strings with defaults, and names the bad parameter', () => {
    expect(patternQuerySchema.parse({ symbol: 'aapl', start: '12-20', end: '01-10', from: '2000' })).toEqual({
      symbol: 'AAPL',
      start: '12-20',
      end: '01-10',
      from: 2000,
      direction: 'long',
    });
    expect(paths(patternQuerySchema.safeParse({ symbol: 'A', start: '02-30', end: '03-01' }))).toEqual(['start']);
    expect(paths(patternQuerySchema.safeParse({ symbol: 'A', start: '03-01', end: '03-01' }))).toEqual(['end']);
    expect(paths(patternQuerySchema.safeParse({ symbol: 'A', start: '03-01', end: '03-05', direction: 'up' }))).toEqual(
      ['direction'],
    );
    expect(
      paths(patternQuerySchema.safeParse({ symbol: 'A', start: '03-01', end: '03-05', from: '2010', to: '2005' })),
    ).toEqual(['to']);
    expect(paths(patternQuerySchema.safeParse({ symbol: 'A', start: '03-01', end: '03-05', from: '20x0' }))).toEqual([
      'from',
    ]);
    expect(patternQuerySchema.safeParse({ symbol: 'A', start: '03-01', end: '03-05', extra: '1' }).success).toBe(false);
    expect(yearsQuerySchema.parse({ symbol: 'spy' })).toEqual({ symbol: 'SPY' });
  });

  it('bounds best-trades lengths', () => {
    expect(bestTradesQuerySchema.parse({ symbol: 'A', minDays: '5', maxDays: '60' })).toEqual({
      symbol: 'A',
      minDays: 5,
      maxDays: 60,
      top: 10,
    });
    expect(paths(bestTradesQuerySchema.safeParse({ symbol: 'A', minDays: '10', maxDays: '5' }))).toEqual(['maxDays']);
    expect(paths(bestTradesQuerySchema.safeParse({ symbol: 'A', minDays: '0', maxDays: '5' }))).toEqual(['minDays']);
    expect(paths(bestTradesQuerySchema.safeParse({ symbol: 'A', minDays: '5', maxDays: '365' }))).toEqual(['maxDays']);
    expect(paths(bestTradesQuerySchema.safeParse({ symbol: 'A', minDays: '5', maxDays: '9', top: '0' }))).toEqual([
      'top',
    ]);
    expect(paths(bestTradesQuerySchema.safeParse({ symbol: 'A', minDays: '', maxDays: '9' }))).toEqual(['minDays']);
  });

  it('takes a rank of winRate or returnToRisk, and names the field of any other', () => {
    const query = { symbol: 'A', minDays: '5', maxDays: '60' };
    expect(bestTradesQuerySchema.parse({ ...query, rank: 'returnToRisk' }).rank).toBe('returnToRisk');
    const bad = bestTradesQuerySchema.safeParse({ ...query, rank: 'sharpe' });
    expect(paths(bad)).toEqual(['rank']);
    expect(bad.error!.issues[0]!.message).toBe('expected winRate or returnToRisk');
    const scan = { startFrom: '03-01', startTo: '03-15', minDays: 10, maxDays: 30 };
    expect(seasonalScanBodySchema.parse({ ...scan, rank: 'returnToRisk' }).rank).toBe('returnToRisk');
    expect(paths(seasonalScanBodySchema.safeParse({ ...scan, rank: 'winrate' }))).toEqual(['rank']);
  });

  it('takes a scan body with every universe form', () => {
    const base = { startFrom: '03-01', startTo: '03-15', minDays: 10, maxDays: 30 };
    expect(seasonalScanBodySchema.parse(base)).toEqual({
      ...base,
      minWinRate: 0,
      direction: 'long',
      universe: 'all',
    });
    for (const universe of ['all', 'sector:Information Technology', 'watchlist:12', ['aapl', 'MSFT']])
      expect(seasonalScanBodySchema.safeParse({ ...base, universe }).success).toBe(true);
    expect(seasonalScanBodySchema.parse({ ...base, universe: ['aapl'] }).universe).toEqual(['AAPL']);
    for (const universe of ['everything', 'watchlist:x', [], 'sector:'])
      expect(paths(seasonalScanBodySchema.safeParse({ ...base, universe }))).toEqual(['universe']);
    expect(paths(seasonalScanBodySchema.safeParse({ ...base, minWinRate: 1.5 }))).toEqual(['minWinRate']);
    expect(paths(seasonalScanBodySchema.safeParse({ ...base, direction: 'sideways' }))).toEqual(['direction']);
    expect(seasonalScanBodySchema.safeParse({ ...base, colour: 'red' }).success).toBe(false);
  });
});
