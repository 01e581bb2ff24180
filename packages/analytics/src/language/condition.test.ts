import { describe, expect, it } from 'vitest';
import { ScanExpressionError } from '../scanner/errors.js';
import { isoDate, seriesFromRows } from '../series.js';
import { NEW_YEAR_CLOSES } from '../testing/new-year-closes.js';
import { chartExpressionSeries, conditionAt, parseCondition, TRUTH_UNKNOWN as U } from './condition.js';

const daily = seriesFromRows(
  'X',
  NEW_YEAR_CLOSES.map(([date, close]) => ({ date, open: close, high: close, low: close, close, volume: 100 })),
);
const at = (text: string, indices: number[], texts = {}) =>
  Array.from(conditionAt(parseCondition(text), daily, indices, { texts }));

describe('conditionAt: a condition at bars of one symbol, nothing after each bar read', () => {
  it('weekly terms on the weeks built up to each bar', () => {
    // weekly(close): 10 12 | 11 13 9 10 | 14; last week's close: – – | 12 12 12 12 | 10
    expect(at('weekly(close) > weekly(close[1])', [0, 2, 3, 4, 6])).toEqual([U, 0, 1, 0, 1]);
    // at 12-31 the week so far closes 13, on 12-30 it closed 11: crosses above 12
    expect(at('weekly(close) crosses above 12', [2, 3, 6])).toEqual([0, 1, 1]);
  });

  it('crosses against the bar before; unknown where a side is null', () => {
    // sma(close, 2): – 11 11.5 12 11 9.5 12
    // at 01-06 the close was above already the bar before (10 > 9.5)
    expect(at('close crosses above sma(close, 2)', [1, 3, 6])).toEqual([U, 1, 0]);
    expect(at('close crosses below sma(close, 2)', [4])).toEqual([1]);
  });

  it('text fields from the given texts; what one symbol cannot know is unknown', () => {
    expect(at('sector in ("tech") and close > 0', [6], { sector: 'Tech' })).toEqual([1]);
    expect(at('sector in ("tech") and close > 0', [6])).toEqual([U]);
    expect(at('not sector = "Energy"', [6], { sector: 'Tech' })).toEqual([1]);
    expect(at('rank(close) > 1 or close > 100', [6])).toEqual([U]);
    expect(at('rank(close) > 1 or close > 1', [6])).toEqual([1]);
    expect(at('close > 0', [-1, 7])).toEqual([U, U]);
  });
});

describe('chartExpressionSeries', () => {
  it('on weekly bars: their dates and values; null where the history is short', () => {
    const c = chartExpressionSeries('close - close[1]', daily, 'weekly');
    expect(Array.from(c.dates, isoDate)).toEqual(['2024-12-27', '2025-01-03', '2025-01-06']);
    expect(c.values).toEqual([null, -2, 4]);
    expect(chartExpressionSeries('weekly(close)', daily).values).toEqual([10, 12, 11, 13, 9, 10, 14]);
  });

  it('a bad expression or a condition is a ScanExpressionError at its position', () => {
    expect(() => chartExpressionSeries('sma(close, 0)', daily)).toThrow(ScanExpressionError);
    expect(() => chartExpressionSeries('close > 1', daily)).toThrow('Expected the end, found ">" at position 7');
    expect(() => chartExpressionSeries('sector', daily)).toThrow('Expected a number, not text at position 1');
  });
});
