/**
 * The scan language on symbols of other calendars and without volume (analytics.md, "Asset
 * classes and calendars"): the fixed fields stay names for their function forms, with the
 * calendar's periods; `volume` is null without volume, and so is every function of it, so a
 * comparison with it is unknown and never matches, `not` included.
 */
import { describe, expect, it } from 'vitest';
import { TRADING_CALENDARS, type SeriesTraits } from '../calendar/trading-calendar.js';
import { indicatorBarAt } from '../indicators/snapshot.js';
import { fieldTableFromSeries, type ScanInstrument } from '../scanner/field-table.js';
import { NUMERIC_FIELDS } from '../scanner/fields.js';
import { parseOperand } from '../scanner/parser.js';
import { compileScan, runScan } from '../scanner/scan.js';
import { dayNumber, isoDate, seriesFromRows, type PriceSeries } from '../series.js';
import { agree, fixedValue } from '../testing/fixed-field-values.js';
import { chartExpressionSeries, conditionAt, parseCondition } from './condition.js';
import { fixedFieldDefinition } from './fixed-fields.js';
import { expressionSeries, expressionValueAt } from './series.js';

/**
 * Bars from 2023-01-02 to 2024-02-05 (a Monday), every day or weekdays only; close rises by 1
 * a bar with a wobble, volume `volume` + the bar's index, high = close + 1 except a spike of 1000 `spikeFromEnd` bars before the last.
 */
function bars(symbol: string, everyDay: boolean, spikeFromEnd: number, volume = 5000): PriceSeries {
  const rows: Parameters<typeof seriesFromRows>[1][number][] = [];
  for (let d = dayNumber('2023-01-02'); d <= dayNumber('2024-02-05'); d++) {
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (!everyDay && (weekday === 0 || weekday === 6)) continue;
    const i = rows.length;
    const close = 100 + i + 3 * Math.sin(i);
    rows.push({ date: isoDate(d), open: close - 0.5, high: close + 1, low: close - 1, close, volume: volume + i });
  }
  rows[rows.length - 1 - spikeFromEnd]!.high = 1000;
  return seriesFromRows(symbol, rows);
}

const instrument = (symbol: string, traits: SeriesTraits): ScanInstrument => ({
  symbol,
  name: symbol,
  type: 'stock',
  sector: null,
  industry: null,
  marketCap: null,
  ...traits,
});

const SPY = bars('SPY', false, 255);
const EUR = bars('EURUSD=X', false, 255, 0);
const BTC = bars('BTC-USD', true, 300);
const universe = [
  { instrument: instrument('SPY', {}), series: SPY },
  { instrument: instrument('EURUSD=X', { calendar: 'fx', hasVolume: false }), series: EUR },
  { instrument: instrument('BTC-USD', { calendar: 'crypto', hasVolume: true }), series: BTC },
];

describe('fixed fields on each calendar', () => {
  it("are the calendar's function forms", () => {
    expect(fixedFieldDefinition('high52w', 'crypto')).toBe('highest(high, 365)');
    expect(fixedFieldDefinition('low52w', 'fx')).toBe('lowest(low, 260)');
    expect(fixedFieldDefinition('m1', 'fx')).toBe('roc(close, 22)');
    expect(fixedFieldDefinition('w1', 'crypto')).toBe('roc(close, 7)');
    expect(fixedFieldDefinition('pctFromHigh52w', 'crypto')).toBe('close / highest(high, 365) - 1');
    expect(fixedFieldDefinition('volatility20', 'crypto')).toBe(
      `stdev(roc(close, 1), 20) * ${Math.sqrt(20 / 19) * Math.sqrt(365)}`,
    );
    expect(fixedFieldDefinition('high52w', 'exchange')).toBe('highest(high, 252)');
    expect(fixedFieldDefinition('high52w')).toBe('highest(high, 252)');
  });

  it('equal the indicator snapshot at every tested bar, on every calendar and without volume', () => {
    const misses: string[] = [];
    let compared = 0;
    for (const series of [SPY, BTC]) {
      for (const calendar of TRADING_CALENDARS) {
        for (const hasVolume of [true, false]) {
          const traits = { calendar, hasVolume };
          const at = [series.dates.length - 1, series.dates.length - 2, series.dates.length - 30, 260, 21];
          const snapshot = at.map((i) => indicatorBarAt(series, i, traits));
          for (const field of NUMERIC_FIELDS) {
            const form = fixedFieldDefinition(field, calendar);
            if (form === undefined) continue;
            const values = expressionSeries(parseOperand(form), series, undefined, undefined, traits);
            const named = expressionSeries(parseOperand(field), series, undefined, undefined, traits);
            at.forEach((i, k) => {
              compared++;
              const expected = fixedValue(snapshot[k]!, field);
              if (!agree(expected, values[i]!) || !agree(expected, named[i]!))
                misses.push(
                  `${series.symbol} ${calendar} ${hasVolume} ${field} @${i}: ${expected} ${values[i]} ${named[i]}`,
                );
            });
          }
        }
      }
    }
    expect(misses).toEqual([]);
    expect(compared).toBe(2 * 4 * 2 * 30 * 5);
  });

  it('inside a timeframe too: weekly(high52w) of a crypto symbol is weekly(highest(high, 365))', () => {
    // Every day from 2016 to mid-2023 (391 weeks), a spike 300 weeks before the last bar.
    const rows: Parameters<typeof seriesFromRows>[1][number][] = [];
    const spike = dayNumber('2023-06-30') - 2100;
    for (let d = dayNumber('2016-01-01'); d <= dayNumber('2023-06-30'); d++) {
      rows.push({ date: isoDate(d), open: 50, high: d === spike ? 900 : 60 + (d % 9), low: 40, close: 50, volume: 1 });
    }
    const long = seriesFromRows('BTC-USD', rows);
    const crypto: SeriesTraits = { calendar: 'crypto' };
    const weekly = (text: string, traits?: SeriesTraits) =>
      expressionSeries(parseOperand(text), long, undefined, undefined, traits)[long.dates.length - 1];
    expect(weekly('weekly(high52w)', crypto)).toBe(900);
    expect(weekly('weekly(highest(high, 365))', crypto)).toBe(900);
    expect(weekly('weekly(high52w)')).toBe(68);
    expect(weekly('weekly(highest(high, 252))')).toBe(68);
  });
});

