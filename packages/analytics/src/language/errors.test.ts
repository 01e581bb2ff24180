import { describe, expect, it } from 'vitest';
import { ScanExpressionError } from '../scanner/errors.js';
import { compileScan, compileScanTerm } from '../scanner/scan.js';

const SYMBOLS = new Map(['SPY', 'BRK.B', 'BF-B'].map((s) => [s.toLowerCase(), s]));
const options = { resolveSymbol: (s: string) => SYMBOLS.get(s.toLowerCase()) };

function errorOf(expression: string): ScanExpressionError {
  try {
    compileScan(expression, options);
  } catch (error) {
    if (error instanceof ScanExpressionError) return error;
    throw error;
  }
  throw new Error(`no error for ${expression}`);
}

const calls = (k: number) => Array.from({ length: k }, () => 'sma(close, 2)').join(' + ');
const nested = (k: number) => 'sma('.repeat(k) + 'close' + ', 2)'.repeat(k);
const list = (k: number) => Array.from({ length: k }, (_, i) => `"s${i}"`).join(', ');
// The messages that several rules share, at a position.
const period = (fn: string, p: number) => `The period of ${fn} must be a whole number from 1 to 1000 at position ${p}`;
const offset = (p: number) => `The offset must be a whole number from 0 to 1000 at position ${p}`;
const inTimeframe = (fn: string, p: number) =>
  `${fn} cannot be inside a function, an offset or another timeframe at position ${p}`;
const inRank = (p: number) =>
  `rank cannot be inside a function, an offset, a timeframe or another rank at position ${p}`;
const inFunction = (field: string, p: number) => `${field} cannot be inside a function or a timeframe at position ${p}`;

