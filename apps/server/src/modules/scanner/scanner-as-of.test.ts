import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { startLiveServer, type LiveServer } from '../../testing/live-server.js';
import { addMarketData, type TestBars } from '../../testing/market-fixtures.js';
import { testDialects } from '../../testing/test-databases.js';

/** Weekdays from Monday 2024-03-04 to Friday 2024-03-29 (20 sessions). */
const SESSIONS: string[] = [];
for (let t = Date.UTC(2024, 2, 4); SESSIONS.length < 20; t += 86_400_000) {
  const day = new Date(t).getUTCDay();
  if (day !== 0 && day !== 6) SESSIONS.push(new Date(t).toISOString().slice(0, 10));
}
const on = (dates: string[], close: (i: number) => number) => dates.map((d, i) => [d, close(i)] as const);

// UP rises 1 a day from 10 and DOWN falls from 100; DOWN jumps to 500 after Friday 2024-03-15
// (the 10th session), which a scan as of that week must never see. OLD stops on Tuesday
// 2024-03-12; NEW is listed on Monday 2024-03-25.
const BARS: TestBars = {
  UP: on(SESSIONS, (i) => 10 + i),
  DOWN: on(SESSIONS, (i) => (i < 10 ? 100 - i : 500)),
  OLD: on(SESSIONS.slice(0, 7), () => 40),
  NEW: on(SESSIONS.slice(15), () => 70),
};

describe.each(testDialects())('POST /api/v1/scanner with asOf, over HTTP, on %s', (dialect) => {
  let live: LiveServer;
  let subscriber: SignedIn;
  beforeAll(async () => {
    live = await startLiveServer(dialect);
    await addMarketData(
      live,
      Object.keys(BARS).map((symbol) => ({ symbol, sector: 'Tech' })),
      BARS,
    );
    subscriber = await signedInUser(live, { subscriber: true });
  });
  afterAll(async () => {
    await live?.close();
  });

  const scan = async (body: object, path = '/api/v1/scanner') => {
    const res = await fetch(`${live.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...subscriber.headers, origin: live.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('runs at the session on or before the date, stale symbols counted, nothing later read', async () => {
    // Sunday 2024-03-17 → Friday 2024-03-15: UP 19, DOWN 91; OLD stale; NEW not listed yet.
    const res = await scan({ expression: 'close > 50', asOf: '2024-03-17', columns: ['w1'], spark: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      asOf: '2024-03-15',
      stale: 1,
      count: 1,
      results: [{ symbol: 'DOWN', name: 'DOWN Inc.', sector: 'Tech', close: 91, w1: 91 / 96 - 1 }],
      notices: [],
      // The sparkline ends at the scan's date too.
      sparks: { DOWN: [100, 99, 98, 97, 96, 95, 94, 93, 92, 91] },
    });
    // The same scan without a date sees DOWN at 500 and NEW.
    const now = await scan({ expression: 'close > 50' });
    expect(now.body).toMatchObject({ asOf: '2024-03-29', stale: 1, count: 2 });
    // The check of an expression as it is typed counts as of the same date.
    const check = (asOf?: string) =>
      scan({ expression: 'close > 50', ...(asOf ? { asOf } : {}) }, '/api/v1/scanner/check');
    expect((await check('2024-03-17')).body).toEqual({ problem: null, asOf: '2024-03-15', count: 1, notices: [] });
    expect((await check()).body).toEqual({ problem: null, asOf: '2024-03-29', count: 2, notices: [] });
    expect((await check('2024-03-32')).status).toBe(400);
  });

  it('asOf null and no rows before every bar; the latest answer after the last bar', async () => {
    expect((await scan({ expression: 'close > 0', asOf: '2024-03-03' })).body).toMatchObject({
      asOf: null,
      stale: 0,
      count: 0,
      results: [],
    });
    const after = await scan({ expression: 'close > 0', asOf: '2030-01-01' });
    expect(after.body).toEqual((await scan({ expression: 'close > 0' })).body);
  });

  it('a date that is not a calendar date YYYY-MM-DD is a 400 naming body.asOf', async () => {
    for (const asOf of ['2024-02-30', '2024-3-15', '15/03/2024', '', 20240315]) {
      const res = await scan({ expression: 'close > 0', asOf });
      expect(res.status, String(asOf)).toBe(400);
      const error = res.body.error as { code: string; details: { issues: { path: string; message: string }[] } };
      expect(error.code).toBe('validation_failed');
      expect(error.details.issues).toEqual([{ path: 'body.asOf', message: expect.any(String) }]);
    }
    const res = await scan({ expression: 'close > 0', asOf: '2024-02-30' });
    expect((res.body.error as { details: { issues: unknown[] } }).details.issues).toEqual([
      { path: 'body.asOf', message: 'expected a date YYYY-MM-DD' },
    ]);
  });
});
