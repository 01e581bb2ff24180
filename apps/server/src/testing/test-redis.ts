import { Redis } from 'ioredis';

/** The Redis that rate-limit tests use (the development and CI machines run one). */
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Redis must be there under CI (CI=true fails the run); elsewhere its tests are left out with a loud warning. */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_TEST_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch (error) {
    if (process.env.CI === 'true')
      throw new Error(`Redis is required under CI but ${REDIS_TEST_URL} is unreachable: ${String(error)}`);
    console.warn(`\n!!! Redis at ${REDIS_TEST_URL} is unreachable: the Redis rate-limit tests are NOT run.\n`);
    return false;
  } finally {
    client.disconnect();
  }
}
