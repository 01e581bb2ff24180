import { describe, expect, it } from 'vitest';
import { cliError, cliErrorOf } from '../../testing/run-cli.js';
import { seriesFromRows, type PriceSeries } from '@solstice/analytics';
import type { InstrumentInfo, MarketCache } from '../../modules/market/market-cache.js';
import { plainInstrument } from '../../modules/market/memory-market-cache.js';
import { indicatorsCommand } from './indicators-command.js';
import { scanCommand } from './scan-command.js';

/** A tiny in-memory market: the commands only read the cache. */
function fakeMarket(list: { info: Partial<InstrumentInfo> & { symbol: string }; closes: number[] }[]): MarketCache {
  const infos: InstrumentInfo[] = list.map(({ info }) => plainInstrument({ name: `${info.symbol} Inc.`, ...info }));
  const series = new Map<string, PriceSeries>(
    list.map(({ info, closes }) => [
      info.symbol,
      seriesFromRows(
        info.symbol,
        closes.map((close, i) => ({
          date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
          open: close,
          high: close,
          low: close,
          close,
          volume: 100,
        })),
      ),
    ]),
  );
  return {
    version: 1,
    asOf: () => '2024-01-25',
    instruments: () => infos,
    instrument: (s) => infos.find((i) => i.symbol === s),
    series: (s) => series.get(s),
    reload: async () => {},
  };
}

const market = fakeMarket([
  { info: { symbol: 'UP', sector: 'Energy' }, closes: Array.from({ length: 25 }, (_, i) => 10 + i) },
  { info: { symbol: 'DOWN', sector: 'Utilities' }, closes: Array.from({ length: 25 }, (_, i) => 100 - i) },
]);

describe('solstice indicators', () => {
  it('prints the snapshot as JSON and as text', () => {
    const r = indicatorsCommand(market, 'up');
    expect(r.value).toMatchObject({ symbol: 'UP', asOf: '2024-01-25', close: 34, sma20: 24.5, rsi14: 100 });
    expect(r.text.split('\n')[0]).toBe('UP as of 2024-01-25');
    expect(r.text).toContain('  sma20        24.5000');
    expect(r.text).toContain('  change1d     3.03%');
    expect(r.text).toContain('  sma50        —');
  });

  it('fails clearly for an unknown or malformed symbol', () => {
    expect(cliError(() => indicatorsCommand(market, 'NOPE')).message).toBe('No market data for NOPE.');
    const bad = cliError(() => indicatorsCommand(market, 'a b'));
    expect(bad.exitCode).toBe(2);
    expect(bad.message).toMatch(/^SYMBOL: /);
  });
});

describe('solstice scan', () => {
  it('filters and sorts like the API', async () => {
    const r = await scanCommand(market, 'close > 0', { sort: 'rsi14', desc: true, limit: '1' });
    expect(r.value).toEqual({
      asOf: '2024-01-25',
      stale: 0,
      count: 2,
      results: [{ symbol: 'UP', name: 'UP Inc.', sector: 'Energy', close: 34, rsi14: 100 }],
      notices: [],
    });
    expect(r.text.split('\n')).toEqual([
      '2 matches as of 2024-01-25',
      'symbol  sector  close  rsi14',
      'UP      Energy  34     100',
    ]);
  });

  it('shows where an expression is wrong', async () => {
    const e = await cliErrorOf(() => scanCommand(market, 'close >', {}));
    expect(e.exitCode).toBe(2);
    expect(e.message).toBe('Expected a value after ">" at position 8\n  close >\n         ^');
    expect((await cliErrorOf(() => scanCommand(market, 'close > 1', { sort: 'nope' }))).message).toBe(
      '--sort: unknown field "nope"',
    );
    expect((await cliErrorOf(() => scanCommand(market, 'close > 1', { limit: 'x' }))).message).toMatch(/^--limit: /);
  });
});
