import { describe, expect, it } from 'vitest';
import { cliErrorOf } from '../../testing/run-cli.js';
import { seriesFromRows, type PriceSeries } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { buildProgram } from '../program.js';
import { scanCommand } from './scan-command.js';

/** Weekdays from Monday 2024-01-01 to Friday 2024-02-09 (30 sessions). */
const SESSIONS: string[] = [];
for (let t = Date.UTC(2024, 0, 1); SESSIONS.length < 30; t += 86_400_000) {
  const day = new Date(t).getUTCDay();
  if (day !== 0 && day !== 6) SESSIONS.push(new Date(t).toISOString().slice(0, 10));
}

const series = (symbol: string, dates: string[], close: (i: number) => number): PriceSeries =>
  seriesFromRows(
    symbol,
    dates.map((date, i) => {
      const c = close(i);
      return { date, open: c, high: c, low: c, close: c, volume: 100 };
    }),
  );

// UP rises 1 a day from 10; DOWN falls 1 a day from 100; STALE stops on Friday 2024-01-19;
// NEW is listed on Monday 2024-02-05.
const UP = series('UP', SESSIONS, (i) => 10 + i);
const DOWN = series('DOWN', SESSIONS, (i) => 100 - i);
const STALE = series('STALE', SESSIONS.slice(0, 15), () => 50);
const NEW = series('NEW', SESSIONS.slice(-5), () => 20);
const market = createMemoryMarketCache([UP, DOWN, STALE, NEW]);

describe('solstice scan --as-of', () => {
  it('scans at the session on or before the date, leaving out and counting stale symbols', async () => {
    // Saturday 2024-01-27 → Friday 2024-01-26 (the 20th session: UP 29, DOWN 81).
    const r = await scanCommand(market, 'close > 0', { asOf: '2024-01-27', sort: 'close' });
    expect(r.value).toEqual({
      asOf: '2024-01-26',
      stale: 1,
      count: 2,
      results: [
        { symbol: 'UP', name: 'UP', sector: null, close: 29 },
        { symbol: 'DOWN', name: 'DOWN', sector: null, close: 81 },
      ],
      notices: [],
    });
    expect(r.text.split('\n')[0]).toBe('2 matches as of 2024-01-26 (1 symbol stale, left out)');
    // The crossing is read at M and the session before it (UP's change1d 29/28 − 1).
    const cross = await scanCommand(market, 'change1d > 0', { asOf: '2024-01-27' });
    expect(cross.value.results).toEqual([{ symbol: 'UP', name: 'UP', sector: null, change1d: 29 / 28 - 1 }]);
  });

  it('answers the same whatever the data holds after the date', async () => {
    // DOWN turns up and STALE comes back after M: neither changes a scan as of 2024-01-27.
    const later = createMemoryMarketCache([
      UP,
      series('DOWN', SESSIONS, (i) => (i < 20 ? 100 - i : 500 + i)),
      series('STALE', [...SESSIONS.slice(0, 15), ...SESSIONS.slice(20)], () => 50),
      NEW,
    ]);
    const request = { asOf: '2024-01-27', sort: 'w1', desc: true } as const;
    const expression = 'w1 > -1 or close > 60';
    const a = await scanCommand(market, expression, request);
    const b = await scanCommand(later, expression, request);
    expect(b.value).toEqual(a.value);
    expect(a.value.results.map((row) => [row.symbol, row.w1])).toEqual([
      ['UP', 29 / 24 - 1],
      ['DOWN', 81 / 86 - 1],
    ]);
    // Without a date the later bars count: DOWN ends at 529, STALE is current.
    const now = await scanCommand(later, expression, { sort: 'w1', desc: true });
    expect(now.value.asOf).toBe('2024-02-09');
    expect(now.value.results.map((row) => [row.symbol, row.close])).toEqual([
      ['UP', 39],
      ['DOWN', 529],
      ['STALE', 50],
    ]);
  });

  it('before every bar: asOf null and no rows; after the last bar: the latest session', async () => {
    expect((await scanCommand(market, 'close > 0', { asOf: '2023-12-31' })).value).toEqual({
      asOf: null,
      stale: 0,
      count: 0,
      results: [],
      notices: ['No instrument has a value for close in this data: a condition on it is never true.'],
    });
    const after = await scanCommand(market, 'close > 0', { asOf: '2031-06-01' });
    expect(after.value).toEqual((await scanCommand(market, 'close > 0', {})).value);
    expect(after.value.asOf).toBe('2024-02-09');
    expect(after.value.count).toBe(3);
  });

  it('refuses a date that is not a calendar date YYYY-MM-DD (exit 2)', async () => {
    for (const bad of ['2024-02-30', '2024-13-01', '24-01-01', '2024-1-5', 'yesterday', '']) {
      const e = await cliErrorOf(() => scanCommand(market, 'close > 0', { asOf: bad }));
      expect(e.exitCode).toBe(2);
      expect(e.message).toBe('--as-of: expected a date YYYY-MM-DD');
    }
  });

  it('is listed in solstice scan --help', () => {
    const scan = buildProgram().commands.find((c) => c.name() === 'scan')!;
    expect(scan.helpInformation()).toMatch(/--as-of <date>\s+scan as of this date, YYYY-MM-DD/);
  });
});
