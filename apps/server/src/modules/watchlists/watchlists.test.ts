import { beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_LIMITS, watchlistListResponseSchema, watchlistResponseSchema } from '@solstice/contracts';
import { withTestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { useTestApp } from '../../testing/test-fixtures.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { addMarketData } from '../../testing/market-fixtures.js';

describe.each(testDialects())('watchlists on %s', (dialect) => {
  const t = useTestApp(dialect);
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    // Symbols are checked against the instruments: these are the ones the tests add.
    await addMarketData(t, [
      ...['AAPL', 'MSFT', 'NVDA', 'AAA', 'BBB', 'SPY', 'A', 'KO'].map((symbol) => ({ symbol })),
      ...Array.from({ length: WATCHLIST_LIMITS.symbols + 1 }, (_, i) => ({ symbol: `S${i}` })),
    ]);
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });

  const create = (who: SignedIn, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/watchlists', headers: who.headers, payload: payload as object });

  it('creates, reads, replaces and deletes a list', async () => {
    const created = await create(alice, {
      name: 'Tech',
      symbols: [{ sym: 'aapl', description: 'Apple' }, { sym: 'MSFT' }],
    });
    expect(created.statusCode).toBe(201);
    const list = watchlistResponseSchema.parse(created.json()).data;
    expect(list.name).toBe('Tech');
    expect(list.symbols).toEqual([
      { sym: 'AAPL', description: 'Apple' },
      { sym: 'MSFT', description: '' },
    ]);

    const read = await t.app.inject({ method: 'GET', url: `/api/v1/watchlists/${list.id}`, headers: alice.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: list });

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/watchlists/${list.id}`,
      headers: alice.headers,
      payload: { name: 'Big tech', symbols: [{ sym: 'NVDA', description: 'Nvidia' }] },
    });
    expect(put.statusCode).toBe(200);
    const replaced = watchlistResponseSchema.parse(put.json()).data;
    expect(replaced).toMatchObject({
      id: list.id,
      name: 'Big tech',
      symbols: [{ sym: 'NVDA', description: 'Nvidia' }],
    });
    expect(replaced.updatedAt).toBeGreaterThanOrEqual(list.updatedAt);

    const all = await t.app.inject({ method: 'GET', url: '/api/v1/watchlists', headers: alice.headers });
    expect(watchlistListResponseSchema.parse(all.json()).data.map((w) => w.name)).toEqual(['Big tech']);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/watchlists/${list.id}`, headers: alice.headers });
    expect(del.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/watchlists/${list.id}`, headers: alice.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps a symbol sent twice once, at its first place', async () => {
    const res = await create(alice, {
      name: 'Dupes',
      symbols: [{ sym: 'AAA', description: 'first' }, { sym: 'BBB' }, { sym: 'aaa' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.symbols).toEqual([
      { sym: 'AAA', description: 'first' },
      { sym: 'BBB', description: '' },
    ]);
  });

  it('lists in creation order and rejects a duplicate name with 409', async () => {
    const u = await signedInUser(t);
    for (const name of ['B', 'A', 'C']) expect((await create(u, { name })).statusCode).toBe(201);
    const dup = await create(u, { name: 'A' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details.issues[0].path).toBe('body.name');
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/watchlists', headers: u.headers });
    expect(all.json().data.map((w: { name: string }) => w.name)).toEqual(['B', 'A', 'C']);
  });

  it('answers 404 for every id-taking endpoint on another user’s list (IDOR), and leaves it unchanged', async () => {
    const mine = watchlistResponseSchema.parse(
      (await create(alice, { name: 'Private', symbols: [{ sym: 'SPY' }] })).json(),
    ).data;
    const attempts = [
      { method: 'GET' as const, payload: undefined },
      { method: 'PUT' as const, payload: { name: 'Hacked', symbols: [] } },
      { method: 'DELETE' as const, payload: undefined },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({
        method: a.method,
        url: `/api/v1/watchlists/${mine.id}`,
        headers: bob.headers,
        ...(a.payload ? { payload: a.payload } : {}),
      });
      expect(res.statusCode, a.method).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // Same answer as a list that does not exist at all.
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/watchlists/999999', headers: bob.headers });
    expect(missing.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: `/api/v1/watchlists/${mine.id}`, headers: alice.headers });
    expect(still.json()).toEqual({ data: mine });
    const bobs = await t.app.inject({ method: 'GET', url: '/api/v1/watchlists', headers: bob.headers });
    expect(bobs.json()).toEqual({ data: [] });
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/watchlists'],
      ['POST', '/api/v1/watchlists'],
      ['GET', '/api/v1/watchlists/1'],
      ['PUT', '/api/v1/watchlists/1'],
      ['DELETE', '/api/v1/watchlists/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('validates symbols, names, ids and limits with 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: '' }, 'body.name'],
      [{ name: 'x'.repeat(WATCHLIST_LIMITS.nameMax + 1) }, 'body.name'],
      [{ name: 'ok', symbols: [{ sym: 'BAD SYMBOL' }] }, 'body.symbols.0.sym'],
      [{ name: 'ok', symbols: [{ sym: 'AAA', extra: 1 }] }, 'body.symbols.0'],
      [{ name: 'ok', owner: 2 }, 'body'],
      [{ name: 'ok', symbols: 'AAPL' }, 'body.symbols'],
      [{ name: 'tab\there' }, 'body.name'],
      [{ name: 'ok', symbols: [{ sym: 'A', description: 'x\u0000' }] }, 'body.symbols.0.description'],
    ];
    for (const [payload, path] of cases) {
      const res = await create(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const tooMany = Array.from({ length: WATCHLIST_LIMITS.symbols + 1 }, (_, i) => ({ sym: `S${i}` }));
    expect((await create(alice, { name: 'huge', symbols: tooMany })).statusCode).toBe(400);
    const maxed = Array.from({ length: WATCHLIST_LIMITS.symbols }, (_, i) => ({ sym: `S${i}` }));
    expect((await create(alice, { name: 'full', symbols: maxed })).statusCode).toBe(201);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/watchlists/${id}`, headers: alice.headers });
      expect(res.statusCode, id).toBe(400);
    }
  });

  it(`keeps at most ${WATCHLIST_LIMITS.lists} lists per user`, async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < WATCHLIST_LIMITS.lists; i++) expect((await create(u, { name: `L${i}` })).statusCode).toBe(201);
    const over = await create(u, { name: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toContain(`at most ${WATCHLIST_LIMITS.lists}`);
  });

  // Issue #21, defect 2: "MSFTX" and "COCA COLA" were saved and broke the dashboard.
  it('refuses a symbol the instruments do not hold with a 400 naming it, and a malformed one as typed', async () => {
    const unknown = await create(alice, { name: 'Typos', symbols: [{ sym: 'AAPL' }, { sym: 'msftx' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual({
      code: 'validation_failed',
      message: 'MSFTX is not a known symbol: pick one from the search.',
      details: { issues: [{ path: 'body.symbols.1.sym', message: 'unknown symbol MSFTX' }] },
    });
    const two = await create(alice, { name: 'Typos', symbols: [{ sym: 'MSFTX' }, { sym: 'KOO' }, { sym: 'MSFTX' }] });
    expect(two.json().error.message).toBe('MSFTX and KOO are not known symbols: pick one from the search.');

    const spaced = await create(alice, { name: 'Typos', symbols: [{ sym: 'KO' }, { sym: 'COCA COLA' }] });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().error.message).toBe('"COCA COLA" is not a symbol: pick one from the search.');
    expect(spaced.json().error.details.issues.map((i: { path: string }) => i.path)).toEqual(['body.symbols.1.sym']);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/watchlists', headers: alice.headers });
    expect(all.json().data.map((w: { name: string }) => w.name)).not.toContain('Typos');
  });

  it("always takes the specification's default list, even where the data has no AAPL (every new browser sends it)", async () => {
    await withTestApp(dialect, {}, async (other) => {
      await addMarketData(other, [{ symbol: 'KO' }]);
      const u = await signedInUser(other);
      const send = (symbols: Array<{ sym: string; description?: string }>) =>
        other.app.inject({
          method: 'POST',
          url: '/api/v1/watchlists',
          headers: u.headers,
          payload: { name: `L${symbols.length}`, symbols },
        });
      expect((await send([{ sym: 'AAPL', description: 'APPLE INC' }])).statusCode).toBe(201);
      expect((await send([{ sym: 'KO' }, { sym: 'MSFT' }])).statusCode).toBe(400);
    });
  });

  it('takes well-formed symbols on a server without any market data yet (nothing to check against)', async () => {
    await withTestApp(dialect, {}, async (empty) => {
      const u = await signedInUser(empty);
      const res = await empty.app.inject({
        method: 'POST',
        url: '/api/v1/watchlists',
        headers: u.headers,
        payload: { name: 'Default', symbols: [{ sym: 'AAPL', description: 'APPLE INC' }] },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  it('keeps a symbol the list already holds when its instrument is gone, and refuses only new unknown ones', async () => {
    const u = await signedInUser(t);
    await addMarketData(t, [{ symbol: 'GONE' }]);
    const list = watchlistResponseSchema.parse(
      (await create(u, { name: 'Old', symbols: [{ sym: 'GONE' }] })).json(),
    ).data;
    await t.database.db.deleteFrom('instruments').where('symbol', '=', 'GONE').execute();
    await t.services.market.reload();
    const put = (symbols: { sym: string }[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/watchlists/${list.id}`,
        headers: u.headers,
        payload: { name: 'Old', symbols },
      });
    const kept = await put([{ sym: 'GONE' }, { sym: 'KO' }]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.symbols.map((s: { sym: string }) => s.sym)).toEqual(['GONE', 'KO']);
    const added = await put([{ sym: 'GONE' }, { sym: 'KO' }, { sym: 'MSFTX' }]);
    expect(added.statusCode).toBe(400);
    expect(added.json().error.details.issues).toEqual([
      { path: 'body.symbols.2.sym', message: 'unknown symbol MSFTX' },
    ]);
  });
});