describe('volume without volume', () => {
  const fx: SeriesTraits = { calendar: 'fx', hasVolume: false };
  const last = EUR.dates.length - 1;
  it('is null, and so is every function of it; the prices are not', () => {
    for (const text of [
      'volume',
      'avgVolume20',
      'relVolume',
      'sma(volume, 5)',
      'close * volume',
      'volume[1]',
      'weekly(volume)',
      'monthly(sum(volume, 2))',
      'highest(volume + close, 3)',
    ]) {
      const values = expressionSeries(parseOperand(text), EUR, undefined, undefined, fx);
      expect(
        values.every((v) => Number.isNaN(v)),
        text,
      ).toBe(true);
      expect(Number.isNaN(expressionValueAt(parseOperand(text), EUR, last, undefined, fx)), text).toBe(true);
    }
    expect(expressionValueAt(parseOperand('close'), EUR, last, undefined, fx)).toBe(EUR.close[last]);
    // With volume (the provider's zeros taken as volume) the same expressions have values.
    expect(expressionValueAt(parseOperand('avgVolume20'), EUR, last)).toBe(
      Array.from({ length: 20 }, (_, k) => last - 19 + k).reduce((a, b) => a + b) / 20,
    );
  });

  it('makes a condition unknown: neither it nor its negation holds', () => {
    const truth = (text: string) => conditionAt(parseCondition(text), EUR, [last], { traits: fx })[0];
    expect(truth('volume >= 0')).toBe(2);
    expect(truth('not (volume >= 0)')).toBe(2);
    expect(truth('volume >= 0 or close > 0')).toBe(1);
    expect(truth('volume >= 0 and close > 0')).toBe(2);
    expect(conditionAt(parseCondition('volume >= 0'), EUR, [last])[0]).toBe(1);
    const chart = chartExpressionSeries('sma(volume, 3)', EUR, 'weekly', { traits: fx });
    expect(chart.values.every((v) => v === null)).toBe(true);
  });
});

describe('a scan over a mixed universe', () => {
  const table = fieldTableFromSeries(universe);
  const matches = (expression: string) =>
    runScan(table, compileScan(expression), { limit: 10 }).results.map((r) => r.symbol);

  it('evaluates all three on the same session', () => {
    expect(table.asOf).toBe('2024-02-05');
    expect(table.size).toBe(3);
  });

  it("reads each symbol's fixed fields with its own calendar, in the table and in the language alike", () => {
    // The spikes: SPY's and EUR's 255 bars back (inside 260, outside 252), BTC's 300 (inside 365).
    expect(matches('high52w = 1000')).toEqual(['BTC-USD', 'EURUSD=X']);
    expect(matches('high52w = highest(high, 252)')).toEqual(['SPY']);
    expect(matches('high52w = highest(high, 260)')).toEqual(['EURUSD=X']);
    expect(matches('high52w = highest(high, 365)')).toEqual(['BTC-USD']);
    expect(matches('weekly(close) > 0 and y1 = roc(close, 365)')).toEqual(['BTC-USD']);
    expect(matches('m1 = roc(close, 22)')).toEqual(['EURUSD=X']);
    const rows = runScan(table, compileScan('close > 0'), {
      columns: ['w1', 'roc(close, 7)', 'roc(close, 5)'],
    }).results;
    const bySymbol = Object.fromEntries(rows.map((r) => [r.symbol, r]));
    expect(bySymbol['BTC-USD']!.w1).toBe(bySymbol['BTC-USD']!['roc(close, 7)']);
    expect(bySymbol.SPY!.w1).toBe(bySymbol.SPY!['roc(close, 5)']);
  });

  it('never matches a symbol without volume on a volume condition, nor on its negation', () => {
    expect(matches('volume >= 0')).toEqual(['BTC-USD', 'SPY']);
    expect(matches('not (volume >= 0)')).toEqual([]);
    expect(matches('avgVolume20 >= 0')).toEqual(['BTC-USD', 'SPY']);
    expect(matches('relVolume > 0')).toEqual(['BTC-USD', 'SPY']);
    expect(matches('sma(volume, 3) >= 0')).toEqual(['BTC-USD', 'SPY']);
    expect(matches('not (sma(volume, 3) >= 0)')).toEqual([]);
    const eur = runScan(table, compileScan('symbol = "EURUSD=X"'), { columns: ['volume', 'avgVolume20', 'relVolume'] })
      .results[0]!;
    expect([eur.volume, eur.avgVolume20, eur.relVolume]).toEqual([null, null, null]);
  });
});
