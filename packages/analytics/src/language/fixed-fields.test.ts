/**
 * The fixed fields of "Indicators" are names for expressions of the scan language: on every
 * symbol of the shared real-price dataset, at several bars, the scanner's fixed field (the
 * indicator snapshot) equals its function form evaluated as a series, to rounding.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indicatorBarAt } from '../indicators/snapshot.js';
import { compileScan, runScan } from '../scanner/scan.js';
import { fieldTableFromSeries } from '../scanner/field-table.js';
import { NUMERIC_FIELDS } from '../scanner/fields.js';
import { parseOperand } from '../scanner/parser.js';
import { agree, fixedValue } from '../testing/fixed-field-values.js';
import { sharedDailySeries, sharedDataDir, sharedDataPresent } from '../testing/shared-market-data.js';
import { fixedFieldDefinition } from './fixed-fields.js';
import { expressionSeries } from './series.js';

const load = sharedDailySeries;

const symbols = sharedDataPresent
  ? fs
      .readdirSync(path.join(sharedDataDir, 'daily'))
      .filter((f) => f.endsWith('.csv'))
      .map((f) => f.slice(0, -4))
      .sort()
  : [];

const DEFINED = NUMERIC_FIELDS.filter((f) => fixedFieldDefinition(f) !== undefined);

describe.skipIf(!sharedDataPresent)('the fixed fields equal their function forms on the shared data', () => {
  it('on every symbol at its last bar and 1, 200 and 2,000 bars before', () => {
    expect(symbols.length).toBeGreaterThan(400);
    expect(DEFINED.length).toBe(30);
    let compared = 0;
    const misses: string[] = [];
    for (const symbol of symbols) {
      const s = load(symbol);
      const n = s.dates.length;
      const at = [n - 1, n - 2, n - 201, n - 2001].filter((i) => i >= 0);
      const bars = at.map((i) => indicatorBarAt(s, i));
      for (const field of DEFINED) {
        const values = expressionSeries(parseOperand(fixedFieldDefinition(field)!), s);
        // ytd has no function form; it is a series of its own, checked here against the bar's too.
        at.forEach((i, k) => {
          compared++;
          const expected = fixedValue(bars[k]!, field);
          if (!agree(expected, values[i]!)) misses.push(`${symbol} ${field} bar ${i}: ${expected} vs ${values[i]}`);
        });
      }
      const ytd = expressionSeries(parseOperand('ytd'), s);
      at.forEach((i, k) => {
        compared++;
        if (!agree(bars[k]!.perf.ytd, ytd[i]!)) misses.push(`${symbol} ytd bar ${i}`);
      });
    }
    expect(misses.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(symbols.length * 31 * 3);
  }, 120_000);

  it('a scan reads a fixed field and its function form alike, row by row', () => {
    const universe = symbols.map((symbol) => ({
      instrument: { symbol, name: symbol, type: 'stock', sector: null, industry: null, marketCap: null },
      series: load(symbol),
    }));
    const table = fieldTableFromSeries(universe);
    const pairs: [string, string][] = [
      ['sma50', 'sma(close, 50)'],
      ['rsi14', 'rsi(close, 14)'],
      ['macdSignal', 'ema(ema(close, 12) - ema(close, 26), 9)'],
      ['bbUpper', 'sma(close, 20) + 2 * stdev(close, 20)'],
      ['high52w', 'highest(high, 252)'],
      ['relVolume', 'volume / sma(volume, 20)[1]'],
      ['volatility20', 'stdev(roc(close, 1), 20) * sqrtOf'],
      ['m6', 'roc(close, 126)'],
      ['atr14', 'atr(14)'],
    ];
    const columns = pairs.flatMap(([field, form]) => [
      field,
      form.replace('sqrtOf', String(Math.sqrt(20 / 19) * Math.sqrt(252))),
    ]);
    const result = runScan(table, compileScan('close > 0'), { columns, limit: 1000 });
    expect(result.count).toBeGreaterThan(400);
    const misses: string[] = [];
    for (const row of result.results) {
      for (let k = 0; k < columns.length; k += 2) {
        const a = row[columns[k]!] as number | null;
        const b = row[columns[k + 1]!] as number | null;
        if (!agree(a, b ?? NaN)) misses.push(`${row.symbol} ${columns[k]}: ${a} vs ${b}`);
      }
    }
    expect(misses.slice(0, 10)).toEqual([]);
  }, 120_000);
});
