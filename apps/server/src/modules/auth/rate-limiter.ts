import { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters. The memory backend serves one process; with REDIS_URL every
 * process shares the Redis one.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** The current window's count without adding to it (0 when there is none). */
  peek(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
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

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimiter();

  constructor(
    url: string,
    private readonly prefix = 'solstice:rl:',
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: true });
    // Connection errors surface on the commands; without a listener ioredis would print them.
    this.redis.on('error', () => {});
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
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
      const result = await this.redis
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

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.onError(error);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createRateLimiter(redisUrl: string | undefined, onRedisError?: (error: unknown) => void): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, undefined, onRedisError) : new MemoryRateLimiter();
}
