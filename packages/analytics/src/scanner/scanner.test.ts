import { describe, expect, it } from 'vitest';
import { testSeries } from '../indicators/test-series.js';
import { buildFieldTable, fieldTableFromSeries } from './field-table.js';
import { scanErrorOf, testBar as bar, testInstrument as inst } from './test-table.js';
import { SCAN_PRESETS } from '@solstice/contracts';
import { compileScan, runScan } from './scan.js';
import { fieldHasData, fieldValues, scanNotices } from './notices.js';
import { tokenize } from './tokenizer.js';

// Five symbols; previous bar first, latest second.
const table = buildFieldTable([
  {
    instrument: inst('AAA', 'Energy', { marketCap: 5e9 }),
    bars: [
      bar({ close: 10, sma50: 9, sma200: 10 }),
      bar({ close: 11, rsi14: 25, sma50: 10.5, sma200: 10.2, volume: 2e6 }),
    ],
  },
  {
    instrument: inst('BBB', 'Technology', { marketCap: 800e6 }),
    bars: [
      bar({ close: 50, sma50: 51, sma200: 50 }),
      bar({ close: 48, rsi14: 75, sma50: 49, sma200: 50, volume: 500e3 }),
    ],
  },
  {
    instrument: inst('CCC', 'energy', { type: 'etf' }),
    bars: [bar({ close: 20 }), bar({ close: 21, rsi14: 30, sma50: 20, sma200: 22, volume: 1e6 })],
  },
  { instrument: inst('DDD', null), bars: [bar({ close: 5, rsi14: null, volume: 0 })] },
  {
    instrument: inst('EEE', 'Utilities'),
    bars: [bar({ close: 7, sma50: 8, sma200: 8 }), bar({ close: 7.5, rsi14: 55, sma50: 8, sma200: 8, volume: 3e6 })],
  },
]);

const symbolsOf = (expression: string, sort?: string, desc?: boolean) =>
  runScan(table, compileScan(expression), { sort, desc }).results.map((r) => r.symbol);

describe('tokenizer', () => {
  it('reads numbers with %, k, M, B and T suffixes and negative numbers', () => {
    const values = tokenize('5% 2.5M 10k 1B 0.5T .5 1e3')
      .filter((t) => t.type === 'number')
      .map((t) => t.value);
    expect(values).toEqual([0.05, 2.5e6, 10e3, 1e9, 0.5e12, 0.5, 1000]);
    // a sign where a value is expected; after a value, "-" subtracts (arithmetic.test.ts)
    expect(tokenize('change1d > -2%')[2]).toMatchObject({ type: 'number', value: -0.02 });
  });

  it('gives each token its 1-based column', () => {
    expect(tokenize('rsi14 <= 30 and sector = "Energy"').map((t) => [t.type, t.text, t.position])).toEqual([
      ['ident', 'rsi14', 1],
      ['op', '<=', 7],
      ['number', '30', 10],
      ['ident', 'and', 13],
      ['ident', 'sector', 17],
      ['op', '=', 24],
      ['string', '"Energy"', 26],
      ['eof', '', 34],
    ]);
  });
});

