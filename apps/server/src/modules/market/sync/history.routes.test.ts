import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../testing/auth-helpers.js';
import { startLiveServer, type LiveServer } from '../../../testing/live-server.js';
import { FakeMarket, startFakeYahoo, type FakeYahoo } from '../../../testing/fake-providers/index.js';
import { FAST, testDeps } from '../../../testing/fake-providers/test-deps.js';
import { storeInstrument } from '../../../testing/market-fixtures.js';
import { testDialects } from '../../../testing/test-databases.js';
import { readBarRows } from '../bars/stored-series.js';
import { createYahooProvider } from '../providers/yahoo.js';
import { syncMarketData } from './sync.js';

/** Monday 2026-11-23, 18:30 New York. */
const EVENING = Date.UTC(2026, 10, 23, 23, 30);

describe.each(testDialects())('the data page’s history mismatches over HTTP on %s', (dialect) => {
  let live: LiveServer;
  let yahoo: FakeYahoo;
  const old = new FakeMarket('2026-11-18').add('OLDWTW', { from: '2026-01-02', price: 300 }).adjusted('OLDWTW');

  beforeEach(async () => {
    yahoo = await startFakeYahoo(new FakeMarket('2026-11-23').add('WTW', { from: '2026-01-02', price: 300 }));
    live = await startLiveServer(dialect, { DATA_PROVIDERS: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl });
    const { database } = live.services;
    await storeInstrument(database.db, 'WTW', old);
    const provider = createYahooProvider({ baseUrl: yahoo.baseUrl, policy: FAST, deps: testDeps().deps });
    const report = await syncMarketData(database, { providers: [provider], now: () => EVENING });
    expect(report.symbols[0]!.historyMismatch?.date).toBe(old[1]!.date);
  });
  afterEach(async () => {
    await live.app.close();
    await yahoo.close();
  });

  const call = (method: 'GET' | 'POST', path: string, headers: Record<string, string>) =>
    fetch(`${live.baseUrl}${path}`, { method, headers: { ...headers, origin: live.baseUrl } });
  const storedCloses = async () => (await readBarRows(live.services.database.db, 'WTW')).map((b) => b.close);

  it('a member is refused both the list and the replacement; the stored history stays', async () => {
    const member = await signedInUser(live, { subscriber: true });
    const before = await storedCloses();
    expect((await call('GET', '/api/v1/admin/data', member.headers)).status).toBe(403);
    const refused = await call('POST', '/api/v1/admin/instruments/WTW/replace-history', member.headers);
    expect(refused.status).toBe(403);
    expect((await call('POST', '/api/v1/admin/instruments/WTW/replace-history', {})).status).toBe(401);
    expect(await storedCloses()).toEqual(before);
    expect(yahoo.requests).toHaveLength(2); // the sync's (recent bars, whole history), none for a refused request
  });

  it('an admin sees the mismatch and replaces the history', async () => {
    const admin = await signedInUser(live, { role: 'admin' });
    const listed = await call('GET', '/api/v1/admin/data', admin.headers);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { historyMismatches: unknown[] }).historyMismatches).toEqual([
      {
        symbol: 'WTW',
        provider: 'yahoo',
        date: old[1]!.date,
        storedClose: expect.any(Number),
        providerClose: expect.any(Number),
        reason: expect.stringMatching(/without a reported event$/),
        detectedAt: EVENING,
      },
    ]);
    const replaced = await call('POST', '/api/v1/admin/instruments/WTW/replace-history', admin.headers);
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({
      symbol: 'WTW',
      provider: 'yahoo',
      first: '2026-01-02',
      removed: old.length,
    });
    expect(await storedCloses()).not.toEqual(old.map((b) => b.close));
    const after = await call('GET', '/api/v1/admin/data', admin.headers);
    expect(((await after.json()) as { historyMismatches: unknown[] }).historyMismatches).toEqual([]);
    expect((await call('POST', '/api/v1/admin/instruments/NOPE/replace-history', admin.headers)).status).toBe(404);
  });
});
