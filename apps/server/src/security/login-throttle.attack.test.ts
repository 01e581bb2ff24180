import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS, LOGIN_BACKOFF } from '../modules/auth/rate-limits.js';
import { createUser, type CreatedUser } from '../testing/factories.js';
import { startLiveServer, type LiveServer } from '../testing/live-server.js';
import { testDialects } from '../testing/test-databases.js';
import { REDIS_TEST_URL, redisReachable } from '../testing/test-redis.js';

/**
 * Password guessing over real HTTP. Each simulated client has its own address: the server
 * trusts the proxy (TRUST_PROXY=true), so the X-Forwarded-For entry is the client's IP.
 */

const backends: Array<[string, Record<string, string>]> = [['memory', {}]];
if (await redisReachable()) backends.push(['redis', { REDIS_URL: REDIS_TEST_URL }]);

const PER_CLIENT = LOGIN_BACKOFF.loginFailuresPerClient;
const PER_ACCOUNT = LOGIN_BACKOFF.loginFailuresPerAccount;
const PER_IP = AUTH_LIMITS.loginFailuresPerIp;

interface Answer {
  status: number;
  retryAfter: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe.each(testDialects())('login throttling over HTTP on %s', (dialect) => {
  describe.each(backends)('with the %s limiter', (_backend, backendSettings) => {
    let server: LiveServer;
    // Redis keeps counters across runs and test files: this run's addresses are its own.
    const net = randomBytes(4)
      .toString('hex')
      .replace(/^(.{4})/, '$1:');
    let hosts = 0;
    // Each client its own /64 (a whole /64 counts as one client).
    const freshIp = () => `fd00:${net}:${(++hosts).toString(16)}::1`;

    beforeAll(async () => {
      server = await startLiveServer(dialect, { TRUST_PROXY: 'true', ...backendSettings });
    });
    afterAll(async () => {
      await server.close();
    });

    async function login(ip: string, loginName: string, password: string): Promise<Answer> {
      const res = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': ip },
        body: JSON.stringify({ login: loginName, password }),
      });
      const body = (await res.json()) as { error?: { code: string } };
      if (res.status === 429) expect(body.error?.code).toBe('rate_limited');
      const retryAfter = res.headers.get('retry-after');
      return { status: res.status, retryAfter: retryAfter === null ? null : Number(retryAfter) };
    }

    const owner = (): Promise<CreatedUser> => createUser(server.database.db);

    it('lets the owner in from another address after 12 wrong passwords from the attacker’s', async () => {
      const user = await owner();
      const attacker = freshIp();
      const answers: Answer[] = [];
      for (let i = 0; i < 12; i++) answers.push(await login(attacker, user.username, `guess ${i}`));
      expect(answers.slice(0, PER_CLIENT.lockAfter).map((a) => a.status)).toEqual(
        Array(PER_CLIENT.lockAfter).fill(401),
      );
      expect(answers[PER_CLIENT.lockAfter]?.status).toBe(429);
      // The attacker's own address is locked, even with the right password…
      expect((await login(attacker, user.username, user.password)).status).toBe(429);
      // …the owner's is not.
      expect((await login(freshIp(), user.username, user.password)).status).toBe(200);
      expect((await login(freshIp(), user.email, user.password)).status).toBe(200);
    });

    it('locks one account from one address for 1 s, then 2 s, with Retry-After', async () => {
      const user = await owner();
      const ip = freshIp();
      for (let i = 0; i < PER_CLIENT.lockAfter; i++) expect((await login(ip, user.username, 'wrong')).status).toBe(401);
      expect(await login(ip, user.username, 'wrong')).toEqual({ status: 429, retryAfter: 1 });
      await sleep(1100);
      expect((await login(ip, user.username, 'wrong')).status).toBe(401);
      expect(await login(ip, user.username, 'wrong')).toEqual({ status: 429, retryAfter: 2 });
    });

    it('starts a client afresh after a successful login', async () => {
      const user = await owner();
      const ip = freshIp();
      const wrongs = async (n: number) => {
        for (let i = 0; i < n; i++) expect((await login(ip, user.username, 'wrong')).status).toBe(401);
      };
      await wrongs(PER_CLIENT.lockAfter - 1);
      expect((await login(ip, user.username, user.password)).status).toBe(200);
      await wrongs(PER_CLIENT.lockAfter);
      expect((await login(ip, user.username, 'wrong')).status).toBe(429);
    });

    it('evaluates at most the per-address limit of 50 simultaneous guesses at different accounts', async () => {
      const ip = freshIp();
      const run = randomBytes(4).toString('hex');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(ip, `nobody_${run}_${i}`, 'wrong password')),
      );
      expect(count(answers, 401)).toBe(PER_IP.limit);
      expect(count(answers, 429)).toBe(50 - PER_IP.limit);
      for (const a of answers.filter((x) => x.status === 429)) expect(a.retryAfter).toBeGreaterThan(0);
    });

    it('evaluates at most the per-client limit of 50 simultaneous guesses at one account', async () => {
      const user = await owner();
      const ip = freshIp();
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(ip, user.username, `guess ${i}`)));
      expect(count(answers, 401)).toBe(PER_CLIENT.lockAfter);
      expect(count(answers, 429)).toBe(50 - PER_CLIENT.lockAfter);
      expect((await login(freshIp(), user.username, user.password)).status).toBe(200);
    });

    it('slows a distributed attack on one account with short locks, not a long lockout', async () => {
      const user = await owner();
      const guesses = PER_ACCOUNT.lockAfter + 10;
      const answers = await Promise.all(
        Array.from({ length: guesses }, (_, i) => login(freshIp(), user.username, `guess ${i}`)),
      );
      expect(count(answers, 401)).toBe(PER_ACCOUNT.lockAfter);
      expect(count(answers, 429)).toBe(10);
      for (const a of answers.filter((x) => x.status === 429))
        expect(a.retryAfter).toBeLessThanOrEqual(PER_ACCOUNT.firstLockMs / 1000);
      // The owner, from anywhere, at most waits out the short lock (it may be over already).
      const first = await login(freshIp(), user.username, user.password);
      if (first.status === 429) {
        expect(first.retryAfter).toBeLessThanOrEqual(PER_ACCOUNT.firstLockMs / 1000);
        await sleep(first.retryAfter! * 1000 + 100);
        expect((await login(freshIp(), user.username, user.password)).status).toBe(200);
      } else {
        expect(first.status).toBe(200);
      }
    });
  });
});