describe('parse errors name the position and what was expected', () => {
  it.each([
    ['rsi14 < ', 'Expected a value after "<" at position 9', 9],
    ['rsi14 < and', 'Expected a value after "<" at position 9, found "and"', 9],
    [
      'rsi14 30',
      'Expected a comparison (<, <=, >, >=, =, !=, between, crosses above/below) after "rsi14" at position 7, found "30"',
      7,
    ],
    ['(rsi14 < 30', 'Expected ")" at position 12', 12],
    ['rsi14 < 30)', 'Expected "and", "or" or the end, found ")" at position 11', 11],
    ['rsi14 < 30 close', 'Expected "and", "or" or the end, found "close" at position 12', 12],
    ['foo > 3', 'Unknown field "foo" at position 1', 1],
    ['', 'Expected a condition at position 1', 1],
    ['close between 1 or 2', 'Expected "and" after "1" at position 17, found "or"', 17],
    ['sma50 crosses over sma200', 'Expected "above" or "below" after "crosses" at position 15, found "over"', 15],
    ['close > 5x', 'Unexpected "x" after the number "5" at position 10', 10],
    ['sector = "Energy', 'Unterminated string starting at position 10', 10],
    ['close # 3', 'Unexpected character "#" at position 7', 7],
    ['not', 'Expected a condition after "not" at position 4', 4],
    ['sector > "A"', 'Text can only be compared with = or != (">" at position 8)', 8],
    ['sector = 5', 'Cannot compare text field "sector" with the number 5 at position 10', 10],
    ['close = "x"', 'Cannot compare numeric field "close" with the text "x" at position 9', 9],
    ['sector between 1 and 2', '"between" needs numbers, not text field "sector" at position 1', 1],
  ])('%j', (expression, message, position) => {
    const e = scanErrorOf(expression);
    expect(e.message).toBe(message);
    expect(e.position).toBe(position);
  });

  it.each([
    ['rsi14 < and', 'expected_value', { after: '<', found: 'and' }],
    ['rsi14 < 30)', 'unmatched_paren', { found: ')' }],
    ['rsi14 < 30 close', 'expected_and_or_end', { found: 'close' }],
    ['(rsi14 < 30', 'expected_close_paren', {}],
    ['not', 'expected_condition', { after: 'not' }],
    ['close between 1 or 2', 'expected_and', { after: '1', found: 'or' }],
    ['close > 5x', 'number_suffix', { character: 'x', number: '5' }],
    ['close # 3', 'unexpected_character', { character: '#' }],
    ['sector > "A"', 'text_operator', { op: '>' }],
    ['close = "x"', 'cannot_compare', { expectedKind: 'number' }],
    ['sector between 1 and 2', 'needs_numbers', { word: 'between' }],
    ['foo > 3', 'unknown_field', { field: 'foo' }],
    ['season0.mean > 1', 'season_length', { field: 'season0.mean', min: 1, max: 364 }],
  ])('%j has a code and the words a translation needs', (expression, code, params) => {
    const e = scanErrorOf(expression);
    expect([e.code, e.params]).toEqual([code, params]);
  });

  it('suggests the nearest field for a misspelt one', () => {
    const e = scanErrorOf('clsoe > 10');
    expect(e.message).toBe('Unknown field "clsoe" at position 1 (did you mean "close"?)');
    expect([e.code, e.params, e.position]).toEqual(['unknown_field', { field: 'clsoe', suggestion: 'close' }, 1]);
    expect(scanErrorOf('close > 1 and rsi41 < 30').params).toEqual({ field: 'rsi41', suggestion: 'rsi14' });
    expect(scanErrorOf('vloume > 1').params.suggestion).toBe('volume');
    // nothing near enough: no guess
    expect(scanErrorOf('zzzzzz > 1').params).toEqual({ field: 'zzzzzz' });
  });
});

describe('evaluation', () => {
  it('compares fields with numbers and with fields', () => {
    expect(symbolsOf('rsi14 < 30')).toEqual(['AAA']);
    expect(symbolsOf('rsi14 <= 30')).toEqual(['AAA', 'CCC']);
    expect(symbolsOf('rsi14 > 70')).toEqual(['BBB']);
    expect(symbolsOf('rsi14 >= 55')).toEqual(['BBB', 'EEE']);
    expect(symbolsOf('rsi14 = 30')).toEqual(['CCC']);
    expect(symbolsOf('rsi14 != 30')).toEqual(['AAA', 'BBB', 'EEE']); // DDD's rsi is null
    expect(symbolsOf('close > sma200')).toEqual(['AAA']);
    expect(symbolsOf('price > sma50')).toEqual(['AAA', 'CCC']);
  });

  it('applies number suffixes', () => {
    expect(symbolsOf('volume >= 1M')).toEqual(['AAA', 'CCC', 'EEE']);
    expect(symbolsOf('volume < 600k')).toEqual(['BBB', 'DDD']);
    expect(symbolsOf('marketCap > 1B')).toEqual(['AAA']);
  });

  it('compares text case-insensitively and treats a null as unknown', () => {
    expect(symbolsOf('sector = "Energy"')).toEqual(['AAA', 'CCC']);
    expect(symbolsOf("SECTOR = 'ENERGY'")).toEqual(['AAA', 'CCC']);
    expect(symbolsOf('sector != "energy"')).toEqual(['BBB', 'EEE']);
    expect(symbolsOf('sector = "Nothing"')).toEqual([]);
    expect(symbolsOf('type = "etf"')).toEqual(['CCC']);
    expect(symbolsOf('symbol = "bbb"')).toEqual(['BBB']);
  });

  it('between is inclusive', () => {
    expect(symbolsOf('rsi14 between 25 and 55')).toEqual(['AAA', 'CCC', 'EEE']);
    expect(symbolsOf('close between sma50 and 100')).toEqual(['AAA', 'CCC']);
  });

  it('crosses above/below compare the latest bar with the previous one', () => {
    // AAA: sma50 9 ≤ 10 then 10.5 > 10.2; BBB: 51 ≥ 50 then 49 < 50; EEE stays equal
    expect(symbolsOf('sma50 crosses above sma200')).toEqual(['AAA']);
    expect(symbolsOf('sma50 crosses below sma200')).toEqual(['BBB']);
    expect(symbolsOf('close crosses above 10.5')).toEqual(['AAA']);
    expect(symbolsOf('close crosses below 49')).toEqual(['BBB']);
    expect(symbolsOf('close crosses above 7.2')).toEqual(['EEE']);
  });

  it('and binds tighter than or; not and parentheses; three-valued logic with nulls', () => {
    expect(symbolsOf('rsi14 < 30 or rsi14 > 70 and sector = "Energy"')).toEqual(['AAA']);
    expect(symbolsOf('(rsi14 < 30 or rsi14 > 70) and sector = "Technology"')).toEqual(['BBB']);
    expect(symbolsOf('NOT rsi14 < 50')).toEqual(['BBB', 'EEE']); // DDD: not unknown = unknown
    // DDD: unknown and false = false, so not … = true
    expect(symbolsOf('not (rsi14 < 50 and close > 100)')).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE']);
    expect(symbolsOf('not (rsi14 < 50 or close > 100)')).toEqual(['BBB', 'EEE']);
    expect(symbolsOf('rsi14 > 1000 or close < 6')).toEqual(['DDD']); // unknown or true = true
    expect(symbolsOf('not not rsi14 < 30')).toEqual(['AAA']);
  });

  it('accepts the perf aliases', () => {
    const t = buildFieldTable([
      {
        instrument: inst('P', 'X'),
        bars: [bar({ close: 1, perf: { w1: 0.1, m1: -0.2, m3: 0, m6: 0, ytd: 0.3, y1: 0 } })],
      },
    ]);
    for (const e of ['perf.m1 < 0', 'm1 < 0', 'perfM1 < 0', 'PERF.M1 < -10%', 'ytd > 25%', 'w1 = 10%']) {
      expect(runScan(t, compileScan(e)).count).toBe(1);
    }
  });
});

