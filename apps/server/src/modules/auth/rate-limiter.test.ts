import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { TEST_ORIGIN } from '../../testing/auth-helpers.js';
import { createUser } from '../../testing/factories.js';
import { REDIS_TEST_URL as REDIS_URL, redisReachable } from '../../testing/test-redis.js';
import { MemoryRateLimiter, RedisRateLimiter, type AttemptRule, type RateLimiter } from './rate-limiter.js';
import { AUTH_LIMITS } from './rate-limits.js';

const withRedis = await redisReachable();
const backends: Array<[string, () => RateLimiter]> = [['memory', () => new MemoryRateLimiter()]];
if (withRedis)
  backends.push(['redis', () => new RedisRateLimiter(REDIS_URL, `solstice:test:${randomBytes(4).toString('hex')}:`)]);

describe.each(backends)('the %s rate limiter', (_name, make) => {
  const limiter = make();
  afterAll(async () => {
    await limiter.close();
  });

  it('allows up to the limit in a window, then refuses with the time left', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k1', 3, 60_000));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('peeks without counting', async () => {
    expect(await limiter.peek('k5')).toEqual({ count: 0, retryAfterSeconds: 0 });
    await limiter.hit('k5', 2, 60_000);
    const p = await limiter.peek('k5');
    expect(p.count).toBe(1);
    expect(p.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((await limiter.peek('k5')).count).toBe(1);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    await limiter.hit('k2', 1, 60_000);
    expect((await limiter.hit('k2', 1, 60_000)).allowed).toBe(false);
    expect((await limiter.hit('k3', 1, 60_000)).allowed).toBe(true);
    await limiter.reset('k2');
    expect((await limiter.hit('k2', 1, 60_000)).allowed).toBe(true);
  });

  const window = (key: string, limit: number): AttemptRule => ({ kind: 'window', key, limit, windowMs: 60_000 });
  const backoff = (key: string, lockAfter: number, firstLockMs = 200): AttemptRule => ({
    kind: 'backoff',
    key,
    lockAfter,
    firstLockMs,
    maxLockMs: 60_000,
    forgetMs: 60_000,
  });

  it('reserves attempts up to a window’s limit, then refuses with the time left', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.reserve([window('r1', 3)]));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    const last = results[3]!;
    if (last.allowed) throw new Error('unreachable');
    expect(last.retryAfterMs).toBeGreaterThan(58_000);
    expect(last.retryAfterSeconds).toBe(60);
    expect((await limiter.peek('r1')).count).toBe(3);
  });

  it('counts nothing anywhere when one rule refuses', async () => {
    expect((await limiter.reserve([window('r2a', 1), window('r2b', 5)])).allowed).toBe(true);
    expect((await limiter.reserve([window('r2a', 1), window('r2b', 5)])).allowed).toBe(false);
    expect((await limiter.reserve([backoff('r2c', 1, 60_000), window('r2b', 5)])).allowed).toBe(true);
    expect((await limiter.reserve([window('r2b', 5), backoff('r2c', 1, 60_000)])).allowed).toBe(false);
    expect((await limiter.peek('r2b')).count).toBe(2);
  });

  it('locks a backoff key from its lockAfter-th attempt, twice as long each time', async () => {
    const rule = backoff('r3', 2, 300);
    expect((await limiter.reserve([rule])).allowed).toBe(true);
    expect((await limiter.reserve([rule])).allowed).toBe(true);
    const first = await limiter.reserve([rule]);
    expect(first.allowed).toBe(false);
    if (!first.allowed) expect(first.retryAfterMs).toBeGreaterThan(150);
    if (!first.allowed) expect(first.retryAfterMs).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 350));
    expect((await limiter.reserve([rule])).allowed).toBe(true);
    const second = await limiter.reserve([rule]);
    expect(second.allowed).toBe(false);
    if (!second.allowed) expect(second.retryAfterMs).toBeGreaterThan(450);
    if (!second.allowed) expect(second.retryAfterMs).toBeLessThanOrEqual(600);
    await limiter.reset('r3');
    expect((await limiter.reserve([rule])).allowed).toBe(true);
  });

  it('lets only the limit of 50 simultaneous reservations through', async () => {
    const burst = (rule: AttemptRule) => Promise.all(Array.from({ length: 50 }, () => limiter.reserve([rule])));
    expect((await burst(window('r4a', 30))).filter((r) => r.allowed)).toHaveLength(30);
    expect((await burst(backoff('r4b', 5, 60_000))).filter((r) => r.allowed)).toHaveLength(5);
  });

  it('gives reservations back, never below zero and without making up a key', async () => {
    await limiter.reserve([window('r5', 2)]);
    await limiter.reserve([window('r5', 2)]);
    expect((await limiter.reserve([window('r5', 2)])).allowed).toBe(false);
    await limiter.release(['r5']);
    expect((await limiter.peek('r5')).count).toBe(1);
    await limiter.release(['r5', 'r5-never-seen']);
    await limiter.release(['r5']);
    expect((await limiter.peek('r5')).count).toBe(0);
    expect(await limiter.peek('r5-never-seen')).toEqual({ count: 0, retryAfterSeconds: 0 });
    expect((await limiter.reserve([window('r5-never-seen', 1)])).allowed).toBe(true);
    expect((await limiter.reserve([window('r5-never-seen', 1)])).allowed).toBe(false);
  });

  it('opens a new window when the old one ends', async () => {
    await limiter.hit('k4', 1, 50);
    expect((await limiter.hit('k4', 1, 50)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect((await limiter.hit('k4', 1, 50)).allowed).toBe(true);
  });
});

