import { describe, expect, it } from 'vitest';
import { seriesFromRows, type PriceSeries } from '../series.js';
import { conditionAt, parseCondition } from '../language/condition.js';
import { fieldTableFromSeries, fieldTableRows } from './field-table.js';
import { fieldValues, scanNotices } from './notices.js';
import { compileScan, runScan } from './scan.js';
import { scanErrorOf, testInstrument } from './test-table.js';

/** Every calendar day from 2024-01-01, with these closes. */
function daily(symbol: string, closes: readonly number[]): PriceSeries {
  const rows = closes.map((c, i) => ({
    date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
    open: c,
    high: c,
    low: c,
    close: c,
    volume: 1000,
  }));
  return seriesFromRows(symbol, rows);
}

// closes at the last bar: AAA 12, BBB 30, SPY 500, BTC 60000, ETH 3000, EUR 1.1
const universe = [
  { instrument: testInstrument('AAA', 'Tech', { assetClass: 'equity' }), series: daily('AAA', [10, 12]) },
  { instrument: testInstrument('BBB', 'Energy', { assetClass: 'equity' }), series: daily('BBB', [20, 30]) },
  {
    instrument: testInstrument('SPY', null, { type: 'etf', assetClass: 'etf' }),
    series: daily('SPY', [400, 500]),
  },
  {
    instrument: testInstrument('BTC-USD', null, { type: 'crypto', assetClass: 'crypto' }),
    series: daily('BTC-USD', [50000, 60000]),
  },
  {
    instrument: testInstrument('ETH-USD', null, { type: 'crypto', assetClass: 'crypto' }),
    series: daily('ETH-USD', [2000, 3000]),
  },
  {
    instrument: testInstrument('EURUSD=X', null, { type: 'fx', assetClass: 'fx' }),
    series: daily('EURUSD=X', [1.1, 1.1]),
  },
];
const table = () => fieldTableFromSeries(universe);
const symbolsOf = (expression: string) =>
  runScan(table(), compileScan(expression), { limit: 100 }).results.map((r) => r.symbol);

describe('assetClass: a text field of the scan language', () => {
  it('takes =, !=, in and not in, case-insensitive', () => {
    expect(symbolsOf('assetClass = "crypto"')).toEqual(['BTC-USD', 'ETH-USD']);
    expect(symbolsOf('ASSETCLASS = "Crypto"')).toEqual(['BTC-USD', 'ETH-USD']);
    expect(symbolsOf('assetClass in ("fx", "crypto")')).toEqual(['BTC-USD', 'ETH-USD', 'EURUSD=X']);
    expect(symbolsOf('assetClass not in ("fx", "crypto")')).toEqual(['AAA', 'BBB', 'SPY']);
    expect(symbolsOf('assetClass != "equity" and close > 100')).toEqual(['BTC-USD', 'ETH-USD', 'SPY']);
  });

  it('is shown in the rows it is named in', () => {
    const r = runScan(table(), compileScan('assetClass = "fx"'));
    expect(r.results).toEqual([expect.objectContaining({ symbol: 'EURUSD=X', assetClass: 'fx' })]);
  });

  it('a value no symbol has matches nothing, and the notice names the values there are', () => {
    const scan = compileScan('assetClass = "bond"');
    expect(runScan(table(), scan).count).toBe(0);
    expect(scanNotices(table(), scan)).toEqual([
      'No instrument has assetClass "bond". The values are: "crypto", "equity", "etf", "fx".',
    ]);
    expect(fieldValues(table(), 'assetClass')).toEqual(['crypto', 'equity', 'etf', 'fx']);
  });

  it('is unknown for an instrument without one, as a missing sector is', () => {
    const t = fieldTableFromSeries([
      { instrument: testInstrument('OLD', 'Tech'), series: daily('OLD', [1, 2]) },
      ...universe.slice(0, 1),
    ]);
    const run = (e: string) => runScan(t, compileScan(e)).results.map((r) => r.symbol);
    expect(run('assetClass = "equity"')).toEqual(['AAA']);
    expect(run('assetClass not in ("crypto")')).toEqual(['AAA']);
  });

  it('is a text in calculations: an error at the field', () => {
    expect(scanErrorOf('assetClass > 1')).toMatchObject({ code: 'cannot_compare' });
    expect(scanErrorOf('sma(assetClass, 2) > 1').position).toBe(5);
  });
});

