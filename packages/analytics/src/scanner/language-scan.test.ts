import { describe, expect, it } from 'vitest';
import { seriesFromRows, type PriceSeries } from '../series.js';
import { fieldTableFromSeries } from './field-table.js';
import { scanNotices } from './notices.js';
import { compileScan, compileScanTerm, runScan, ScanTermError } from './scan.js';
import { termSteps } from './evaluate.js';
import { testInstrument } from './test-table.js';

/** Weekday sessions from Mon 2024-01-01 with these closes (open = close − 1). */
function daily(symbol: string, closes: readonly number[], skip: readonly number[] = []): PriceSeries {
  const rows = [];
  let day = Date.UTC(2024, 0, 1);
  for (let i = 0; rows.length + skip.length < closes.length || i < closes.length; i++) {
    if (i >= closes.length) break;
    while ([0, 6].includes(new Date(day).getUTCDay())) day += 86_400_000;
    const date = new Date(day).toISOString().slice(0, 10);
    day += 86_400_000;
    if (skip.includes(i)) continue;
    const c = closes[i]!;
    rows.push({ date, open: c - 1, high: c + 1, low: c - 2, close: c, volume: 1000 });
  }
  return seriesFromRows(symbol, rows);
}

// Mon 01-01 … Fri 01-05, Mon 01-08, Tue 01-09 (the scan's date).
const AAA = daily('AAA', [10, 10, 10, 10, 10, 12, 15]);
const BBB = daily('BBB', [20, 20, 20, 20, 20, 20, 20]);
const CCC = daily('CCC', [5, 5, 5, 5, 5, 6, 7.5]);
// The benchmark misses Mon 01-08: its Friday close stands for it.
const SPY = daily('SPY', [100, 100, 100, 100, 100, 100, 110], [5]);

const table = () =>
  fieldTableFromSeries([
    { instrument: testInstrument('AAA', 'Tech'), series: AAA },
    { instrument: testInstrument('BBB', 'Tech'), series: BBB },
    { instrument: testInstrument('CCC', 'Energy'), series: CCC },
    { instrument: testInstrument('SPY', null, { type: 'etf' }), series: SPY },
  ]);

const value = (expression: string, column: string, symbol: string) => {
  const r = runScan(table(), compileScan(expression), { columns: [column], limit: 100 });
  return r.results.find((row) => row.symbol === symbol)?.[column.trim()];
};

