import { describe, expect, it } from 'vitest';
import { cliErrorOf } from '../../testing/run-cli.js';
import { seriesFromRows } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { scanCommand } from './scan-command.js';

const DATES = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08', '2024-01-09'];
const series = (symbol: string, closes: number[]) =>
  seriesFromRows(
    symbol,
    DATES.map((date, i) => ({
      date,
      open: closes[i]!,
      high: closes[i]!,
      low: closes[i]!,
      close: closes[i]!,
      volume: 10,
    })),
  );
const market = createMemoryMarketCache(
  [series('AAA', [10, 10, 10, 10, 10, 12, 15]), series('SPY', [100, 100, 100, 100, 100, 100, 110])],
  [
    { symbol: 'AAA', sector: 'Tech' },
    { symbol: 'SPY', type: 'etf' },
  ],
);

const cliError = cliErrorOf;

describe('solstice scan with the scan language', () => {
  it('--column and --sort take expressions; rows key them by their text', async () => {
    const r = await scanCommand(market, 'weekly(close) between 11 and 20', {
      column: ['weekly(rsi(close, 14))', 'rs(SPY, 1)', 'rsi'],
      sort: 'rank(close)',
      desc: true,
    });
    expect(r.value.count).toBe(1);
    expect(Object.keys(r.value.results[0]!)).toEqual([
      'symbol',
      'name',
      'sector',
      'close',
      'weekly(close)',
      'rank(close)',
      'weekly(rsi(close, 14))',
      'rs(SPY, 1)',
      'rsi14',
    ]);
    expect(r.value.results[0]).toMatchObject({ symbol: 'AAA', 'weekly(close)': 15, 'rank(close)': 0, rsi14: null });
    expect(r.value.results[0]!['rs(SPY, 1)']).toBeCloseTo(15 / 12 / 1.1 - 1, 12);
  });

  it('a column’s error names the column from 1, with a caret under its text', async () => {
    const e = await cliError(() => scanCommand(market, 'close > 0', { column: ['close', 'sma(close)'] }));
    expect(e.exitCode).toBe(2);
    expect(e.message).toBe('--column 2: sma takes 2 arguments at position 1\n  sma(close)\n  ^');
    const sort = await cliError(() => scanCommand(market, 'close > 0', { sort: 'close[1001]' }));
    expect(sort.message).toBe(
      '--sort: The offset must be a whole number from 0 to 1000 at position 7\n  close[1001]\n        ^',
    );
    const unknown = await cliError(() => scanCommand(market, 'close > 0', { column: ['nope'] }));
    expect(unknown.message).toBe('--column 1: unknown field "nope"');
    const many = await cliError(() => scanCommand(market, 'close > 0', { column: Array(61).fill('close') }));
    expect(many.message).toBe('--column: at most 60 columns');
  });

  it('as of a date, terms read no bar after it', async () => {
    const r = await scanCommand(market, 'symbol = "AAA"', {
      asOf: '2024-01-08',
      column: ['weekly(close)', 'rs(SPY, 1)'],
    });
    expect(r.value.asOf).toBe('2024-01-08');
    // Monday's week so far closes 12 (not Tuesday's 15); (12/10) / (100/100) − 1
    expect(r.value.results[0]!['weekly(close)']).toBe(12);
    expect(r.value.results[0]!['rs(SPY, 1)']).toBeCloseTo(0.2, 12);
  });

  it('an expression error keeps today’s form', async () => {
    const e = await cliError(() => scanCommand(market, 'weekly(close)[1] > 0', {}));
    expect(e.message).toBe(
      'An offset cannot follow weekly(): no offset at position 14\n  weekly(close)[1] > 0\n               ^',
    );
  });
});
