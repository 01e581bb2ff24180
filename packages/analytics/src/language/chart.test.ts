import { describe, expect, it } from 'vitest';
import { compileScan, runScan } from '../scanner/scan.js';
import { fieldTableFromSeries } from '../scanner/field-table.js';
import { isoDate, seriesFromRows } from '../series.js';
import { NEW_YEAR_CLOSES } from '../testing/new-year-closes.js';
import { sharedDailySeries, sharedDataPresent } from '../testing/shared-market-data.js';
import { alignCloses, chartPanel } from './chart.js';
import { parseNumericExpression } from './condition.js';

const bars = (symbol: string, rows: readonly (readonly [string, number])[]) =>
  seriesFromRows(
    symbol,
    rows.map(([date, close]) => ({ date, open: close - 1, high: close + 1, low: close - 2, close, volume: 100 })),
  );

const X = bars('X', NEW_YEAR_CLOSES);
// Misses 12-27 and 01-06; starts after X.
const B = bars('B', [
  ['2024-12-26', 100],
  ['2024-12-30', 110],
  ['2024-12-31', 120],
  ['2025-01-02', 90],
  ['2025-01-03', 95],
]);
const nodes = (...texts: string[]) => texts.map((t) => parseNumericExpression(t));

describe('chartPanel: a symbol’s bars on a timeframe with expressions and a comparison', () => {
  it('weekly candles (the last in progress), expressions on them, the comparison at each bar’s date', () => {
    const panel = chartPanel(X, {
      timeframe: 'weekly',
      expressions: nodes('close - close[1]', 'sma(close, 2)'),
      bars: 10,
      compare: B,
    });
    expect(Array.from(panel.bars.dates, isoDate)).toEqual(['2024-12-27', '2025-01-03', '2025-01-06']);
    expect(Array.from(panel.bars.open)).toEqual([9, 10, 13]);
    expect(Array.from(panel.bars.high)).toEqual([13, 14, 15]);
    expect(Array.from(panel.bars.low)).toEqual([8, 7, 12]);
    expect(Array.from(panel.bars.close)).toEqual([12, 10, 14]);
    expect(Array.from(panel.bars.volume)).toEqual([200, 400, 100]);
    expect(panel.values).toEqual([
      [null, -2, 4],
      [null, 11, 12],
    ]);
    // 12-27: B's 12-26 close; 01-06: its 01-03 close (no session that day)
    expect(panel.compare).toEqual([100, 95, 95]);
  });

  it('the last `bars` bars only, the expressions warmed up on the history before them', () => {
    const panel = chartPanel(X, { timeframe: 'daily', expressions: nodes('sma(close, 3)'), bars: 2 });
    expect(Array.from(panel.bars.dates, isoDate)).toEqual(['2025-01-03', '2025-01-06']);
    expect(panel.values).toEqual([[32 / 3, 11]]);
    expect(panel.compare).toBeNull();
  });

  it('alignCloses: null before the other’s first bar, its last close on or before each date after', () => {
    const late = bars('L', [['2024-12-30', 5]]);
    expect(alignCloses(late, X.dates)).toEqual([null, null, 5, 5, 5, 5, 5]);
  });
});

const load = sharedDailySeries;

describe.skipIf(!sharedDataPresent)('the chart’s values equal the scanner’s at the last bar (shared data)', () => {
  it('daily, weekly and monthly expressions, rs() included, to the last digit', () => {
    const symbols = ['AAPL', 'MSFT', 'JPM', 'XOM', 'SPY'];
    const universe = symbols.map((symbol) => ({
      instrument: { symbol, name: symbol, type: 'stock', sector: null, industry: null, marketCap: null },
      series: load(symbol),
    }));
    const bySymbol = new Map(universe.map((u) => [u.instrument.symbol, u.series]));
    const options = { resolveSymbol: (s: string) => (bySymbol.has(s.toUpperCase()) ? s.toUpperCase() : undefined) };
    const context = { series: (s: string) => bySymbol.get(s) };
    const daily = [
      'rsi(close, 14)',
      'ema(close, 12) - ema(close, 26)',
      'rs(SPY, 63)',
      'sma(volume, 20)',
      'stdev(close, 20)[3]',
    ];
    const weekly = ['rsi(close, 14)', 'sma(close, 10)', 'atr(14)'];
    const monthly = ['rsi(close, 14)', 'change(close, 3)'];
    const columns = [...daily, ...weekly.map((x) => `weekly(${x})`), ...monthly.map((x) => `monthly(${x})`)];
    const result = runScan(fieldTableFromSeries(universe), compileScan('close > 0', options), { columns, limit: 10 });
    expect(result.count).toBe(symbols.length);
    for (const row of result.results) {
      const series = bySymbol.get(row.symbol as string)!;
      const d = chartPanel(series, {
        timeframe: 'daily',
        expressions: daily.map((x) => parseNumericExpression(x, options)),
        bars: 1,
        context,
      });
      const w = chartPanel(series, {
        timeframe: 'weekly',
        expressions: weekly.map((x) => parseNumericExpression(x, options)),
        bars: 1,
        context,
      });
      const m = chartPanel(series, {
        timeframe: 'monthly',
        expressions: monthly.map((x) => parseNumericExpression(x, options)),
        bars: 1,
        context,
      });
      const chart = [...d.values, ...w.values, ...m.values].map((v) => v[0]);
      expect(chart.every((v) => typeof v === 'number')).toBe(true);
      expect(chart).toEqual(columns.map((c) => row[c]));
    }
  });
});