describe('sorting, paging and rows', () => {
  it('sorts by any field, nulls last in both directions, ties by symbol', () => {
    expect(symbolsOf('close > 0', 'rsi14')).toEqual(['AAA', 'CCC', 'EEE', 'BBB', 'DDD']);
    expect(symbolsOf('close > 0', 'rsi14', true)).toEqual(['BBB', 'EEE', 'CCC', 'AAA', 'DDD']);
    expect(symbolsOf('close > 0', 'sector')).toEqual(['AAA', 'CCC', 'BBB', 'EEE', 'DDD']);
    expect(symbolsOf('close > 0', 'sector', true)).toEqual(['EEE', 'BBB', 'AAA', 'CCC', 'DDD']);
    expect(symbolsOf('close > 0', 'perf.m1', true)).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE']);
  });

  it('pages with limit and offset and counts every match', () => {
    const r = runScan(table, compileScan('close > 0'), { sort: 'close', desc: true, limit: 2, offset: 1 });
    expect(r.count).toBe(5);
    expect(r.asOf).toBe('2024-05-10');
    expect(r.results.map((x) => x.symbol)).toEqual(['CCC', 'AAA']);
  });

  it('rows carry symbol, name, sector and the fields of the expression and the sort', () => {
    const r = runScan(table, compileScan('rsi14 < 30 and price > sma50'), { sort: 'volume' });
    expect(r.results).toEqual([
      { symbol: 'AAA', name: 'AAA Inc.', sector: 'Energy', rsi14: 25, price: 11, sma50: 10.5, volume: 2e6 },
    ]);
  });

  it('rejects an unknown sort field', () => {
    expect(() => runScan(table, compileScan('close > 0'), { sort: 'nope' })).toThrow('Unknown sort field "nope"');
  });
});

