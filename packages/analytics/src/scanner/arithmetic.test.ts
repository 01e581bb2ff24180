import { describe, expect, it } from 'vitest';
import { buildFieldTable } from './field-table.js';
import { scanErrorOf, testBar as bar, testInstrument as inst } from './test-table.js';
import { compileScan, runScan } from './scan.js';
import { tokenize } from './tokenizer.js';

// analytics.md: `+ - * /` and parentheses with the usual precedence before comparing; an
// operation with a null operand, or a division by zero, is null.
const table = buildFieldTable([
  // close 96 is 96 % of the 52-week high of 100; 20 % above SMA 50 (80)
  {
    instrument: inst('AAA', 'Energy'),
    bars: [bar({ close: 90, sma50: 80 }), bar({ close: 96, high52w: 100, sma50: 80 })],
  },
  // 94 % of its high; 4.4 % above SMA 50
  {
    instrument: inst('BBB', 'Energy'),
    bars: [bar({ close: 96, sma50: 96 }), bar({ close: 94, high52w: 100, sma50: 90 })],
  },
  // no 52-week high (short history); SMA 50 of 0 (a division by zero)
  {
    instrument: inst('CCC', 'Utilities'),
    bars: [bar({ close: 5, sma50: 0 }), bar({ close: 10, high52w: null, sma50: 0 })],
  },
]);

const symbolsOf = (expression: string) => runScan(table, compileScan(expression)).results.map((r) => r.symbol);

describe('scanner arithmetic', () => {
  it.each([
    // multiplies before comparing
    ['close >= high52w * 0.95', ['AAA']],
    ['close >= high52w * 0.94', ['AAA', 'BBB']],
    // a parenthesised difference over a field
    ['(close - sma50) / sma50 > 0.05', ['AAA']],
    ['(close - sma50) / sma50 > 0.04 and (close - sma50) / sma50 < 0.05', ['BBB']],
    // the usual precedence, left to right, with a leading minus: 2 + 3 * 4 = 14, not 20;
    // 20 - 4 - 2 = 14, not 18; 24 / 4 / 2 = 3, not 12; BBB: 94 − 2 − 12 = 80 (AAA: 82)
    ['close - 2 - 3 * 4 = 80', ['BBB']],
    ['2 + 3 * 4 = 14 and 20 - 4 - 2 = 14 and 24 / 4 / 2 = 3 and close = 96', ['AAA']],
    ['(2 + 3) * 4 = 20 and close = 96', ['AAA']],
    ['-close < -95', ['AAA']],
    ['close-sma50=16', ['AAA']],
    // null with a null operand or a division by zero: such a symbol never matches, not even negated
    ['close / sma50 > 0', ['AAA', 'BBB']],
    ['not (close / sma50 > 0)', []],
    ['close < high52w * 2', ['AAA', 'BBB']],
    ['not (close < high52w * 2)', []],
    // calculations in between and crosses (the previous bar computed the same way);
    // AAA: 90 − 80 = 10 ≤ 12, then 96 − 80 = 16 > 12; BBB: 0, then 4
    ['close between sma50 * 1.1 and sma50 * 1.3', ['AAA']],
    ['close - sma50 crosses above 12', ['AAA']],
    // conditions still grouped in parentheses
    ['(close > 95 or close < 20) and sector = "Energy"', ['AAA']],
    ['((close - sma50)) / sma50 > 0.05', ['AAA']],
  ])('%s matches %j', (expression, symbols) => {
    expect(symbolsOf(expression)).toEqual(symbols);
  });

  it('names the fields of a calculation as columns', () => {
    expect(compileScan('(close - sma50) / high52w > 0').fields).toEqual(['close', 'sma50', 'high52w']);
  });

  it('reads + and - after a value as operators, elsewhere as signs', () => {
    expect(tokenize('close-5').map((t) => [t.type, t.text])).toEqual([
      ['ident', 'close'],
      ['arith', '-'],
      ['number', '5'],
      ['eof', ''],
    ]);
    expect(tokenize('close > -5')[2]).toMatchObject({ type: 'number', value: -5 });
    expect(tokenize('close between -5 and -1').map((t) => t.value)).toEqual([
      undefined,
      undefined,
      -5,
      undefined,
      -1,
      undefined,
    ]);
  });

  it('points at the position of a mistake in a calculation', () => {
    const dangling = scanErrorOf('close >= high52w *');
    expect(dangling.position).toBe(19);
    expect(dangling.message).toBe('Expected a value after "*" at position 19');
    const unclosed = scanErrorOf('(close - sma50 / sma50 > 0.05');
    expect(unclosed.position).toBe(30);
    expect(unclosed.message).toMatch(/^Expected "\)" at position 30/);
    const text = scanErrorOf('sector * 2 > 1');
    expect(text.position).toBe(1);
    expect(text.message).toBe('Cannot calculate with text field "sector" ("*" at position 8)');
    const twice = scanErrorOf('close * * 2 > 1');
    expect(twice.position).toBe(9);
    expect(twice.message).toBe('Expected a value after "*" at position 9, found "*"');
    const missing = scanErrorOf('(close - sma50) / sma50');
    expect(missing.position).toBe(24);
    expect(missing.message).toMatch(/^Expected a comparison .* at position 24/);
  });
});
