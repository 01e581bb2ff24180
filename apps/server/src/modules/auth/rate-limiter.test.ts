import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-databases.js';
import { TEST_ORIGIN } from '../../testing/auth-helpers.js';
import { createUser } from '../../testing/factories.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.js';
import { AUTH_LIMITS } from './rate-limits.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Redis must be there under CI; elsewhere its tests are left out with a loud warning. */
async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch (error) {
    if (process.env.CI === 'true')
      throw new Error(`Redis is required under CI but ${REDIS_URL} is unreachable: ${String(error)}`);
    console.warn(`\n!!! Redis at ${REDIS_URL} is unreachable: the Redis rate-limit tests are NOT run.\n`);
    return false;
  } finally {
    client.disconnect();
  }
}

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

  it('opens a new window when the old one ends', async () => {
    await limiter.hit('k4', 1, 50);
    expect((await limiter.hit('k4', 1, 50)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect((await limiter.hit('k4', 1, 50)).allowed).toBe(true);
  });
});

describe('the client address of per-IP limits', () => {
  it('is the address the trusted proxy saw, not what the client wrote in X-Forwarded-For', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: 'true' });
    try {
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
    } finally {
      await t.close();
    }
  });
});

describe('the memory limiter’s clock', () => {
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
    it('locks an account after repeated failed logins with 429 and Retry-After, from any IP', async () => {
      const t = await createTestApp(dialect, settings);
      try {
        const user = await createUser(t.database.db);
        const net = randomBytes(2);
        const attemptAs = (login: string, password: string, i: number) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            headers: { origin: TEST_ORIGIN },
            remoteAddress: `10.${net[0]}.${net[1]}.${i}`,
            payload: { login, password },
          });
        const attempt = (password: string, i: number) => attemptAs(user.username, password, i);
        const { limit } = AUTH_LIMITS.loginFailuresPerAccount;
        // The username and the e-mail address share one counter.
        for (let i = 0; i < limit; i++) {
          const res = await attemptAs(i % 2 === 0 ? user.username : user.email.toUpperCase(), 'wrong password', i);
          expect(res.statusCode).toBe(401);
        }
        const locked = await attempt(user.password, limit);
        expect(locked.statusCode).toBe(429);
        expect(locked.json().error.code).toBe('rate_limited');
        const retryAfter = Number(locked.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(AUTH_LIMITS.loginFailuresPerAccount.windowMs / 1000);
      } finally {
        await t.close();
      }
    });

    it('does not count successful logins against the IP', async () => {
      const t = await createTestApp(dialect, settings);
      try {
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
      } finally {
        await t.close();
      }
    });

    it('limits failed logins, signups and reset requests per IP', async () => {
      const t = await createTestApp(dialect, settings);
      try {
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
      } finally {
        await t.close();
      }
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
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await limiter.close();
    }
  });
});
