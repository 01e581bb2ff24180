import { expect } from 'vitest';
import type { HttpDeps } from '../../modules/market/providers/http-deps.js';
import { ProviderError } from '../../modules/market/providers/provider-error.js';
import { lateBound, useFixture } from '../test-fixtures.js';
import { FakeMarket } from './fake-market.js';

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

/** The ProviderError a provider's call fails with (the test fails when it answers or throws anything else). */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/**
 * useFakeProviderApi for the keyed adapters (EODHD, Tiingo): Jun 1 to Nov 20, 2026 with one
 * AAPL dividend, the clock at Monday Nov 23, 2026, 10:15 UTC.
 */
export function useKeyedProviderApi<F extends { close(): Promise<unknown> }>(
  start: (market: FakeMarket) => Promise<F>,
) {
  return useFakeProviderApi(
    () =>
      new FakeMarket('2026-11-20')
        .add('AAPL', { from: '2026-06-01', dividends: [{ date: '2026-08-10', cash: 0.26 }] })
        .add('BRK.B', { from: '2026-06-01' })
        .add('^GSPC', { from: '2026-06-01' }),
    start,
    Date.UTC(2026, 10, 23, 10, 15),
  );
}

/**
 * A fake provider API over a fresh market for each test, and the provider's test dependencies
 * (`t`); the fake is closed after each test. `restart` replaces the fake (other options).
 */
export function useFakeProviderApi<F extends { close(): Promise<unknown> }>(
  newMarket: () => FakeMarket,
  start: (market: FakeMarket) => Promise<F>,
  now?: number,
) {
  const bed = useFixture(
    'each',
    async () => {
      const market = newMarket();
      return { market, fake: await start(market), t: testDeps(now) };
    },
    ({ fake }) => fake.close(),
  );
  return {
    market: lateBound(() => bed.market),
    fake: lateBound(() => bed.fake),
    t: lateBound(() => bed.t),
    async restart(startAgain: (market: FakeMarket) => Promise<F>) {
      await bed.fake.close();
      bed.fake = await startAgain(bed.market);
    },
  };
}
