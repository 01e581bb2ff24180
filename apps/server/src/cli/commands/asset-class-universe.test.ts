import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { cliErrorOf, programOnMarket } from '../../testing/run-cli.js';
import { weekdaySeries } from '../../testing/synthetic-series.js';
import { scanCommand } from './scan-command.js';
import { registerScanCommands } from './scan.js';
import { registerSeasonalityCommands } from './seasonality.js';

const weekdays = (symbol: string, price: (i: number) => number) =>
  weekdaySeries(symbol, '2016-01-01', '2020-06-30', price);

const market = createMemoryMarketCache(
  [
    weekdays('AAA', (i) => 100 + 10 * Math.sin(i / 5)),
    weekdays('SPY', (i) => 300 + (i % 11)),
    weekdays('BTC-USD', (i) => 9000 + 500 * Math.cos(i / 7)),
    weekdays('EURUSD=X', (i) => 1.1 + 0.01 * Math.sin(i / 3)),
  ],
  [
    { symbol: 'SPY', type: 'etf', assetClass: 'etf' },
    { symbol: 'BTC-USD', type: 'crypto', assetClass: 'crypto', calendar: 'crypto' },
    { symbol: 'EURUSD=X', type: 'fx', assetClass: 'fx', calendar: 'fx', hasVolume: false },
  ],
);

describe('solstice scan --asset-class', () => {
  it('scans only the instruments of those classes, ranking among them', async () => {
    const r = await scanCommand(market, 'close > 0', { assetClass: 'crypto,fx', column: ['rank(close)'] });
    expect(r.value.results.map((row) => [row.symbol, row['rank(close)']])).toEqual([
      ['BTC-USD', 100],
      ['EURUSD=X', 0],
    ]);
    const all = await scanCommand(market, 'close > 0', {});
    expect(all.value.results.map((row) => row.symbol)).toEqual(['AAA', 'BTC-USD', 'EURUSD=X', 'SPY']);
  });

  it('the expression takes assetClass, and rank() groups by it', async () => {
    const r = await scanCommand(market, 'assetClass in ("equity", "etf")', { column: ['rank(close, assetClass)'] });
    expect(r.value.results.map((row) => [row.symbol, row.assetClass, row['rank(close, assetClass)']])).toEqual([
      ['AAA', 'equity', 50],
      ['SPY', 'etf', 50],
    ]);
    expect(r.text).toContain('assetClass');
  });

  it('a bad class exits 2 naming it', async () => {
    const e = await cliErrorOf(() => scanCommand(market, 'close > 0', { assetClass: 'crypto,bonds' }));
    expect(e.exitCode).toBe(2);
    expect(e.message).toBe(
      '--asset-class: "bonds" is not an asset class: expected equity, etf, index, future, fx, crypto',
    );
  });

  it('is an option of the command', () => {
    const program = new Command('solstice');
    registerScanCommands(program);
    const scan = program.commands.find((c) => c.name() === 'scan')!;
    expect(scan.options.map((o) => o.long)).toContain('--asset-class');
  });
});

describe('solstice seasonality scan --asset-class', () => {
  const scan = '--start-from 03-01 --start-to 03-05 --min-days 3 --max-days 6 --min-years 2';

  it('every instrument by default; --asset-class narrows the universe, with --symbols too', async () => {
    const { printed, run } = programOnMarket(registerSeasonalityCommands, market);
    const symbols = () => {
      const value = printed.pop() as { results: { symbol: string }[] };
      return [...new Set(value.results.map((r) => r.symbol))].sort();
    };
    await run(`--json seasonality scan ${scan}`);
    expect(symbols()).toEqual(['AAA', 'BTC-USD', 'EURUSD=X', 'SPY']);
    await run(`--json seasonality scan ${scan} --asset-class crypto,FX`);
    expect(symbols()).toEqual(['BTC-USD', 'EURUSD=X']);
    await run(`--json seasonality scan ${scan} --symbols AAA,SPY,BTC-USD --asset-class equity,etf`);
    expect(symbols()).toEqual(['AAA', 'SPY']);
  });

  it('a bad class, or a universe without one of the classes, exits 2 naming it', async () => {
    const { run } = programOnMarket(registerSeasonalityCommands, market);
    const bad = await cliErrorOf(() => run(`seasonality scan ${scan} --asset-class bond`));
    expect(bad.exitCode).toBe(2);
    expect(bad.message).toBe(
      '--asset-class: "bond" is not an asset class: expected equity, etf, index, future, fx, crypto',
    );
    const none = await cliErrorOf(() => run(`seasonality scan ${scan} --symbols AAA --asset-class future`));
    expect(none.exitCode).toBe(2);
    expect(none.message).toBe('--asset-class: no instrument of asset class future in this universe');
  });
});
