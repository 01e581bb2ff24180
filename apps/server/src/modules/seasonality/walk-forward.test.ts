import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkForward } from '@solstice/analytics';
import { errorResponseSchema, walkForwardResponseSchema } from '@solstice/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { signedInUser, type SignedIn } from '../../testing/auth-helpers.js';

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Weekday bars 2004-01-01 … 2020-06-30 of a wavy price. */
function bars(symbol: string) {
  const rows = [];
  for (let d = Date.UTC(2004, 0, 1) / 86_400_000; d <= Date.UTC(2020, 5, 30) / 86_400_000; d++) {
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const close = 100 + 10 * Math.sin(d / 9) + (d % 7);
    const date = new Date(d * 86_400_000).toISOString().slice(0, 10);
    rows.push({ symbol, date, open: close, high: close, low: close, close, volume: 1000 });
  }
  return rows;
}

describe.each(testDialects())('walk-forward API on %s', (dialect) => {
  let t: TestApp;
  let subscriber: SignedIn;
  let member: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.db;
    await db
      .insertInto('instruments')
      .values({
        symbol: 'WAVE',
        name: 'Wave Inc.',
        type: 'stock',
        exchange: null,
        sector: null,
        industry: null,
        currency: 'USD',
        market_cap: null,
        synthetic: 1,
        updated_at: 0,
      })
      .execute();
    const rows = bars('WAVE');
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('daily_bars')
        .values(rows.slice(i, i + 200))
        .execute();
    await t.services.market.reload();
    subscriber = await signedInUser(t, { subscriber: true });
    member = await signedInUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, who: SignedIn = subscriber) => t.app.inject({ method: 'GET', url, headers: who.headers });

  it('answers walk-forward as the analytics compute it (trainYears default 10)', async () => {
    const res = await get('/api/v1/seasonality/walk-forward?symbol=wave&minDays=5&maxDays=12');
    expect(res.statusCode).toBe(200);
    const body = walkForwardResponseSchema.parse(res.json());
    const expected = walkForward(t.services.market.series('WAVE')!, { minDays: 5, maxDays: 12 });
    expect(body).toEqual(json(expected));
    expect(body.trainYears).toBe(10);
    // Training starts in 2004: 10 years of a window are first reached for 2014 (or 2015).
    expect(body.long.trials.length).toBeGreaterThan(0);
    expect(body.long.trials[0]!.year).toBeGreaterThanOrEqual(2014);
    expect(body.inSample.long?.qValue).toBeGreaterThanOrEqual(body.inSample.long!.pValue!);
    const short = await get('/api/v1/seasonality/walk-forward?symbol=WAVE&minDays=5&maxDays=12&trainYears=3&from=2006');
    expect(walkForwardResponseSchema.parse(short.json())).toEqual(
      json(walkForward(t.services.market.series('WAVE')!, { minDays: 5, maxDays: 12, trainYears: 3, from: 2006 })),
    );
  });

  it('is for subscribers, names a bad parameter, and answers 404 for an unknown symbol', async () => {
    expect((await get('/api/v1/seasonality/walk-forward?symbol=WAVE&minDays=5&maxDays=12', member)).statusCode).toBe(
      403,
    );
    for (const [query, path] of [
      ['symbol=WAVE&minDays=12&maxDays=5', 'query.maxDays'],
      ['symbol=WAVE&minDays=5&maxDays=12&trainYears=0', 'query.trainYears'],
      ['symbol=WAVE&minDays=5&maxDays=12&top=3', 'query'],
    ] as const) {
      const res = await get(`/api/v1/seasonality/walk-forward?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect((body.error.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([path]);
    }
    expect((await get('/api/v1/seasonality/walk-forward?symbol=NOPE&minDays=5&maxDays=12')).statusCode).toBe(404);
  });
});
