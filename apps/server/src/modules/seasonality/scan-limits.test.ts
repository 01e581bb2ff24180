import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonalityScan } from '@solstice/analytics';
import { SEASONALITY_LIMITS, errorResponseSchema, seasonalScanResponseSchema } from '@solstice/contracts';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';
import { startLiveServer, type LiveServer } from '../../testing/live-server.js';
import { loadSeriesSqlite, syntheticSeries } from '../../testing/synthetic-series.js';
import { scanCost } from './scan-cost.js';

// 30 symbols × 37 start years (1980–2016): the widest scan counts 30 × 37 × 365 × 364 ≈ 147 M window-years.
const universe = Array.from({ length: 30 }, (_, i) => syntheticSeries(`H${i}`, 1980, 2016, 500 + i));
const widest = { startFrom: '01-01', startTo: '12-31', minDays: 1, maxDays: 364, direction: 'both' } as const;

describe('seasonality scans: cost, per-user limit, cancellation', () => {
  let t: LiveServer;
  let subscriber: SignedIn;
  beforeAll(async () => {
    t = await startLiveServer('sqlite');
    await loadSeriesSqlite(t, universe);
    subscriber = await signedInUser(t, { subscriber: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scan = (payload: object, who: SignedIn = subscriber) =>
    t.app.inject({ method: 'POST', url: '/api/v1/seasonality/scan', headers: who.headers, payload });
  const user = () => String(subscriber.user.id);
  const settled = async () => {
    while (t.services.analytics.running(user()) > 0) await new Promise((r) => setTimeout(r, 5));
  };

  it('answers a scan beyond the cost cap with a 400 naming the input to narrow, before any work', async () => {
    expect(scanCost(universe, { ...widest, minWinRate: 0, universe: 'all' }).windowYears).toBe(30 * 37 * 365 * 364);
    const before = t.services.analytics.stats();
    const res = await scan(widest);
    expect(res.statusCode).toBe(400);
    const body = errorResponseSchema.parse(res.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toContain('148 million window-years');
    expect(body.error.message).toContain(`${SEASONALITY_LIMITS.maxScanWindowYears / 1e6} million`);
    // Every range at its widest: the start days are named first.
    expect(body.error.details).toEqual({
      issues: [
        { path: 'body.startTo', message: 'narrow the start days (startFrom … startTo, 365 now) to at most 247' },
      ],
    });
    expect(t.services.analytics.stats()).toEqual(before);
  });

  it('names the input whose range is the widest share of what it could be, and its advice is accepted', async () => {
    const wide = { ...widest, startFrom: '01-01', startTo: '10-27' }; // 300 start days, 364 lengths
    const res = await scan(wide);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues).toEqual([
      { path: 'body.maxDays', message: 'narrow the holding lengths (minDays … maxDays, 364 now) to at most 300' },
    ]);
    const narrowed = { ...wide, maxDays: 300 };
    expect(scanCost(universe, { ...narrowed, minWinRate: 0, universe: 'all' }).windowYears).toBeLessThanOrEqual(
      SEASONALITY_LIMITS.maxScanWindowYears,
    );
    const ok = await scan(narrowed);
    expect(ok.statusCode).toBe(200);
    const series = universe.map((s) => t.services.market.series(s.symbol)!);
    expect(seasonalScanResponseSchema.parse(ok.json())).toEqual(
      JSON.parse(JSON.stringify(seasonalityScan(series, narrowed))),
    );
  });

  it('answers a 429 in the usual error shape while the user already has the most jobs running', async () => {
    const controllers = [new AbortController(), new AbortController()];
    const held = controllers.map((c) =>
      t.services.analytics
        .run(
          { kind: 'scan', symbols: universe.map((s) => s.symbol), options: widest },
          { user: user(), signal: c.signal },
        )
        .catch(() => null),
    );
    expect(t.services.analytics.running(user())).toBe(2);
    const res = await scan({ startFrom: '06-01', startTo: '06-02', minDays: 5, maxDays: 6, universe: ['H1'] });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    const body = errorResponseSchema.parse(res.json());
    expect(body.error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/already have 2 seasonality computations running/),
    });
    const best = await t.app.inject({
      method: 'GET',
      url: '/api/v1/seasonality/best-trades?symbol=H1&minDays=5&maxDays=10',
      headers: subscriber.headers,
    });
    expect(best.statusCode).toBe(429);
    // Another user is not affected.
    const other = await signedInUser(t, { subscriber: true });
    expect(
      (await scan({ startFrom: '06-01', startTo: '06-02', minDays: 5, maxDays: 6, universe: ['H1'] }, other))
        .statusCode,
    ).toBe(200);
    for (const c of controllers) c.abort();
    await Promise.all(held);
    await settled();
    expect(
      (await scan({ startFrom: '06-01', startTo: '06-02', minDays: 5, maxDays: 6, universe: ['H1'] })).statusCode,
    ).toBe(200);
  });

  it('stops the scan in its worker when the client disconnects', async () => {
    const before = t.services.analytics.stats();
    const body = JSON.stringify({ ...widest, maxDays: 240 }); // ≈ 97 M window-years: accepted, seconds of work
    const request = http.request({
      host: '127.0.0.1',
      port: t.port,
      method: 'POST',
      path: '/api/v1/seasonality/scan',
      headers: {
        cookie: subscriber.cookie,
        origin: t.baseUrl,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    let answered: number | null = null;
    request.on('response', (res) => (answered = res.statusCode ?? 0));
    request.on('error', () => {});
    request.end(body);
    while (t.services.analytics.running(user()) === 0 && answered === null) await new Promise((r) => setTimeout(r, 5));
    expect(answered).toBeNull();
    request.destroy();
    await settled();
    const after = t.services.analytics.stats();
    expect(after.cancelled).toBe(before.cancelled + 1);
    expect(after.completed).toBe(before.completed);
  });
});