describe('every rule of the scan language is an error at the position of the token at fault', () => {
  it.each([
    ['foo(close, 2) > 1', 'Unknown function "foo" at position 1', 1, 'unknown_function'],
    ['sma(close) > 1', 'sma takes 2 arguments at position 1', 1, 'function_arity'],
    ['close > sma(close, 2, 3)', 'sma takes 2 arguments at position 9', 9, 'function_arity'],
    ['atr() > 1', 'atr takes 1 argument at position 1', 1, 'function_arity'],
    ['weekly(close, 2) > 1', 'weekly takes 1 argument at position 1', 1, 'function_arity'],
    ['rank() > 1', 'rank takes 1 or 2 arguments at position 1', 1, 'function_arity'],
    ['rs(SPY) > 0', 'rs takes 2 arguments at position 1', 1, 'function_arity'],
    ['SMA(close, 0) > 1', period('sma', 12), 12, 'period_range'],
    ['sma(close, 1001) > 1', period('sma', 12), 12, 'period_range'],
    ['sma(close, 2.5) > 1', period('sma', 12), 12, 'period_range'],
    ['sma(close, 1k) > 1', period('sma', 12), 12, 'period_range'],
    ['ema(close, -3) > 1', period('ema', 12), 12, 'period_range'],
    ['rs(SPY, 0) > 0', period('rs', 9), 9, 'period_range'],
    ['atr(close) > 1', period('atr', 5), 5, 'period_range'],
    ['close[1001] > 1', offset(7), 7, 'offset_range'],
    ['close[-1] > 1', offset(7), 7, 'offset_range'],
    ['sma(weekly(close), 2) > 1', inTimeframe('weekly', 5), 5, 'timeframe_nested'],
    ['weekly(monthly(close)) > 1', inTimeframe('monthly', 8), 8, 'timeframe_nested'],
    ['(weekly(close) + 1)[1] > 1', inTimeframe('weekly', 2), 2, 'timeframe_nested'],
    ['sma(rank(m6), 2) > 1', inRank(5), 5, 'rank_nested'],
    ['rank(rank(m6)) > 1', inRank(6), 6, 'rank_nested'],
    ['weekly(rank(m6)) > 1', inRank(8), 8, 'rank_nested'],
    [
      'rank(m6) crosses above 50',
      'rank cannot be a side of "crosses" (it exists at the scan\'s date only) at position 1',
      1,
      'rank_crosses',
    ],
    ['weekly(close)[1] > 1', 'An offset cannot follow weekly(): no offset at position 14', 14, 'offset_not_allowed'],
    ['rank(m6)[1] > 1', 'An offset cannot follow rank(): no offset at position 9', 9, 'offset_not_allowed'],
    ['sector[1] = "Energy"', 'Text has no history: no offset at position 7', 7, 'offset_not_allowed'],
    [`${nested(7)} > 1`, 'More than 6 calls nested in one another at position 25', 25, 'too_deep'],
    [`${calls(51)} > 1`, 'More than 50 calls in one expression at position 801', 801, 'too_many_calls'],
    ['rs(NOPE, 5) > 0', 'Unknown symbol "NOPE" at position 4', 4, 'unknown_symbol'],
    ['rs("NOPE", 5) > 0', 'Unknown symbol "NOPE" at position 4', 4, 'unknown_symbol'],
    [
      'rank(m6, country) > 1',
      'The group of rank must be sector, industry, type or assetClass at position 10',
      10,
      'rank_group',
    ],
    ['sma(sector, 2) > 1', 'sma needs a number, not text field "sector" at position 5', 5, 'function_text'],
    ['rank("a") > 1', 'rank needs a number, not the text "a" at position 6', 6, 'function_text'],
    ['sma(marketCap, 2) > 1', inFunction('marketCap', 5), 5, 'field_in_function'],
    ['weekly(season20.winRate) > 0', inFunction('season20.winRate', 8), 8, 'field_in_function'],
    ['marketCap[1] > 1', 'marketCap has no history: it takes no offset (at position 1)', 1, 'field_no_offset'],
    ['close in ("a")', '"in" needs a text field, not numeric field "close" at position 1', 1, 'in_needs_text'],
    ['sector in ()', 'Expected a "text" value after "(" at position 12, found ")"', 12, 'expected_text'],
  ])('%s', (expression, message, position, code) => {
    const e = errorOf(expression);
    expect([e.message, e.position, e.code]).toEqual([message, position, code]);
  });

  it('counts the 51st call and the 7th nested name where they stand', () => {
    // 16 characters per "sma(close, 2) + ": the 51st starts at 50 × 16 + 1; 4 per "sma(".
    expect(calls(51).slice(800, 803)).toBe('sma');
    expect(nested(7).slice(24, 27)).toBe('sma');
  });

  it('a list of 501 values: the 501st', () => {
    const expression = `symbol in (${list(501)})`;
    const position = expression.indexOf('"s500"') + 1;
    const e = errorOf(expression);
    expect([e.message, e.position, e.code]).toEqual([
      `A list holds at most 500 values at position ${position}`,
      position,
      'list_too_long',
    ]);
  });

  it('accepts the bounds themselves, names in any case and symbols as words or quoted', () => {
    expect(() => compileScan(`${calls(50)} > 1`, options)).not.toThrow();
    expect(() => compileScan(`${nested(6)} > 1`, options)).not.toThrow();
    expect(() => compileScan(`symbol in (${list(500)})`, options)).not.toThrow();
    expect(() =>
      compileScan('SMA(Close, 1000)[1000] > 1 and RS(spy, 1) > 0 and rs("bf-b", 2) > 0 and rs(brk.b, 3) > 0', options),
    ).not.toThrow();
    expect(() => compileScan('Rank(M6, SECTOR) >= 90 and Sector Not In ("Energy")', options)).not.toThrow();
    expect(() => compileScan('season20.winRate[1] > 0.5 and rank(marketCap) > 50', options)).not.toThrow();
  });

  it('a column is an expression with no comparison; its errors are positions within it', () => {
    expect(compileScanTerm(' weekly(rsi(close, 14)) ').key).toBe('weekly(rsi(close, 14))');
    expect(compileScanTerm('rsi').key).toBe('rsi14');
    const e = (() => {
      try {
        compileScanTerm('sma(close)');
      } catch (error) {
        return error as ScanExpressionError;
      }
      throw new Error('no error');
    })();
    expect([e.message, e.position]).toEqual(['sma takes 2 arguments at position 1', 1]);
    expect(() => compileScanTerm('close > 1')).toThrow('Expected the end, found ">" at position 7');
  });
});
