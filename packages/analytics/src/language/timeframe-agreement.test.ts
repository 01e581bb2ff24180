/**
 * A daily series of a weekly/monthly term (a chart) takes its bar in progress step by step
 * from the complete bars before it; the scanner builds the bars up to each day afresh. The
 * two agree to the last digit, on real prices (../shared/market-data).
 */
import { describe, expect, it } from 'vitest';
import { parseOperand } from '../scanner/parser.js';
import { sharedDailySeries, sharedDataPresent } from '../testing/shared-market-data.js';
import { expressionSeries, expressionValueAt, type SeriesContext } from './series.js';

const load = sharedDailySeries;

const EXPRESSIONS = [
  'weekly(rsi(close, 14))',
  'weekly(sma(close, 10))',
  'weekly(stdev(close, 5))',
  'monthly(atr(3))',
  'weekly(ema(close, 4)) - weekly(close)',
  'weekly(rs(SPY, 3))',
  'weekly(ytd)',
  'monthly(ytd)',
  'weekly(macdSignal)',
  'monthly(sum(volume, 2))',
  'weekly(highest(high, 3)) / weekly(lowest(low, 3))',
  'weekly(roc(close, 2))',
  'weekly(close[1])',
  'weekly(rma(change(close, 1), 3))',
  'weekly(high52w)',
  'weekly(volatility20)',
];

describe.skipIf(!sharedDataPresent)('weekly and monthly terms on daily bars', () => {
  it('equal, bit for bit, the value on the bars built up to each day', () => {
    const spy = load('SPY');
    const context: SeriesContext = { series: (s) => (s.toLowerCase() === 'spy' ? spy : undefined) };
    const misses: string[] = [];
    let compared = 0;
    for (const symbol of ['AAPL', 'XOM']) {
      const s = load(symbol);
      const n = s.dates.length;
      const days = [
        ...Array.from({ length: 20 }, (_, i) => n - 1 - i),
        ...Array.from({ length: 30 }, (_, i) => 30 + i * 197),
      ].filter((i) => i >= 0 && i < n);
      for (const text of EXPRESSIONS) {
        const node = parseOperand(text);
        const series = expressionSeries(node, s, context);
        for (const t of days) {
          compared++;
          const fresh = expressionValueAt(node, s, t, context);
          if (!Object.is(series[t], fresh)) misses.push(`${symbol} ${text} bar ${t}: ${series[t]} vs ${fresh}`);
        }
      }
    }
    expect(misses.slice(0, 10)).toEqual([]);
    expect(compared).toBe(2 * EXPRESSIONS.length * 50);
  }, 120_000);
});