describe('the client address of per-IP limits', () => {
  it('is the address the trusted proxy saw, not what the client wrote in X-Forwarded-For', async () => {
    await withTestApp('sqlite', { TRUST_PROXY: 'true' }, async (t) => {
      const send = (forged: string, n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
          payload: { login: `nobody_${n}`, password: 'wrong password' },
        });
      for (let i = 0; i < AUTH_LIMITS.loginFailuresPerIp.limit; i++) {
        expect((await send(`198.51.100.${i}`, i)).statusCode).toBe(401);
      }
      expect((await send('198.51.100.250', 999)).statusCode).toBe(429);
    });
  });
});

describe('the memory limiter’s clock', () => {
  it('doubles backoff locks up to the cap and forgets the count after a quiet spell', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    const rule: AttemptRule = {
      kind: 'backoff',
      key: 'b',
      lockAfter: 3,
      firstLockMs: 1000,
      maxLockMs: 5000,
      forgetMs: 60_000,
    };
    // Each refusal's wait is waited out exactly, then the next attempt goes through.
    const outcomes: Array<number | 'ok'> = [];
    for (let i = 0; i < 13; i++) {
      const r = await limiter.reserve([rule]);
      outcomes.push(r.allowed ? 'ok' : r.retryAfterMs);
      if (!r.allowed) now += r.retryAfterMs;
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 1000, 'ok', 2000, 'ok', 4000, 'ok', 5000, 'ok', 5000, 'ok']);
    // Remembered until forgetMs after the last lock ends (5 s + 60 s), then forgotten.
    now += 64_999;
    expect((await limiter.reserve([rule])).allowed).toBe(true);
    expect((await limiter.peek('b')).count).toBe(9);
    now += 65_000;
    expect((await limiter.reserve([rule])).allowed).toBe(true);
    expect((await limiter.peek('b')).count).toBe(1);
    await limiter.close();
  });

  it('counts Retry-After from the window start', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    await limiter.hit('x', 1, 10_000);
    now += 2_500;
    const r = await limiter.hit('x', 1, 10_000);
    expect([r.allowed, r.retryAfterSeconds]).toEqual([false, 8]);
    await limiter.close();
  });
});

const appBackends: Array<[string, Record<string, string>]> = [['memory', {}]];
if (withRedis) appBackends.push(['redis', { REDIS_URL }]);

describe.each(testDialects())('auth rate limits on %s', (dialect) => {
  describe.each(appBackends)('with the %s backend', (_name, settings) => {
    it('does not count successful logins against the IP', async () => {
      await withTestApp(dialect, settings, async (t) => {
        const user = await createUser(t.database.db);
        const ip = `10.7.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
        for (let i = 0; i <= AUTH_LIMITS.loginFailuresPerIp.limit; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: ip,
            payload: { login: user.username, password: user.password },
          });
          expect(res.statusCode, `login #${i}`).toBe(200);
        }
      });
    });

    it('limits failed logins, signups and reset requests per IP', async () => {
      await withTestApp(dialect, settings, async (t) => {
        const ip = `10.8.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
        // Redis keeps counters across runs: every name is new.
        const run = randomBytes(4).toString('hex');
        const send = (url: string, payload: object) =>
          t.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, remoteAddress: ip, payload });
        const cases: Array<[string, number, (i: number) => object]> = [
          [
            '/api/auth/login',
            AUTH_LIMITS.loginFailuresPerIp.limit,
            (i) => ({ login: `someone${i}_${run}`, password: 'whatever pw' }),
          ],
          [
            '/api/auth/signup',
            AUTH_LIMITS.signupPerIp.limit,
            (i) => ({
              email: `s${i}-${run}@example.com`,
              username: `ip_user_${i}_${run}`,
              password: 'a long password',
            }),
          ],
          [
            '/api/auth/password-reset/request',
            AUTH_LIMITS.resetPerIp.limit,
            (i) => ({ email: `r${i}-${run}@example.com` }),
          ],
        ];
        for (const [url, limit, body] of cases) {
          for (let i = 0; i < limit; i++)
            expect((await send(url, body(i))).statusCode, `${url} #${i}`).toBeLessThan(429);
          const res = await send(url, body(limit));
          expect(res.statusCode, url).toBe(429);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      });
    });
  });
});

describe('the Redis limiter without Redis', () => {
  it('falls back to counting in the process', async () => {
    const errors: unknown[] = [];
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', 'solstice:none:', (e) => errors.push(e));
    try {
      expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
      expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(false);
      const rule: AttemptRule = { kind: 'window', key: 'r', limit: 1, windowMs: 60_000 };
      expect((await limiter.reserve([rule])).allowed).toBe(true);
      expect((await limiter.reserve([rule])).allowed).toBe(false);
      await limiter.release(['r']);
      expect((await limiter.reserve([rule])).allowed).toBe(true);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
  });
});
