import { lastCompletedSession, previousTradingDay } from '@solstice/analytics';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCliDatabase } from '../../testing/cli-database.js';
import {
  FakeMarket,
  startFakeTiingo,
  startFakeYahoo,
  type FakeHttpServer,
  type FakeYahoo,
  type TiingoStep,
} from '../../testing/fake-providers/index.js';
import { instrumentRow } from '../../testing/market-fixtures.js';

const KEY = 'cli-tiingo-key-0123456789';

describe('solstice sync', () => {
  let market: FakeMarket;
  let yahoo: FakeYahoo;
  let tiingo: FakeHttpServer<TiingoStep>;
  const { run, withDb } = useCliDatabase('sync');

  beforeEach(async () => {
    // The command runs on the real clock: the fakes serve up to its last completed session.
    const session = lastCompletedSession(Date.now());
    let start = session;
    for (let i = 0; i < 30; i++) start = previousTradingDay(start);
    market = new FakeMarket(session)
      .add('AAPL', { from: start })
      .add('BRK.B', { from: start })
      .add('^GSPC', { from: start });
    yahoo = await startFakeYahoo(market);
    tiingo = await startFakeTiingo(market, { apiKey: KEY });
    await withDb((db) =>
      db
        .insertInto('instruments')
        .values([instrumentRow('AAPL'), instrumentRow('BRK.B'), instrumentRow('^GSPC', { type: 'index' })])
        .execute(),
    );
  });
  afterEach(async () => {
    await yahoo.close();
    await tiingo.close();
  });

  it('--provider yahoo --base-url --symbols: one provider, the symbols named, a JSON report', async () => {
    const report = JSON.parse(
      await run('--json', 'sync', '--provider', 'yahoo', '--base-url', yahoo.baseUrl, '--symbols', 'aapl, BRK.B'),
    );
    expect(report).toMatchObject({ session: market.until, providers: ['yahoo'], updated: 2, failed: 0 });
    expect(report.symbols.map((s: { symbol: string; mode: string }) => [s.symbol, s.mode])).toEqual([
      ['AAPL', 'replace'],
      ['BRK.B', 'replace'],
    ]);
    expect(yahoo.requests.map((r) => r.path)).toEqual(['/v8/finance/chart/AAPL', '/v8/finance/chart/BRK-B']);
    expect(process.exitCode).toBeUndefined();
  });

  it('without --provider: DATA_PROVIDERS in order, base URLs and keys from the settings, the key never printed', async () => {
    Object.assign(process.env, {
      TIINGO_API_KEY: KEY,
      TIINGO_BASE_URL: tiingo.baseUrl,
      YAHOO_BASE_URL: yahoo.baseUrl,
      DATA_PROVIDERS: 'tiingo,eodhd,yahoo',
    });
    const output = await run('--json', 'sync');
    const report = JSON.parse(output);
    expect(report.providers).toEqual(['tiingo', 'yahoo']);
    expect(report.symbols.map((s: { symbol: string; provider: string }) => [s.symbol, s.provider])).toEqual([
      ['AAPL', 'tiingo'],
      ['BRK.B', 'tiingo'],
      ['^GSPC', 'yahoo'],
    ]);
    expect(output).not.toContain(KEY);
    expect(tiingo.requests.every((r) => r.headers.authorization === `Token ${KEY}`)).toBe(true);
  });

  it('a symbol that fails everywhere: exit status 1, the reason in the text report', async () => {
    yahoo.scenario('AAPL', 'unknown');
    const text = await run('sync', '--provider', 'yahoo', '--base-url', yahoo.baseUrl, '--symbols', 'AAPL');
    expect(text).toMatch(/AAPL +failed +- +last - .*\(Yahoo AAPL: unknown symbol \(Not Found: No data found/);
    expect(process.exitCode).toBe(1);
  });

  it('refuses a provider without its key, --base-url without --provider, and a bad --timeout', async () => {
    await expect(run('sync', '--provider', 'tiingo')).rejects.toThrow('--provider tiingo: TIINGO_API_KEY is not set');
    await expect(run('sync', '--base-url', yahoo.baseUrl)).rejects.toThrow('--base-url: needs --provider');
    await expect(run('sync', '--provider', 'yahoo', '--timeout', 'soon')).rejects.toThrow(
      '--timeout: expected milliseconds',
    );
    await expect(run('sync', '--provider', 'stooq')).rejects.toThrow(/Allowed choices are tiingo, yahoo, eodhd/);
    expect(yahoo.requests).toHaveLength(0);
  });
});
