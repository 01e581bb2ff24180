import { describe, expect, it } from 'vitest';
import { conditionsOf, FIELDS, joinConditions, PERCENT_FIELDS, splitConditions, TEXT_FIELDS } from './expression-chips';

describe('expression chips', () => {
  it('splits at top-level and, not inside between, parentheses or quotes', () => {
    expect(
      splitConditions('rsi14 < 30 and close between 10 and 20 and (a > 1 and b < 2) and sector = "Oil and Gas"'),
    ).toEqual(['rsi14 < 30', 'close between 10 and 20', '(a > 1 and b < 2)', 'sector = "Oil and Gas"']);
  });

  it('keeps an expression with a top-level or as one chip and parenthesises it when joined', () => {
    expect(conditionsOf('rsi14 < 30 or rsi14 > 70')).toEqual(['rsi14 < 30 or rsi14 > 70']);
    expect(joinConditions(['rsi14 < 30 or rsi14 > 70', 'close > sma200'])).toBe(
      '(rsi14 < 30 or rsi14 > 70) and close > sma200',
    );
    expect(conditionsOf('  ')).toEqual([]);
    expect(splitConditions('brand > 1 AND x < 2')).toEqual(['brand > 1', 'x < 2']);
  });

  it('offers assetClass as a text field, its chip kept whole', () => {
    expect(FIELDS).toContain('assetClass');
    expect(TEXT_FIELDS.has('assetClass')).toBe(true);
    expect(conditionsOf('assetClass in ("fx", "crypto") and rank(m6, assetClass) >= 90')).toEqual([
      'assetClass in ("fx", "crypto")',
      'rank(m6, assetClass) >= 90',
    ]);
  });

  it('offers the seasonal fields (issue 22) and keeps them whole in chips', () => {
    expect(FIELDS).toEqual(expect.arrayContaining(['season20.winRate', 'season20.count', 'season20.pValue']));
    expect(PERCENT_FIELDS.has('season20.mean')).toBe(true);
    expect(conditionsOf('season20.winRate >= 0.8 and season20.count >= 15 and close > sma200')).toEqual([
      'season20.winRate >= 0.8',
      'season20.count >= 15',
      'close > sma200',
    ]);
  });
});
