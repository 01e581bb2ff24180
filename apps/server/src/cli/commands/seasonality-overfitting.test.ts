import { describe, expect, it } from 'vitest';
import { overfitting, seriesFromRows } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../modules/market/memory-market-cache.js';
import { cliError, programOnMarket } from '../../testing/run-cli.js';
import { overfittingCommand, registerSeasonalityCommands } from './seasonality.js';

/** 100 on every weekday of 2012–2020, 110 from Mar 10 through Mar 20 of the even years. */
function bumpy() {
  const rows = [];
  for (let d = Date.UTC(2012, 0, 1) / 864e5; d <= Date.UTC(2020, 11, 31) / 864e5; d++) {
    const date = new Date(d * 864e5);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const iso = date.toISOString().slice(0, 10);
    const md = iso.slice(5);
    const close = date.getUTCFullYear() % 2 === 0 && md >= '03-10' && md <= '03-20' ? 110 : 100 + (d % 7) / 10;
    rows.push({ date: iso, open: close, high: close, low: close, close, volume: 1 });
  }
  return seriesFromRows('BMP', rows);
}
const bmp = bumpy();
const market = createMemoryMarketCache([bmp]);

const failure = cliError;

describe('seasonality overfitting command', () => {
  it("answers the analytics' JSON with the options given, and prints DSR, PBO and the reality check", () => {
    const { value, text } = overfittingCommand(market, 'bmp', {
      minDays: '3',
      maxDays: '6',
      blocks: '4',
      bootstrap: '50',
      seed: '18446744073709551615',
      direction: 'long',
    });
    expect(value).toEqual(
      overfitting(bmp, {
        minDays: 3,
        maxDays: 6,
        blocks: 4,
        bootstrap: 50,
        seed: 18446744073709551615n,
        direction: 'long',
      }),
    );
    expect(value.realityCheck!.seed).toBe('18446744073709551615');
    expect(value.tested).toBe(365 * 4);
    const lines = text.split('\n');
    expect(lines[0]).toBe(`BMP: 1,460 windows searched (min years ${value.minYears})`);
    expect(text).toMatch(/^DSR {15}\S+/m);
    expect(text).toMatch(/^PBO {15}\d+\.\d\d% \(\d+ of 6 splits of 4 blocks, 2012–20(19|20);/m);
    expect(text).toMatch(/^reality check {5}best /m);
  });

  it('judges a given window, and defaults to both sides, 8 blocks, no reality check, seed 1', () => {
    const { value } = overfittingCommand(market, 'BMP', { minDays: '3', maxDays: '6', window: '03-09:03-12:long' });
    expect(value.selected).toMatchObject({ direction: 'long', start: '03-09', end: '03-12', days: 3 });
    expect(value.tested).toBe(2 * 365 * 4);
    expect(value.pbo!.blocks).toBe(8);
    expect(value.realityCheck).toBeNull();
  });

  it('refuses bad input with exit 2 and a message naming the flag', () => {
    const bad = (o: Record<string, string>, message: string) => {
      const e = failure(() => overfittingCommand(market, 'BMP', { minDays: '3', maxDays: '6', ...o }));
      expect(e.exitCode).toBe(2);
      expect(e.message).toContain(message);
    };
    bad({ blocks: '3' }, '--blocks: expected an even number of blocks');
    bad({ blocks: '0' }, '--blocks: expected an even number of blocks of at least 2');
    bad({ window: '03-09:03-12' }, '--window: expected a window as MM-DD:MM-DD:long or MM-DD:MM-DD:short');
    bad({ window: '03-09:02-30:short' }, '--window: expected a window whose start and end are real month-days');
    bad({ window: '03-09:03-09:long' }, '--window: expected a window whose end differs from its start');
    bad({ seed: '-1' }, '--seed: expected a seed: a decimal unsigned 64-bit integer');
    bad({ seed: '18446744073709551616' }, '--seed: expected a seed');
    bad({ seed: '1.5' }, '--seed');
    bad({ bootstrap: '10001' }, '--bootstrap: expected a number of resamples of at most 10000');
    bad({ bootstrap: '-1' }, '--bootstrap');
    bad({ direction: 'up' }, '--direction: expected long, short or both');
  });

  it('is a subcommand of seasonality that prints only JSON with --json', async () => {
    const { printed, run } = programOnMarket(registerSeasonalityCommands, market);
    await run('--json seasonality overfitting BMP --min-days 3 --max-days 4 --exclude 2014 --bootstrap 10 --seed 5');
    expect(printed[0]).toEqual(overfitting(bmp, { minDays: 3, maxDays: 4, exclude: [2014], bootstrap: 10, seed: 5n }));
  });
});
