import type { Log } from '../../logging.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';

/**
 * The process's rate limiter: in memory, or Redis when REDIS_URL is set, made on first use
 * (a command that never signs anyone in never connects to Redis). While Redis is away the
 * limiter counts in this process and warns at most once a minute.
 */
export function createAppRateLimiter(redisUrl: string | undefined, log: Log): RateLimiter {
  let lastRedisWarning = 0;
  let limiter: RateLimiter | null = null;
  const get = () =>
    (limiter ??= createRateLimiter(redisUrl, (error) => {
      if (Date.now() - lastRedisWarning < 60_000) return;
      lastRedisWarning = Date.now();
      log.warn({ err: error }, 'rate limits: Redis unavailable, counting in this process');
    }));
  return {
    hit: (key, limit, windowMs) => get().hit(key, limit, windowMs),
    peek: (key) => get().peek(key),
    reserve: (rules) => get().reserve(rules),
    release: (keys) => get().release(keys),
    reset: (key) => get().reset(key),
    close: async () => {
      await limiter?.close();
    },
  };
}
