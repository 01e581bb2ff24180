import { setTimeout as delay } from 'node:timers/promises';

/** What the HTTP layer takes from the world; tests pass their own clock, sleep and dice. */
export interface HttpDeps {
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export const realHttpDeps: HttpDeps = {
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    await delay(ms, undefined, { signal });
  },
  random: () => Math.random(),
};

/** How a provider is asked: timeouts, retries, pacing. */
export interface RequestPolicy {
  /** Per request, body included. */
  timeoutMs: number;
  /** Attempts per request, the first included. */
  attempts: number;
  /** First backoff; doubles per retry up to maxBackoffMs, with jitter. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this pauses the provider instead of waiting in the run. */
  maxRetryAfterMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Least time between the starts of two requests. */
  minIntervalMs: number;
}
