import { describe, expect, it } from 'vitest';
import { closes, SPARSE_SEASON10_BARS } from '@solstice/analytics/test-fixtures';
import type { InstrumentInfo, MarketCache } from '../../modules/market/market-cache.js';
import { plainInstrument } from '../../modules/market/memory-market-cache.js';
import { CliError } from '../output.js';
import { scanCommand } from './scan-command.js';

/** As of 2023-03-10 season10 (03-11 → 03-21): +10 % (2020), −5 % (2021), +20 % (2022). */
const SP = closes('SP', SPARSE_SEASON10_BARS);
const info: InstrumentInfo = plainInstrument({ symbol: 'SP', name: 'SP Inc.' });
const market: MarketCache = {
  version: 1,
  asOf: () => '2023-03-10',
  instruments: () => [info],
  instrument: (s) => (s === 'SP' ? info : undefined),
  series: (s) => (s === 'SP' ? SP : undefined),
  reload: async () => {},
};

describe('solstice scan with season<L>.<stat>', () => {
  it('filters on and prints the seasonal statistics as of the bar', async () => {
    const r = await scanCommand(market, 'season10.count >= 3 and season10.winRate > 0.5', { sort: 'season10.median' });
    expect(r.value.count).toBe(1);
    expect(r.value.results[0]).toMatchObject({ symbol: 'SP', 'season10.count': 3, 'season10.winRate': 2 / 3 });
    expect(r.text.split('\n')).toEqual([
      '1 match as of 2023-03-10',
      'symbol  sector  season10.count  season10.winRate  season10.median',
      // The CLI prints seasonal statistics as decimal fractions (format-value.ts), counts as they are.
      'SP      —       3               0.6667            0.1000',
    ]);
  });

  it('shows where a seasonal field is wrong', async () => {
    let error: unknown;
    try {
      await scanCommand(market, 'season400.mean > 0', {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as CliError).message).toBe(
      '"season400.mean": the holding length L of season<L> must be a whole number of days from 1 to 364 at position 1\n' +
        '  season400.mean > 0\n  ^',
    );
  });
});
