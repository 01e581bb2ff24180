import { describe, expect, it } from 'vitest';
import { walkForward } from '@solstice/analytics';
import { errorResponseSchema, walkForwardResponseSchema } from '@solstice/contracts';
import { testDialects } from '../../testing/test-databases.js';
import type { SignedIn } from '../../testing/auth-helpers.js';
import { useWaveApp } from '../../testing/wave-app.js';

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe.each(testDialects())('walk-forward API on %s', (dialect) => {
  const { t, users } = useWaveApp(dialect);

  const get = (url: string, who: SignedIn = users.subscriber) =>
    t.app.inject({ method: 'GET', url, headers: who.headers });

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
    expect(
      (await get('/api/v1/seasonality/walk-forward?symbol=WAVE&minDays=5&maxDays=12', users.member)).statusCode,
    ).toBe(403);
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