describe('presets', () => {
  it('every preset compiles and sorts by a known field', () => {
    expect(SCAN_PRESETS.map((p) => p.id)).toEqual([
      'oversold',
      'overbought',
      'golden-cross',
      'death-cross',
      'new-52-week-high',
      'new-52-week-low',
      'unusual-volume',
      'gap-up',
      'gap-down',
      'above-all-moving-averages',
    ]);
    for (const p of SCAN_PRESETS) expect(() => runScan(table, compileScan(p.expression), p)).not.toThrow();
  });

  it('find the symbols they describe', () => {
    const run = (id: string) => {
      const p = SCAN_PRESETS.find((x) => x.id === id);
      return p ? runScan(table, compileScan(p.expression)).results.map((r) => r.symbol) : [];
    };
    expect(run('oversold')).toEqual(['AAA']);
    expect(run('overbought')).toEqual(['BBB']);
    expect(run('golden-cross')).toEqual(['AAA']);
    expect(run('death-cross')).toEqual(['BBB']);
  });

  it('work on a table built from price series', () => {
    const up = Array.from({ length: 300 }, (_, i) => 100 + i);
    const gapUp = [...up.slice(0, 299), 420];
    const t = fieldTableFromSeries([
      { instrument: inst('UP', 'A'), series: testSeries('UP', up) },
      { instrument: inst('GAP', 'A'), series: testSeries('GAP', gapUp, { open: [...up.slice(0, 299), 410] }) },
      { instrument: inst('NONE', 'A'), series: undefined },
    ]);
    expect(t.size).toBe(2);
    const ids = (id: string) => {
      const p = SCAN_PRESETS.find((x) => x.id === id);
      return p ? runScan(t, compileScan(p.expression)).results.map((r) => r.symbol) : [];
    };
    expect(ids('new-52-week-high')).toEqual(['GAP', 'UP']);
    expect(ids('above-all-moving-averages')).toEqual(['GAP', 'UP']);
    expect(ids('gap-up')).toEqual(['GAP']); // 410 / 398 − 1 ≈ 3%
    expect(ids('overbought')).toEqual(['GAP', 'UP']);
    expect(ids('gap-down')).toEqual([]);
  });
});

describe('notices: why a scan that parsed may match nothing', () => {
  const noticesOf = (t: typeof table, expression: string) => scanNotices(t, compileScan(expression));
  const noCaps = buildFieldTable([
    { instrument: inst('AAA', 'Information Technology'), bars: [bar({ close: 10 })] },
    { instrument: inst('BBB', 'Energy', { type: 'etf' }), bars: [bar({ close: 20 })] },
  ]);

  it('names a numeric field no symbol has a value for (market caps absent from the data)', () => {
    expect(runScan(noCaps, compileScan('marketCap > 1B')).count).toBe(0);
    expect(noticesOf(noCaps, 'marketCap > 1B and close > 1')).toEqual([
      'No instrument has a value for marketCap in this data: a condition on it is never true.',
    ]);
    expect(noticesOf(table, 'marketCap > 1B')).toEqual([]);
  });

  it('names a text value no symbol has, with the values there are (sector = "Technology")', () => {
    expect(runScan(noCaps, compileScan('sector = "Technology"')).count).toBe(0);
    expect(noticesOf(noCaps, 'sector = "Technology" or "Technology" = sector')).toEqual([
      'No instrument has sector "Technology". The values are: "Energy", "Information Technology".',
    ]);
    expect(noticesOf(noCaps, 'sector = "information technology"')).toEqual([]);
    expect(noticesOf(noCaps, 'type != "fund"')).toEqual([
      'No instrument has type "fund". The values are: "etf", "stock".',
    ]);
    // Symbols and names are too many to list.
    expect(noticesOf(noCaps, 'symbol = "ZZZ"')).toEqual(['No instrument has symbol "ZZZ".']);
  });

  it('lists the values and data of fields for the scanner form', () => {
    expect(fieldValues(table, 'sector')).toEqual(['Energy', 'Technology', 'Utilities']);
    expect(fieldHasData(noCaps, 'marketCap')).toBe(false);
    expect(fieldHasData(table, 'marketCap')).toBe(true);
  });
});

describe('distance fields', () => {
  it('pctFromHigh52w, pctFromLow52w and pctFromSma20/50/200 are close / reference − 1, null without one', () => {
    const t = buildFieldTable([
      {
        instrument: inst('AAA', 'Energy'),
        bars: [bar({ close: 90, high52w: 100, low52w: 60, sma20: 80, sma50: 90, sma200: 120 })],
      },
      { instrument: inst('NEW', 'Energy'), bars: [bar({ close: 10 })] },
    ]);
    const row = runScan(
      t,
      compileScan(
        'pctFromHigh52w < 0 and pctFromLow52w > 0 and pctFromSma20 > 0 and pctFromSma50 = 0 and pctFromSma200 < 0',
      ),
    ).results;
    expect(row).toEqual([
      {
        symbol: 'AAA',
        name: 'AAA Inc.',
        sector: 'Energy',
        pctFromHigh52w: 90 / 100 - 1,
        pctFromLow52w: 90 / 60 - 1,
        pctFromSma20: 90 / 80 - 1,
        pctFromSma50: 0,
        pctFromSma200: 90 / 120 - 1,
      },
    ]);
    expect(runScan(t, compileScan('pctFromHigh52w < 1 or not (pctFromHigh52w < 1)')).count).toBe(1);
  });
});
