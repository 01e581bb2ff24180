import { describe, expect, it } from 'vitest';
import { overfitting } from '@solstice/analytics';
import { errorResponseSchema, overfittingResponseSchema } from '@solstice/contracts';
import { expectValidationIssue } from '../../testing/bad-request.js';
import { testDialects } from '../../testing/test-databases.js';
import type { SignedIn } from '../../testing/auth-helpers.js';
import { useWaveApp } from '../../testing/wave-app.js';

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const URL = '/api/v1/seasonality/overfitting';

describe.each(testDialects())('overfitting API on %s', (dialect) => {
  const { t, users } = useWaveApp(dialect);

  const get = (query: string, who: SignedIn = users.subscriber) =>
    t.app.inject({ method: 'GET', url: `${URL}?${query}`, headers: who.headers });

  it('answers as the analytics compute it, in the analytics pool', async () => {
    const before = t.services.analytics.stats().completed;
    const res = await get('symbol=wave&minDays=5&maxDays=9&bootstrap=200&seed=18446744073709551615&blocks=4');
    expect(res.statusCode).toBe(200);
    const body = overfittingResponseSchema.parse(res.json());
    const series = t.services.market.series('WAVE')!;
    expect(body).toEqual(
      json(overfitting(series, { minDays: 5, maxDays: 9, bootstrap: 200, seed: (1n << 64n) - 1n, blocks: 4 })),
    );
    expect(body.realityCheck!.seed).toBe('18446744073709551615');
    expect(t.services.analytics.stats().completed).toBe(before + 1);
    const given = await get('symbol=WAVE&minDays=5&maxDays=9&window=12-28:01-05:short&direction=short&cycle=election');
    expect(overfittingResponseSchema.parse(given.json())).toEqual(
      json(
        overfitting(series, {
          minDays: 5,
          maxDays: 9,
          direction: 'short',
          cycle: ['election'],
          window: { start: '12-28', end: '01-05', direction: 'short' },
        }),
      ),
    );
  });

  it('is for subscribers, names a bad field, and answers 404 for an unknown symbol', async () => {
    expect((await get('symbol=WAVE&minDays=5&maxDays=9', users.member)).statusCode).toBe(403);
    for (const [query, path, message] of [
      ['symbol=WAVE&minDays=5&maxDays=9&blocks=5', 'query.blocks', 'expected an even number of blocks'],
      ['symbol=WAVE&minDays=5&maxDays=9&blocks=1', 'query.blocks', 'expected an even number of blocks of at least 2'],
      ['symbol=WAVE&minDays=5&maxDays=9&window=03-01', 'query.window', 'expected a window as MM-DD:MM-DD:long'],
      ['symbol=WAVE&minDays=5&maxDays=9&seed=-3', 'query.seed', 'expected a seed: a decimal unsigned 64-bit integer'],
      ['symbol=WAVE&minDays=5&maxDays=9&seed=18446744073709551616', 'query.seed', 'expected a seed'],
      ['symbol=WAVE&minDays=5&maxDays=9&bootstrap=10001', 'query.bootstrap', 'of at most 10000'],
      ['symbol=WAVE&minDays=5&maxDays=9&direction=up', 'query.direction', 'expected long, short or both'],
    ] as const) {
      const res = await get(query);
      errorResponseSchema.parse(res.json());
      expectValidationIssue(res, path, message, query);
    }
    expect((await get('symbol=NOPE&minDays=5&maxDays=9')).statusCode).toBe(404);
  });

  it('answers a request beyond the work caps with a 400 naming the input to narrow, before any work', async () => {
    const before = t.services.analytics.stats();
    // 10,000 resamples × 17 years × 365 · 364 windows: 22,587 million, beyond 1,500 million.
    const resamples = await get('symbol=WAVE&minDays=1&maxDays=364&bootstrap=10000');
    expect(resamples.statusCode).toBe(400);
    const a = errorResponseSchema.parse(resamples.json());
    expect(a.error.message).toMatch(/^This overfitting check would resample 22,587 million window-years/);
    expect((a.error.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['query.bootstrap']);
    // C(16, 8) = 12,870 sets × 2 · 365 windows × 18: 169 million is within; of 1 to 30 days, beyond.
    const splits = await get('symbol=WAVE&minDays=1&maxDays=30&blocks=16');
    expect(splits.statusCode).toBe(400);
    const b = errorResponseSchema.parse(splits.json());
    expect((b.error.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['query.blocks']);
    expect(t.services.analytics.stats()).toEqual(before);
  });
});
