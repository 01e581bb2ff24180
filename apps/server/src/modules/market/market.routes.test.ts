import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser } from '../../testing/auth-helpers.js';
import { insertBars, instrumentRow } from '../../testing/market-fixtures.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

describe.each(testDialects())('market routes on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  async function setup(): Promise<{ cookie: string }> {
    t = await createTestApp(dialect);
    const db = t.database.db;
    const inst = (symbol: string, name: string, marketCap: number | null, synthetic = 0) =>
      instrumentRow(symbol, { name, sector: 'Tech', market_cap: marketCap, synthetic });
    await db
      .insertInto('instruments')
      .values([
        inst('AAPL', 'APPLE INC', 3e12, 1),
        inst('AA', 'ALCOA CORP', 1e10),
        inst('AAL', 'AMERICAN AIRLINES GROUP', 8e9),
        inst('PAA', 'PLAINS ALL AMERICAN', 1e10),
        inst('XAAPLX', 'NOT APPLE', 1),
        inst('MSFT', 'MICROSOFT CORP', 3e12),
      ])
      .execute();
    await insertBars(db, [
      { symbol: 'AAPL', date: '2024-01-02', open: 10, high: 12, low: 9, close: 11, volume: 100 },
      { symbol: 'AAPL', date: '2024-01-03', open: 11, high: 13, low: 10, close: 12.1, volume: 200 },
      { symbol: 'AAPL', date: '2024-01-04', open: 12, high: 14, low: 11, close: 13, volume: 300 },
    ]);
    await t.services.market.reload();
    const user = await signedInUser(t);
    return { cookie: user.cookie };
  }

  it('searches: exact symbol first, then prefixes, then names; needs sign-in', async () => {
    const { cookie } = await setup();
    const anonymous = await t.app.inject({ url: '/api/v1/instruments?q=aa' });
    expect(anonymous.statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/v1/instruments?q=aa', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().instruments.map((i: { symbol: string }) => i.symbol)).toEqual(['AA', 'AAL', 'AAPL']);
    const apple = await t.app.inject({ url: '/api/v1/instruments?q=apple', headers: { cookie } });
    expect(apple.json().instruments.map((i: { symbol: string }) => i.symbol)).toEqual(['AAPL', 'XAAPLX']);
    const exact = await t.app.inject({ url: '/api/v1/instruments?q=aapl', headers: { cookie } });
    const first = exact.json().instruments[0];
    expect(first).toEqual({
      symbol: 'AAPL',
      name: 'APPLE INC',
      type: 'stock',
      exchange: null,
      sector: 'Tech',
      industry: null,
      currency: 'USD',
      marketCap: 3e12,
      synthetic: true,
      assetClass: 'equity',
      timezone: 'America/New_York',
      calendar: 'nyse',
      hasVolume: true,
      lastClose: 13,
      lastDate: '2024-01-04',
    });
    // A symbol that only contains the query is not a match (XAAPLX's name does not contain it).
    expect(exact.json().instruments.map((i: { symbol: string }) => i.symbol)).toEqual(['AAPL']);
    const empty = await t.app.inject({ url: '/api/v1/instruments', headers: { cookie } });
    expect(empty.json()).toEqual({ instruments: [] });
    const unknownField = await t.app.inject({ url: '/api/v1/instruments?q=a&x=1', headers: { cookie } });
    expect(unknownField.statusCode).toBe(400);
  });

  it('limits a search to 20 results', async () => {
    const { cookie } = await setup();
    await t.database.db
      .insertInto('instruments')
      .values(Array.from({ length: 30 }, (_, i) => instrumentRow(`Z${i}`, { name: `Z ${i}` })))
      .execute();
    await t.services.market.reload();
    const res = await t.app.inject({ url: '/api/v1/instruments?q=z', headers: { cookie } });
    expect(res.json().instruments).toHaveLength(20);
  });

  it('gives an instrument with its latest close, and 404 for an unknown symbol', async () => {
    const { cookie } = await setup();
    const res = await t.app.inject({ url: '/api/v1/instruments/aapl', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      symbol: 'AAPL',
      synthetic: true,
      lastClose: 13,
      lastDate: '2024-01-04',
      firstDate: '2024-01-02',
      bars: 3,
      previousClose: 12.1,
    });
    expect(body.changePct).toBeCloseTo(((13 - 12.1) / 12.1) * 100, 10);
    const missing = await t.app.inject({ url: '/api/v1/instruments/NOPE', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Unknown symbol NOPE.' } });
  });

  it('serves bars between from and to, validates the dates, 404s unknown symbols', async () => {
    const { cookie } = await setup();
    const all = await t.app.inject({ url: '/api/v1/bars/AAPL', headers: { cookie } });
    expect(all.json().bars.map((b: { date: string }) => b.date)).toEqual(['2024-01-02', '2024-01-03', '2024-01-04']);
    const some = await t.app.inject({ url: '/api/v1/bars/AAPL?from=2024-01-03&to=2024-01-03', headers: { cookie } });
    expect(some.json()).toEqual({
      symbol: 'AAPL',
      synthetic: true,
      bars: [{ date: '2024-01-03', open: 11, high: 13, low: 10, close: 12.1, volume: 200 }],
    });
    const fromOnly = await t.app.inject({ url: '/api/v1/bars/AAPL?from=2024-01-04', headers: { cookie } });
    expect(fromOnly.json().bars).toHaveLength(1);
    const none = await t.app.inject({ url: '/api/v1/bars/MSFT', headers: { cookie } });
    expect(none.json()).toEqual({ symbol: 'MSFT', synthetic: false, bars: [] });
    for (const q of ['from=2024-02-30', 'to=yesterday', 'from=2024-01-05&to=2024-01-01']) {
      const bad = await t.app.inject({ url: `/api/v1/bars/AAPL?${q}`, headers: { cookie } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
    }
    const unknown = await t.app.inject({ url: '/api/v1/bars/NOPE', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('imports through the admin endpoint (admins only) and reloads the cache', async () => {
    t = await createTestApp(dialect, { IMPORT_DIR: fixtures });
    const member = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    const payload = { paths: ['dir'] };
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/import',
      headers: member.headers,
      payload,
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/import', headers: admin.headers, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ files: 3, rejectedFiles: [], instruments: 2, inserted: 3, updated: 0, issues: [] });
    expect(t.services.market.series('IBM')?.close.length).toBe(2);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/import',
      headers: admin.headers,
      payload: { paths: [], extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
