import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverBundle } from '../../testing/server-bundle.js';
import { useTempDir } from '../../testing/test-fixtures.js';
import { dayNumber, isoDate, seasonalityScan, seriesFromRows, upcomingScanOptions } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { CliError } from '../output.js';
import { programOnMarket } from '../../testing/run-cli.js';
import { registerSeasonalityCommands, scanCommand } from './seasonality.js';

/** A bar on every calendar day from `from` to `to`: close and volume of (date, index). */
function daily(symbol: string, from: string, to: string, bar: (date: string, i: number) => [number, number]) {
  const rows = [];
  for (let d = dayNumber(from), i = 0; d <= dayNumber(to); d++, i++) {
    const [close, volume] = bar(isoDate(d), i);
    rows.push({ date: isoDate(d), open: close, high: close, low: close, close, volume });
  }
  return seriesFromRows(symbol, rows);
}

// A rises by 1 a day from 100, with bars after 2021-12-25; ST ends before it (stale); FL is flat
// and its dollarVolume20 on 2021-12-25 is (19 × 10,000 + 30,000) / 20 = 11,000.
const a = daily('A', '2010-01-01', '2022-03-31', (_, i) => [100 + i, 1000]);
const st = daily('ST', '2015-01-01', '2021-12-20', (_, i) => [100 + i, 1000]);
const fl = daily('FL', '2010-01-01', '2021-12-25', (date) => [10, date === '2021-12-20' ? 3000 : 1000]);
const market = createMemoryMarketCache([a, st, fl]);
const UPCOMING = { upcoming: '10', asOf: '2021-12-25', minDays: '3', maxDays: '5' };

describe('seasonality scan --upcoming', () => {
  it('answers the analytics’ upcoming scan, and says what it read and left out', async () => {
    const { value, text } = await scanCommand(market, { ...UPCOMING, minDollarVolume: '11000' });
    const options = upcomingScanOptions(
      [a, st, fl],
      { minDays: 3, maxDays: 5, minWinRate: 0, direction: 'long' },
      {
        days: 10,
        asOf: '2021-12-25',
        minDollarVolume: 11_000,
      },
    )!;
    expect(value).toEqual(seasonalityScan([a, st, fl], options));
    expect(value).toMatchObject({ asOf: '2021-12-25', startFrom: '12-26', startTo: '01-04', stale: 1, illiquid: 0 });
    expect(value.results.find((r) => r.symbol === 'A')).toMatchObject({
      start: '01-01',
      end: '01-06',
      startDate: '2022-01-01',
      endDate: '2022-01-06',
    });
    expect(text.split('\n')[0]).toBe(
      'as of 2021-12-25: windows starting 12-26 … 01-04; left out: 1 without a bar on 2021-12-25, 0 illiquid',
    );
    expect(text).toMatch(/2022-01-01 +2022-01-06 +01-01/);
    const above = await scanCommand(market, { ...UPCOMING, minDollarVolume: '11000.01' });
    expect(above.value.illiquid).toBe(1);
    expect(above.value.results.map((r) => r.symbol)).toEqual(['A']);
  });

  it('is an error naming the flag (exit 2) with --start-from or --start-to, or a bad value', async () => {
    const cases: [object, string][] = [
      [{ startFrom: '03-01' }, '--start-from cannot be given with --upcoming (--upcoming sets the start days)'],
      [
        { startFrom: '03-01', startTo: '03-05' },
        '--start-from and --start-to cannot be given with --upcoming (--upcoming sets the start days)',
      ],
      [{ upcoming: '91' }, '--upcoming: expected a number of calendar days of at most 90'],
      [{ upcoming: 'soon' }, '--upcoming: expected a number of calendar days'],
      [{ asOf: '2021-02-29' }, '--as-of: expected a real calendar date'],
      [{ minDollarVolume: '-5' }, '--min-dollar-volume: expected an amount of dollars (a number ≥ 0)'],
    ];
    for (const [extra, message] of cases)
      await expect(scanCommand(market, { ...UPCOMING, ...extra })).rejects.toThrow(new CliError(message, 2));
    await expect(scanCommand(market, { minDays: '3', maxDays: '5' })).rejects.toThrow(
      new CliError(
        '--start-from: expected a month-day as MM-DD (or upcoming); --start-to: expected a month-day as MM-DD (or upcoming)',
        2,
      ),
    );
    await expect(
      scanCommand(market, { startFrom: '03-01', startTo: '03-05', minDays: '3', maxDays: '5', asOf: '2021-01-04' }),
    ).rejects.toThrow(new CliError('--as-of: is taken only with upcoming', 2));
  });

  it('parses --upcoming, --as-of and --min-dollar-volume from the command line', async () => {
    const { program, printed } = programOnMarket(registerSeasonalityCommands, market);
    const args = ['--upcoming', '10', '--as-of', '2021-12-25', '--min-days', '3', '--max-days', '5'];
    await program.parseAsync(['--json', 'seasonality', 'scan', ...args, '--min-dollar-volume', '11000.01'], {
      from: 'user',
    });
    expect(printed[0]).toMatchObject({ asOf: '2021-12-25', stale: 1, illiquid: 1 });
  });
});

describe('solstice seasonality scan --upcoming, the real command', () => {
  const dir = useTempDir('solstice-upcoming-');
  const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
  const run = (db: string, args: string[]) =>
    spawnSync(process.execPath, [serverBundle().cli, '--db', `file:${db}`, ...args], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: 'test', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });

  it('exits 2 naming the flag given with --upcoming', () => {
    const db = dir.join('db.sqlite');
    expect(run(db, ['db', 'migrate']).status).toBe(0);
    const both = run(db, [
      'seasonality',
      'scan',
      '--upcoming',
      '14',
      '--start-to',
      '03-01',
      '--min-days',
      '5',
      '--max-days',
      '20',
    ]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--start-to cannot be given with --upcoming (--upcoming sets the start days)');
    const far = run(db, ['seasonality', 'scan', '--upcoming', '120', '--min-days', '5', '--max-days', '20']);
    expect(far.status).toBe(2);
    expect(far.stderr).toContain('--upcoming: expected a number of calendar days of at most 90');
  });
});
