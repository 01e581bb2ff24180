import type { HttpDeps } from '../../modules/market/providers/http-deps.js';

/**
 * Provider dependencies for tests: sleeps are recorded and return at once (backoff and
 * Retry-After are asserted, not waited for), the dice are fixed, the clock is settable.
 */
export function testDeps(start = Date.now()) {
  const sleeps: number[] = [];
  let now = start;
  const deps: Partial<HttpDeps> = {
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
    },
    random: () => 0.5,
    now: () => now,
  };
  return {
    deps,
    sleeps,
    setNow(ms: number) {
      now = ms;
    },
  };
}

/** Timeouts short enough for a test, no pacing; attempts stay at the provider's default. */
export const FAST = { timeoutMs: 500, minIntervalMs: 0, backoffMs: 100 } as const;
