import { describe, expect, it } from 'vitest';
import { programOnMarket } from '../../testing/run-cli.js';
import { weekdaySeries } from '../../testing/synthetic-series.js';
import { bestTrades, seasonalPattern, seasonalityScan } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { CliError } from '../output.js';
import { bestTradesCommand, patternCommand, registerSeasonalityCommands, scanCommand } from './seasonality.js';

// analytics.md, "Risk inside a window", on the command line: the fields in --json, the
// columns in the text, and --rank on best-trades and scan.

const weekdays = (symbol: string, price: (i: number) => number) =>
  weekdaySeries(symbol, '2008-01-01', '2020-06-30', price);

const aaa = weekdays('AAA', (i) => 100 + 10 * Math.sin(i / 5) + i / 40);
const bbb = weekdays('BBB', (i) => 40 + (i % 17) + 2 * Math.cos(i / 3));
const market = createMemoryMarketCache([aaa, bbb]);

describe('seasonality commands: risk inside a window', () => {
  it('pattern prints each year’s worst and best day and the risk statistics, and gives them in --json', async () => {
    const { program, printed } = programOnMarket(registerSeasonalityCommands, market);
    await program.parseAsync(['--json', 'seasonality', 'pattern', 'AAA', '--start', '03-01', '--end', '04-15'], {
      from: 'user',
    });
    const own = seasonalPattern(aaa, { start: '03-01', end: '04-15' });
    expect(printed[0]).toEqual({ ...own, benchmark: null });
    const first = own.years[0]!;
    expect(Number.isInteger(first.maeDay) && /^\d{4}-\d\d-\d\d$/.test(first.mfeDate)).toBe(true);
    const { text } = patternCommand(market, 'AAA', { start: '03-01', end: '04-15' });
    expect(text).toContain(`${first.maeDate} (+${first.maeDay})`);
    expect(text).toMatch(/worst MAE\s+-?\d+\.\d\d% \(\d{4}\)/);
    expect(text).toMatch(/return \/ risk\s+(-?\d+\.\d\d|—)/);
  });

  it('best-trades and scan take --rank returnToRisk and answer the analytics’ ranking', async () => {
    const { program: cli, printed } = programOnMarket(registerSeasonalityCommands, market);
    const bestArgs = ['seasonality', 'best-trades', 'AAA', '--min-days', '5', '--max-days', '12', '--top', '3'];
    await cli.parseAsync(['--json', ...bestArgs, '--rank', 'returnToRisk'], { from: 'user' });
    expect(printed[0]).toEqual(bestTrades(aaa, { minDays: 5, maxDays: 12, top: 3, rank: 'returnToRisk' }));
    expect(printed[0]).not.toEqual(bestTrades(aaa, { minDays: 5, maxDays: 12, top: 3 }));
    const scanArgs = ['seasonality', 'scan', '--start-from', '03-01', '--start-to', '03-20', '--min-days', '5'];
    await cli.parseAsync(['--json', ...scanArgs, '--max-days', '10', '--min-years', '5', '--rank', 'returnToRisk'], {
      from: 'user',
    });
    const options = { startFrom: '03-01', startTo: '03-20', minDays: 5, maxDays: 10, minYears: 5 };
    expect(printed[1]).toEqual(seasonalityScan([aaa, bbb], { ...options, rank: 'returnToRisk' }));
    const text = bestTradesCommand(market, 'AAA', { minDays: '5', maxDays: '12', top: '3', rank: 'returnToRisk' }).text;
    expect(text).toContain('mean MAE');
    expect(text).toContain('ret/risk');
  });

  it('names --rank when its value is neither winRate nor returnToRisk (exit 2)', async () => {
    const bad = () => bestTradesCommand(market, 'AAA', { minDays: '5', maxDays: '9', rank: 'sharpe' });
    expect(bad).toThrow(new CliError('--rank: expected winRate or returnToRisk', 2));
    expect(() => bad()).toThrow(expect.objectContaining({ exitCode: 2 }));
    await expect(
      scanCommand(market, { startFrom: '03-01', startTo: '03-05', minDays: '3', maxDays: '6', rank: 'risk' }),
    ).rejects.toThrow(new CliError('--rank: expected winRate or returnToRisk', 2));
  });
});