describe('rank(x, assetClass)', () => {
  it('ranks within each asset class, by its stored text', () => {
    const r = runScan(table(), compileScan('close > 0'), { columns: ['rank(close, assetClass)'], limit: 100 });
    const rank = Object.fromEntries(r.results.map((row) => [row.symbol, row['rank(close, assetClass)']]));
    // equity: AAA 12 < BBB 30; crypto: ETH 3000 < BTC 60000; etf and fx alone: 50
    expect(rank).toEqual({ AAA: 0, BBB: 100, 'BTC-USD': 100, 'ETH-USD': 0, SPY: 50, 'EURUSD=X': 50 });
  });

  it('takes the group in any case', () => {
    const scan = compileScan('rank(close, ASSETCLASS) >= 50');
    expect(runScan(table(), scan, { limit: 100 }).results.map((r) => r.symbol)).toEqual([
      'BBB',
      'BTC-USD',
      'EURUSD=X',
      'SPY',
    ]);
    expect(scan.terms.map((t) => t.key)).toEqual(['rank(close, ASSETCLASS)']);
  });

  it('is null for a symbol without an asset class', () => {
    const t = fieldTableFromSeries([
      { instrument: testInstrument('OLD', 'Tech'), series: daily('OLD', [1, 2]) },
      ...universe.slice(0, 2),
    ]);
    const r = runScan(t, compileScan('close > 0'), { columns: ['rank(close, assetClass)'] });
    expect(r.results.map((row) => row['rank(close, assetClass)'])).toEqual([0, 100, null]);
  });

  it('names the groups it takes when given another', () => {
    const error = scanErrorOf('rank(m6, class) > 1');
    expect(error).toMatchObject({ code: 'rank_group', position: 10, expected: 'sector, industry, type or assetClass' });
  });
});

describe('a condition on one symbol reads its asset class', () => {
  it('from the texts given, unknown without', () => {
    const series = daily('BTC-USD', [1, 2]);
    const condition = parseCondition('assetClass in ("crypto") and close > 0');
    expect(Array.from(conditionAt(condition, series, [1], { texts: { assetClass: 'crypto' } }))).toEqual([1]);
    expect(Array.from(conditionAt(condition, series, [1], { texts: { assetClass: 'fx' } }))).toEqual([0]);
    expect(Array.from(conditionAt(condition, series, [1], { texts: {} }))).toEqual([2]);
  });
});

describe('fieldTableRows: a universe narrowed to some rows', () => {
  const classRows = (t: ReturnType<typeof table>, classes: readonly string[]) =>
    t.text.assetClass.flatMap((c, i) => (c !== null && classes.includes(c) ? [i] : []));

  it('keeps the rows’ values and session, and ranks among them only', () => {
    const t = table();
    const whole = runScan(t, compileScan('close > 0'), { columns: ['rank(close)', 'sma(close, 2)'], limit: 100 });
    const crypto = fieldTableRows(t, classRows(t, ['crypto']), 3);
    const r = runScan(crypto, compileScan('close > 0'), { columns: ['rank(close)', 'sma(close, 2)'] });
    expect(r.asOf).toBe(t.asOf);
    expect(r.stale).toBe(3);
    expect(r.results.map((row) => [row.symbol, row['rank(close)'], row['sma(close, 2)']])).toEqual([
      ['BTC-USD', 100, 55000],
      ['ETH-USD', 0, 2500],
    ]);
    // on the whole table, BTC is the largest close of six and ETH the second
    const eth = whole.results.find((row) => row.symbol === 'ETH-USD');
    expect(eth?.['rank(close)']).toBe(80);
  });

  it('answers as a table built from those instruments alone', () => {
    const t = table();
    const narrowed = fieldTableRows(t, classRows(t, ['equity', 'fx']), 0);
    const alone = fieldTableFromSeries(
      universe.filter((u) => ['equity', 'fx'].includes(u.instrument.assetClass ?? '')),
    );
    const options = { columns: ['rank(m1, assetClass)', 'close', 'rank(close)'], limit: 100 };
    for (const expression of ['close > 1', 'assetClass = "fx" or rank(close) > 10', 'sector in ("Tech")']) {
      expect(runScan(narrowed, compileScan(expression), options), expression).toEqual(
        runScan(alone, compileScan(expression), options),
      );
    }
    expect(scanNotices(narrowed, compileScan('assetClass = "crypto"'))).toEqual([
      'No instrument has assetClass "crypto". The values are: "equity", "fx".',
    ]);
  });
});