describe('scans in the scan language', () => {
  it('ranks across the symbols scanned, ties averaged, within a group when named', () => {
    const t = table();
    const r = runScan(t, compileScan('close > 0'), {
      columns: ['rank(change(close, 1))', 'rank(close, sector)'],
      sort: 'symbol',
    });
    // change(close, 1) at 01-09: AAA 3, BBB 0, CCC 1.5, SPY 10 → 100·(1/3), 0, 100·(… )
    expect(r.results.map((row) => row['rank(change(close, 1))'])).toEqual([(100 * 2) / 3, 0, 100 / 3, 100]);
    // Tech: AAA 15 < BBB 20 → 0, 100; Energy: CCC alone → 50; SPY has no sector → null
    expect(r.results.map((row) => row['rank(close, sector)'])).toEqual([0, 100, 50, null]);
  });

  it('groups a rank by the stored text of its group, case included', () => {
    const t = fieldTableFromSeries([
      { instrument: testInstrument('AAA', 'Tech'), series: AAA },
      { instrument: testInstrument('BBB', 'tech'), series: BBB },
      { instrument: testInstrument('CCC', 'Tech'), series: CCC },
    ]);
    const r = runScan(t, compileScan('close > 0'), { columns: ['rank(close, sector)'], sort: 'symbol' });
    // Tech: CCC 7.5 < AAA 15 → AAA 100, CCC 0; "tech" holds BBB alone → 50
    expect(r.results.map((row) => row['rank(close, sector)'])).toEqual([100, 50, 0]);
  });

  it('rs reads the benchmark on the symbol’s dates, its missing session standing at its close before', () => {
    // AAA over 2 bars: 15/10 = 1.5; SPY: 110 (01-09) / 100 (01-05) → 1.5/1.1 − 1
    expect(value('close > 0', 'rs(SPY, 2)', 'AAA')).toBeCloseTo(1.5 / 1.1 - 1, 12);
    expect(value('close > 0', 'rs(spy, 1)', 'SPY')).toBe(0);
    // over 1 bar AAA's 01-08 is SPY's missing session: P(01-08) = 100 (Friday's close)
    expect(value('close > 0', 'rs(SPY, 1)', 'AAA')).toBeCloseTo(15 / 12 / (110 / 100) - 1, 12);
  });

  it('weekly() holds the week in progress; crosses compares with weekly bars up to the day before', () => {
    // At Tue 01-09 AAA's week so far closes 15; last week closed 10.
    expect(value('close > 0', 'weekly(close[1])', 'AAA')).toBe(10);
    expect(value('close > 0', 'weekly(sma(close, 2))', 'AAA')).toBe(12.5);
    // Mon 01-08 → 12, Tue → 15: crosses above 13 on Tuesday on the weekly bars built up to each day
    expect(runScan(table(), compileScan('weekly(close) crosses above 13')).results.map((r) => r.symbol)).toEqual([
      'AAA',
    ]);
    expect(runScan(table(), compileScan('weekly(high) crosses above 15')).results.map((r) => r.symbol)).toEqual([
      'AAA',
    ]);
  });

  it('rows carry the named fields, the comparison operands as written, the sort, then the columns', () => {
    const r = runScan(table(), compileScan('weekly(rsi(close,14)) < 300 or  close[1]  >= 0 and sector in ("Tech")'), {
      sort: 'close - open',
      columns: ['rsi', ' weekly(close) ', 'sector'],
      limit: 1,
    });
    expect(Object.keys(r.results[0]!)).toEqual([
      'symbol',
      'name',
      'sector',
      'close',
      'weekly(rsi(close,14))',
      'close[1]',
      'close - open',
      'rsi14',
      'weekly(close)',
    ]);
    // too little history for rsi(14) and rsi14: null, never NaN
    expect(r.results[0]!['weekly(rsi(close,14))']).toBeNull();
    expect(r.results[0]!.rsi14).toBeNull();
  });

  it('sorts by an expression, nulls last, ties by symbol', () => {
    const r = runScan(table(), compileScan('close > 0'), { sort: 'change(close, 1) / close', desc: true });
    expect(r.results.map((row) => row.symbol)).toEqual(['AAA', 'CCC', 'SPY', 'BBB']);
    const nulls = runScan(table(), compileScan('close > 0'), { sort: 'close[100]' });
    expect(nulls.results.map((row) => row.symbol)).toEqual(['AAA', 'BBB', 'CCC', 'SPY']);
  });

  it('text lists: case-insensitive, a null text unknown, a value no symbol has named in the notices', () => {
    const t = table();
    const scan = compileScan('sector in ("tech", "Mining")');
    expect(runScan(t, scan).results.map((r) => r.symbol)).toEqual(['AAA', 'BBB']);
    expect(scanNotices(t, scan)).toEqual(['No instrument has sector "Mining". The values are: "Energy", "Tech".']);
    expect(runScan(t, compileScan('sector not in ("Tech")')).results.map((r) => r.symbol)).toEqual(['CCC']);
    expect(
      runScan(t, compileScan('symbol not in ("aaa", "bbb") and type in ("stock")')).results.map((r) => r.symbol),
    ).toEqual(['CCC']);
  });

  it('computes a term once per field table', () => {
    const t = table();
    runScan(t, compileScan('rs(SPY, 2) > -1 and rank(m1) >= 0'));
    const cached = t.terms.get('rs("SPY", 2)');
    expect(cached).toBeInstanceOf(Float64Array);
    runScan(t, compileScan('rs(spy, 2) > 0'));
    expect(t.terms.get('rs("SPY", 2)')).toBe(cached);
  });

  it('termSteps computes the terms a scan reads in steps, the same values as a scan computes', () => {
    const stepped = table();
    const scan = compileScan('weekly(close) crosses above 13 and rank(rs(SPY, 1)) >= 0');
    const column = compileScanTerm('sma(close, 2)[1]').operand;
    const steps = termSteps(stepped, scan.ast, [column], 1);
    let pauses = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) pauses++;
    // 4 rows a step each: weekly(close) now and the bar before, rs(SPY, 1), the column
    expect(pauses).toBe(16);
    expect([...stepped.terms.keys()].sort()).toEqual(
      ['rs("SPY", 1)', 'sma(close, 2)[1]', 'weekly(close)', 'weekly(close)@previous'].sort(),
    );
    const options = { columns: ['sma(close, 2)[1]', 'rank(rs(SPY, 1))'] };
    expect(runScan(stepped, scan, options)).toEqual(runScan(table(), scan, options));
  });

  it('a column or sort that does not parse says which', () => {
    const t = table();
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as ScanTermError;
      }
      throw new Error('no error');
    };
    const column = error(() => runScan(t, compileScan('close > 0'), { columns: ['close', 'sma(close)'] }));
    expect(column).toBeInstanceOf(ScanTermError);
    expect([column.column, column.position, column.message]).toEqual([1, 1, 'sma takes 2 arguments at position 1']);
    const sort = error(() => runScan(t, compileScan('close > 0'), { sort: 'close +' }));
    expect([sort.column, sort.position]).toEqual([null, 8]);
  });
});
