import type { Redis } from 'ioredis';

/** A limit a login attempt must pass (see rate-limits.ts for the numbers). */
export type AttemptRule =
  /** At most `limit` attempts per fixed window. */
  | { kind: 'window'; key: string; limit: number; windowMs: number }
  /**
   * Growing lockouts: the `lockAfter`-th attempt and every later one lock the key, for
   * `firstLockMs` then twice as long each time, at most `maxLockMs`. The count is
   * forgotten `forgetMs` after the last lock ends.
   */
  | { kind: 'backoff'; key: string; lockAfter: number; firstLockMs: number; maxLockMs: number; forgetMs: number };

export type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number; retryAfterSeconds: number };

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counters for rate limits: fixed windows (`hit`) and reserved attempts (`reserve`). The
 * memory backend serves one process; with REDIS_URL every process shares the Redis one.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** The current window's count without adding to it (0 when there is none). */
  peek(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  /**
   * Atomically: if every rule lets one more attempt through, counts it against all of them,
   * otherwise counts nothing. Reserving before the expensive work means simultaneous
   * requests cannot all pass a check that, one at a time, would stop them.
   */
  reserve(rules: readonly AttemptRule[]): Promise<Reservation>;
  /** Gives back one reserved attempt per key (never below zero; a forgotten key stays so). */
  release(keys: readonly string[]): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function lockMs(rule: Extract<AttemptRule, { kind: 'backoff' }>, count: number): number {
  if (count < rule.lockAfter) return 0;
  return Math.min(rule.firstLockMs * 2 ** Math.min(count - rule.lockAfter, 40), rule.maxLockMs);
}

function refused(waitMs: number): Reservation {
  return { allowed: false, retryAfterMs: waitMs, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number; lockedUntil: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs, lockedUntil: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return {
      allowed: w.count <= limit,
      count: w.count,
      retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
    };
  }

  async peek(key: string): Promise<{ count: number; retryAfterSeconds: number }> {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { count: 0, retryAfterSeconds: 0 };
    return { count: w.count, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  async reserve(rules: readonly AttemptRule[]): Promise<Reservation> {
    const now = this.now();
    const live = (key: string) => {
      const w = this.windows.get(key);
      return w && w.resetAt > now ? w : undefined;
    };
    // Check and count with no await in between: atomic within this process.
    let waitMs = 0;
    for (const rule of rules) {
      const w = live(rule.key);
      if (!w) continue;
      if (rule.kind === 'window' && w.count >= rule.limit) waitMs = Math.max(waitMs, w.resetAt - now);
      if (rule.kind === 'backoff' && w.lockedUntil > now) waitMs = Math.max(waitMs, w.lockedUntil - now);
    }
    if (waitMs > 0) return refused(waitMs);
    for (const rule of rules) {
      let w = live(rule.key);
      if (!w) {
        w = { count: 0, resetAt: now + (rule.kind === 'window' ? rule.windowMs : 0), lockedUntil: 0 };
        this.windows.set(rule.key, w);
      }
      w.count += 1;
      if (rule.kind === 'backoff') {
        const lock = lockMs(rule, w.count);
        if (lock > 0) w.lockedUntil = now + lock;
        w.resetAt = now + lock + rule.forgetMs;
      }
    }
    return { allowed: true };
  }

  async release(keys: readonly string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now && w.count > 0) w.count -= 1;
    }
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

// INCR and set the expiry on the first hit, atomically; returns [count, pttl].
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {c, ttl}
`;

/**
 * KEYS: per rule its counter, then its lock. ARGV: per rule kind ("w" or "b"), limit or
 * lockAfter, windowMs or forgetMs, firstLockMs, maxLockMs. Returns 0 when the attempt is
 * counted against every rule, else the milliseconds to wait (nothing counted).
 */
const RESERVE_SCRIPT = `
local n = #KEYS / 2
local wait = 0
for i = 0, n - 1 do
  local counter, lock, a = KEYS[2 * i + 1], KEYS[2 * i + 2], 5 * i
  if ARGV[a + 1] == 'w' then
    if tonumber(redis.call('GET', counter) or '0') >= tonumber(ARGV[a + 2]) then
      local ttl = redis.call('PTTL', counter)
      if ttl < 0 then
        ttl = tonumber(ARGV[a + 3])
        redis.call('PEXPIRE', counter, ttl)
      end
      wait = math.max(wait, ttl)
    end
  else
    wait = math.max(wait, redis.call('PTTL', lock))
  end
end
if wait > 0 then return wait end
for i = 0, n - 1 do
  local counter, lock, a = KEYS[2 * i + 1], KEYS[2 * i + 2], 5 * i
  local c = redis.call('INCR', counter)
  if ARGV[a + 1] == 'w' then
    if c == 1 or redis.call('PTTL', counter) < 0 then redis.call('PEXPIRE', counter, ARGV[a + 3]) end
  else
    local after, locked = tonumber(ARGV[a + 2]), 0
    if c >= after then
      locked = math.floor(math.min(tonumber(ARGV[a + 4]) * 2 ^ math.min(c - after, 40), tonumber(ARGV[a + 5])))
      redis.call('SET', lock, '1', 'PX', locked)
    end
    redis.call('PEXPIRE', counter, locked + tonumber(ARGV[a + 3]))
  end
end
return 0
`;

// DECR only a live, positive counter: on a missing key DECR would create -1 without expiry.
const RELEASE_SCRIPT = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;

const LOCK_SUFFIX = '#lock';

export class RedisRateLimiter implements RateLimiter {
  /** ioredis is loaded with the limiter, not with the server's modules: a server without Redis never loads it. */
  private readonly client: Promise<Redis>;
  private readonly fallback = new MemoryRateLimiter();

  constructor(
    url: string,
    private readonly prefix = 'solstice:rl:',
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.client = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: true });
      // Connection errors surface on the commands; without a listener ioredis would print them.
      redis.on('error', () => {});
      return redis;
    });
    // Until first used: a failed load is reported by the first command (which falls back), not as an unhandled rejection.
    this.client.catch(() => {});
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    try {
      const [count, ttl] = (await (await this.client).eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
        number,
        number,
      ];
      return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    } catch (error) {
      // Redis down: still limit, per process, rather than fail every login or let everything through.
      this.onError(error);
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  async peek(key: string): Promise<{ count: number; retryAfterSeconds: number }> {
    try {
      const result = await (
        await this.client
      )
        .multi()
        .get(this.prefix + key)
        .pttl(this.prefix + key)
        .exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[1]?.[1] ?? -2);
      if (!Number.isFinite(count) || count <= 0 || ttl <= 0) return { count: 0, retryAfterSeconds: 0 };
      return { count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    } catch (error) {
      this.onError(error);
      return this.fallback.peek(key);
    }
  }

  async reserve(rules: readonly AttemptRule[]): Promise<Reservation> {
    const keys = rules.flatMap((r) => [this.prefix + r.key, this.prefix + r.key + LOCK_SUFFIX]);
    const args = rules.flatMap((r) =>
      r.kind === 'window'
        ? ['w', r.limit, r.windowMs, 0, 0]
        : ['b', r.lockAfter, r.forgetMs, r.firstLockMs, r.maxLockMs],
    );
    try {
      const waitMs = Number(await (await this.client).eval(RESERVE_SCRIPT, keys.length, ...keys, ...args.map(String)));
      return waitMs > 0 ? refused(waitMs) : { allowed: true };
    } catch (error) {
      this.onError(error);
      return this.fallback.reserve(rules);
    }
  }

  async release(keys: readonly string[]): Promise<void> {
    await this.fallback.release(keys);
    if (keys.length === 0) return;
    try {
      await (await this.client).eval(RELEASE_SCRIPT, keys.length, ...keys.map((k) => this.prefix + k));
    } catch (error) {
      this.onError(error);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await (await this.client).del(this.prefix + key, this.prefix + key + LOCK_SUFFIX);
    } catch (error) {
      this.onError(error);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    const redis = await this.client.catch(() => null);
    await redis?.quit().catch(() => redis.disconnect());
  }
}

export function createRateLimiter(redisUrl: string | undefined, onRedisError?: (error: unknown) => void): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, undefined, onRedisError) : new MemoryRateLimiter();
}
