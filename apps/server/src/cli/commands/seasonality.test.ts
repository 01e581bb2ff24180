import { describe, expect, it } from 'vitest';
import { bestTrades, seasonalCalendar, seasonalChart, seasonalPattern, walkForward } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { CliError } from '../output.js';
import { programOnMarket } from '../../testing/run-cli.js';
import { weekdaySeries } from '../../testing/synthetic-series.js';
import {
  bestTradesCommand,
  calendarCommand,
  chartCommand,
  patternCommand,
  registerSeasonalityCommands,
  scanCommand,
  walkForwardCommand,
} from './seasonality.js';

const weekdays = (symbol: string, price: (i: number) => number) =>
  weekdaySeries(symbol, '2016-01-01', '2020-06-30', price);

const aaa = weekdays('AAA', (i) => 100 + 10 * Math.sin(i / 5));
const bbb = weekdays('BBB', (i) => 40 + (i % 17));
const market = createMemoryMarketCache([aaa, bbb]);

describe('seasonality commands', () => {
  it('pattern: the JSON shape and a readable table, --short negates', () => {
    const { value, text } = patternCommand(market, 'aaa', { start: '12-20', end: '01-10', from: '2016', short: true });
    expect(value).toEqual({
      ...seasonalPattern(aaa, { start: '12-20', end: '01-10', from: 2016, direction: 'short' }),
      benchmark: null,
    });
    expect(text.split('\n')[0]).toBe('AAA short 12-20 → 01-10');
    expect(text).toContain('2016-12-20');
    expect(text).toMatch(/win rate\s+\d+\.\d\d%/);
  });

  it('calendar, chart and best trades answer what the analytics compute', () => {
    expect(calendarCommand(market, 'BBB', { from: '2017' }).value).toEqual(seasonalCalendar(bbb, { from: 2017 }));
    const calText = calendarCommand(market, 'BBB', {}).text;
    expect(calText).toContain('Jan');
    expect(calText).toContain('% up');
    const chart = chartCommand(market, 'AAA', { to: '2018' });
    expect(chart.value).toEqual({ ...seasonalChart(aaa, { to: 2018 }), benchmark: null });
    expect(chart.text).toContain('AAA average year 2017–2018 (2 years)'); // 2016 lacks the close of 2015
    const best = bestTradesCommand(market, 'AAA', { minDays: '5', maxDays: '10', top: '2' });
    expect(best.value).toEqual(bestTrades(aaa, { minDays: 5, maxDays: 10, top: 2 }));
    expect(best.text.split('\n').filter((l) => /^\d\d-\d\d/.test(l))).toHaveLength(4);
  });

  it('scan: every instrument by default, or --symbols', async () => {
    // A few years of data: the default (most less 2, at least 10) would keep no symbol.
    const none = await scanCommand(market, { startFrom: '03-01', startTo: '03-05', minDays: '3', maxDays: '6' });
    expect(none.value.results).toEqual([]);
    const all = await scanCommand(market, {
      startFrom: '03-01',
      startTo: '03-05',
      minDays: '3',
      maxDays: '6',
      minYears: '2',
    });
    expect(all.value.results.map((r) => r.symbol).sort()).toEqual(['AAA', 'BBB']);
    const one = await scanCommand(market, {
      startFrom: '03-01',
      startTo: '03-05',
      minDays: '3',
      maxDays: '6',
      symbols: 'bbb',
      direction: 'short',
      minWinRate: '0',
      minYears: '2',
    });
    expect(one.value.results.map((r) => [r.symbol, r.direction])).toEqual([['BBB', 'short']]);
    expect(one.text.split('\n')[0]).toBe('1 symbols');
  });

  it('names the bad option and fails on an unknown symbol', async () => {
    expect(() => patternCommand(market, 'AAA', { start: '02-30', end: '03-01' })).toThrow(
      new CliError('--start: expected a real month-day (MM-DD)', 2),
    );
    expect(() => bestTradesCommand(market, 'AAA', { minDays: '9', maxDays: '3' })).toThrow(
      '--max-days: expected maxDays ≥ minDays',
    );
    await expect(
      scanCommand(market, { startFrom: '03-01', startTo: '03-05', minDays: '3', maxDays: '6', direction: 'up' }),
    ).rejects.toThrow('--direction: expected long, short or both');
    expect(() => chartCommand(market, 'NOPE', {})).toThrow('No market data for NOPE.');
  });

  it('parses the command line options into the commands, printing only JSON with --json', async () => {
    const { printed, run } = programOnMarket(registerSeasonalityCommands, market);
    await run('--json seasonality best-trades AAA --min-days 5 --max-days 8 --min-years 3 --top 1');
    expect(printed[0]).toEqual(bestTrades(aaa, { minDays: 5, maxDays: 8, minYears: 3, top: 1 }));
    await run(
      'seasonality scan --start-from 03-01 --start-to 03-02 --min-days 3 --max-days 4 --symbols AAA --min-years 2',
    );
    expect(printed[1]).toMatch(/^1 symbols\nsymbol {2}dir/);
    await run('--json seasonality walk-forward AAA --min-days 5 --max-days 8 --train-years 2');
    const forward = walkForward(aaa, { minDays: 5, maxDays: 8, trainYears: 2 });
    expect(printed[2]).toEqual(forward);
    // 2016–2020: two training years first exist for 2018 (2020 only when its window ends by June 30).
    expect(forward.long.trials.map((t) => t.year).slice(0, 2)).toEqual([2018, 2019]);
  });

  it('best trades and walk-forward print tested, q-values and the out-of-sample years', () => {
    const best = bestTradesCommand(market, 'AAA', { minDays: '5', maxDays: '10', top: '2' });
    expect(best.value.tested).toBeGreaterThan(0);
    expect(best.text.split('\n')[0]).toBe(
      `AAA best trades, best of ${best.value.tested} windows tested (q-value: p-value adjusted for them)`,
    );
    expect(best.text).toContain('q-value');
    const forward = walkForwardCommand(market, 'aaa', { minDays: '5', maxDays: '8', trainYears: '2' });
    expect(forward.value).toEqual(walkForward(aaa, { minDays: 5, maxDays: 8, trainYears: 2 }));
    const lines = forward.text.split('\n');
    const { long, short } = forward.value;
    expect(lines[1]).toMatch(
      new RegExp(`^long: ${long.stats.count} years traded out of sample, win rate \\d+\\.\\d\\d%`),
    );
    expect(lines.filter((l) => /^20(18|19|20) {2}\d\d-\d\d/.test(l))).toHaveLength(
      long.stats.count + short.stats.count,
    );
    expect(() => walkForwardCommand(market, 'AAA', { minDays: '5', maxDays: '8', trainYears: '0' })).toThrow(
      '--train-years',
    );
  });
});
