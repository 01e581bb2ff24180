import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, type SignedIn } from '../../testing/auth-helpers.js';
import { expectValidationIssue } from '../../testing/bad-request.js';
import { type FakeYahoo } from '../../testing/fake-providers/index.js';
import { type TestApp } from '../../testing/test-app.js';
import { startAssetClassApp } from '../../testing/asset-class-app.js';
import { testDialects } from '../../testing/test-databases.js';

/** Wednesday 2026-03-18, 12:00 UTC: the stand-in serves up to the day before. */
const NOW = Date.UTC(2026, 2, 18, 12, 0);
const SYMBOLS = ['SPY', 'BTC-USD', 'EURUSD=X', 'GC=F', '^VIX'];

type Row = { symbol: string } & Record<string, unknown>;

describe.each(testDialects())('universes of asset classes in the scanners (%s)', (dialect) => {
  let t: TestApp;
  let yahoo: FakeYahoo;
  let admin: SignedIn;

  beforeAll(async () => {
    ({ t, yahoo, admin } = await startAssetClassApp(dialect, SYMBOLS, NOW));
  });
  afterAll(async () => {
    await t?.close();
    await yahoo?.close();
  });
  const scan = (body: object) => requestAs(t, admin, 'POST', '/api/v1/scanner', body);
  const symbolsOf = async (body: object) => {
    const res = await scan(body);
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    return (res.json().results as Row[]).map((r) => r.symbol);
  };
  const seasonalScan = (body: object) =>
    requestAs(t, admin, 'POST', '/api/v1/seasonality/scan', {
      startFrom: '06-10',
      startTo: '06-20',
      minDays: 5,
      maxDays: 10,
      minYears: 1,
      direction: 'both',
      ...body,
    });
  const seasonalSymbols = async (body: object) => {
    const res = await seasonalScan(body);
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    return [...new Set((res.json().results as Row[]).map((r) => r.symbol))].sort();
  };

  it('assetClass is a text field of the expression: =, in, not in', async () => {
    expect(await symbolsOf({ expression: 'assetClass = "crypto"' })).toEqual(['BTC-USD']);
    expect(await symbolsOf({ expression: 'assetClass in ("fx", "Crypto")' })).toEqual(['BTC-USD', 'EURUSD=X']);
    expect(await symbolsOf({ expression: 'assetClass not in ("fx", "crypto")' })).toEqual(['^VIX', 'GC=F', 'SPY']);
    const res = await scan({ expression: 'assetClass = "future"' });
    expect(res.json().results).toEqual([expect.objectContaining({ symbol: 'GC=F', assetClass: 'future' })]);
  });

  it('a class no instrument has: no match, and the notice lists the classes there are', async () => {
    const res = await scan({ expression: 'assetClass = "equity"' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 0,
      notices: ['No instrument has assetClass "equity". The values are: "crypto", "etf", "future", "fx", "index".'],
    });
  });

  it('rank(x, assetClass) ranks within each class', async () => {
    const res = await scan({ expression: 'close > 0', columns: ['rank(close, assetClass)', 'rank(close)'] });
    const rows = res.json().results as Row[];
    // each class has one instrument here: 50 each, while the ranks over all differ
    expect(rows.map((r) => r['rank(close, assetClass)'])).toEqual([50, 50, 50, 50, 50]);
    expect(new Set(rows.map((r) => r['rank(close)'])).size).toBe(5);
    expect(await symbolsOf({ expression: 'rank(close, ASSETCLASS) = 50' })).toHaveLength(5);
  });

  it('the fields answer lists assetClass with its values', async () => {
    const res = await requestAs(t, admin, 'GET', '/api/v1/scanner/fields');
    expect(res.json().fields).toContainEqual({
      name: 'assetClass',
      kind: 'text',
      available: true,
      values: ['crypto', 'etf', 'future', 'fx', 'index'],
    });
  });

  it('the scanner’s universe takes assetClass: the scan, its ranks and its count among those classes', async () => {
    expect(await symbolsOf({ expression: 'close > 0', assetClass: ['crypto', 'fx'] })).toEqual(['BTC-USD', 'EURUSD=X']);
    expect(await symbolsOf({ expression: 'close > 0', assetClass: 'FX,crypto' })).toEqual(['BTC-USD', 'EURUSD=X']);
    const ranked = await scan({ expression: 'close > 0', columns: ['rank(close)'], assetClass: ['crypto', 'fx'] });
    expect((ranked.json().results as Row[]).map((r) => [r.symbol, r['rank(close)']])).toEqual([
      ['BTC-USD', 100],
      ['EURUSD=X', 0],
    ]);
    const check = await requestAs(t, admin, 'POST', '/api/v1/scanner/check', {
      expression: 'close > 0',
      assetClass: ['future'],
    });
    expect(check.json()).toMatchObject({ problem: null, count: 1 });
  });

  it('the scan’s date is found among the classes scanned: a Sunday for crypto, the Friday for all', async () => {
    const sunday = { expression: 'close > 0', asOf: '2026-03-15' };
    const all = (await scan(sunday)).json();
    expect(all).toMatchObject({ asOf: '2026-03-13', count: 5 });
    const crypto = (await scan({ ...sunday, assetClass: ['crypto'], columns: ['rank(close)'] })).json();
    expect(crypto).toMatchObject({ asOf: '2026-03-15', stale: 0, count: 1 });
    expect(crypto.results).toEqual([expect.objectContaining({ symbol: 'BTC-USD', 'rank(close)': 50 })]);
    const btc = t.services.market.series('BTC-USD')!;
    const sundayClose = btc.close[btc.dates.indexOf(Date.UTC(2026, 2, 15) / 86_400_000)];
    expect(crypto.results[0].close).toBe(sundayClose);
  });

  it('a class without instruments scans nothing and says so; a bad class is a 400 naming it', async () => {
    const res = await scan({ expression: 'close > 0', assetClass: ['equity'] });
    expect(res.json()).toMatchObject({ count: 0, notices: ['No instrument is of asset class "equity".'] });
    expectValidationIssue(
      await scan({ expression: 'close > 0', assetClass: ['crypto', 'bond'] }),
      'body.assetClass.1',
      '"bond"',
    );
    const check = await requestAs(t, admin, 'POST', '/api/v1/scanner/check', {
      expression: 'close > 0',
      assetClass: 'stocks',
    });
    expectValidationIssue(check, 'body.assetClass.0', '"stocks" is not an asset class');
  });

  it('without assetClass the scan is over every instrument, as before', async () => {
    expect(await symbolsOf({ expression: 'close > 0' })).toEqual(['^VIX', 'BTC-USD', 'EURUSD=X', 'GC=F', 'SPY']);
  });

  // the first scan starts the analytics pool's threads: slow on a loaded machine
  it(
    'the seasonality scanner’s default universe is every instrument, whatever its class',
    { timeout: 120_000 },
    async () => {
      expect(await seasonalSymbols({})).toEqual(['BTC-USD', 'EURUSD=X', 'GC=F', 'SPY', '^VIX']);
    },
  );

  it('the seasonality scanner’s universe takes assetClass, with any universe', async () => {
    expect(await seasonalSymbols({ assetClass: ['crypto'] })).toEqual(['BTC-USD']);
    expect(await seasonalSymbols({ assetClass: 'fx,crypto' })).toEqual(['BTC-USD', 'EURUSD=X']);
    expect(await seasonalSymbols({ universe: ['SPY', 'BTC-USD', 'GC=F'], assetClass: ['etf', 'future'] })).toEqual([
      'GC=F',
      'SPY',
    ]);
    // the condition reads the class too
    expect(await seasonalSymbols({ condition: 'assetClass in ("index", "fx")' })).toEqual(['EURUSD=X', '^VIX']);
  });

  it('the seasonality scanner refuses a bad class, and a universe without an instrument of the classes', async () => {
    expectValidationIssue(await seasonalScan({ assetClass: ['bond'] }), 'body.assetClass.0', '"bond"');
    expectValidationIssue(
      await seasonalScan({ universe: ['SPY'], assetClass: ['crypto'] }),
      'body.assetClass',
      'no instrument of asset class crypto',
    );
  });
});
