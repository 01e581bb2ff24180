import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { bestTrades, parseEntryCondition, seasonalPattern, seasonalityScan, seriesFromRows } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { CliError, type CliOutput } from '../output.js';
import { bestTradesCommand, patternCommand, registerSeasonalityCommands, scanCommand } from './seasonality.js';

// analytics.md, "Conditional seasonality", on the command line: --condition on pattern,
// best-trades and scan, and an invalid one exits 2 with the technical scanner's message.

function weekdays(symbol: string, price: (i: number) => number) {
  const rows = [];
  for (let d = Date.UTC(2008, 0, 1) / 864e5, i = 0; d <= Date.UTC(2020, 5, 30) / 864e5; d++) {
    const wd = new Date(d * 864e5).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const close = price(i++);
    const date = new Date(d * 864e5).toISOString().slice(0, 10);
    rows.push({ date, open: close, high: close + 1, low: close - 1, close, volume: 1000 + i });
  }
  return seriesFromRows(symbol, rows);
}

const aaa = weekdays('AAA', (i) => 100 + 10 * Math.sin(i / 5) + i / 40);
const bbb = weekdays('BBB', (i) => 40 + (i % 17) + 2 * Math.cos(i / 3));
const market = createMemoryMarketCache([aaa, bbb]);

function program(printed: unknown[]): Command {
  const p = new Command('solstice').option('--json').exitOverride();
  registerSeasonalityCommands(p, async (command, body) => {
    const json = Boolean(command.optsWithGlobals<{ json?: boolean }>().json);
    const out: CliOutput = { json, result: (value, text) => printed.push(json ? value : text()), info: () => {} };
    return body({ market }, out);
  });
  return p;
}

describe('seasonality commands: --condition', () => {
  const condition = parseEntryCondition('close > sma(close, 20)');

  it('pattern keeps the years whose entry satisfies it and names the removed ones', async () => {
    const printed: unknown[] = [];
    const args = ['--json', 'seasonality', 'pattern', 'AAA', '--start', '03-01', '--end', '04-15'];
    await program(printed).parseAsync([...args, '--condition', 'close > sma(close, 20)'], { from: 'user' });
    const own = seasonalPattern(aaa, { start: '03-01', end: '04-15', condition });
    expect(printed[0]).toEqual({ ...own, benchmark: null });
    const all = seasonalPattern(aaa, { start: '03-01', end: '04-15' });
    const kept = own.years.length;
    expect(own.condition!.removed).toBeGreaterThan(0);
    expect(kept + own.condition!.removed).toBe(all.years.length);
    const { text } = patternCommand(market, 'AAA', {
      start: '03-01',
      end: '04-15',
      condition: 'close > sma(close, 20)',
    });
    expect(text).toContain(
      `${kept} of ${all.years.length} years kept (${own.condition!.removed} removed by close > sma(close, 20): ${own.condition!.removedYears.join(', ')})`,
    );
  });

  it('best-trades and scan answer the analytics’ conditioned search', async () => {
    const printed: unknown[] = [];
    const cli = program(printed);
    const cond = ['--condition', 'close > sma(close, 20)'];
    await cli.parseAsync(
      ['--json', 'seasonality', 'best-trades', 'AAA', '--min-days', '5', '--max-days', '12', '--top', '3', ...cond],
      { from: 'user' },
    );
    const own = bestTrades(aaa, { minDays: 5, maxDays: 12, top: 3, condition, conditionTexts: {} });
    expect(printed[0]).toEqual(own);
    expect(own.long[0]!.stats.conditionRemoved).toBeGreaterThan(0);
    const scanArgs = ['seasonality', 'scan', '--start-from', '03-01', '--start-to', '03-20', '--min-days', '5'];
    await cli.parseAsync(['--json', ...scanArgs, '--max-days', '10', '--min-years', '4', ...cond], { from: 'user' });
    const options = { startFrom: '03-01', startTo: '03-20', minDays: 5, maxDays: 10, minYears: 4 };
    expect(printed[1]).toEqual(seasonalityScan([aaa, bbb], { ...options, condition }));
    const text = bestTradesCommand(market, 'AAA', {
      minDays: '5',
      maxDays: '12',
      top: '3',
      condition: 'close > 1',
    }).text;
    expect(text).toContain('condition at each entry: close > 1');
  });

  it('an invalid condition exits 2 with the scanner’s message and a caret at its position', async () => {
    const bad = () => patternCommand(market, 'AAA', { start: '03-01', end: '04-15', condition: 'close > smaa200' });
    expect(bad).toThrow(
      new CliError(
        '--condition: Unknown field "smaa200" at position 9 (did you mean "sma200"?)\n  close > smaa200\n          ^',
        2,
      ),
    );
    expect(() =>
      bestTradesCommand(market, 'AAA', {
        minDays: '5',
        maxDays: '9',
        condition: 'close > 1 and season20.winRate > 0.5',
      }),
    ).toThrow(
      new CliError(
        '--condition: season20.winRate cannot be used in a seasonal condition (a window cannot be conditioned on seasonal fields) at position 15\n' +
          '  close > 1 and season20.winRate > 0.5\n' +
          '                ^',
        2,
      ),
    );
    await expect(
      scanCommand(market, {
        startFrom: '03-01',
        startTo: '03-05',
        minDays: '3',
        maxDays: '6',
        condition: 'rank(close) > 0.5',
      }),
    ).rejects.toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: expect.stringMatching(/^--condition: rank\(\) cannot be used .* at position 1\n/),
      }),
    );
  });
});
