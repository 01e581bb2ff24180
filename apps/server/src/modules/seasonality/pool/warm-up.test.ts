import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../logging.js';
import { startLiveServer, type LiveServer } from '../../../testing/live-server.js';
import { loadSeriesSqlite, syntheticSeries } from '../../../testing/synthetic-series.js';
import { createMemoryMarketCache } from '../../market/memory-market-cache.js';
import type { AnalyticsPool } from './analytics-pool.js';
import { WARM_UP_USER, analyticsWarmer, defaultScan } from './warm-up.js';

const universe = Array.from({ length: 6 }, (_, i) => syntheticSeries(`W${i}`, 1990, 2016, 40 + i));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the analytics warm-up', () => {
  it("is the scanner screen's first scan: today to 14 days on, 10–30 days, long", () => {
    expect(defaultScan(new Date('2026-12-25T10:00:00Z'))).toEqual({
      startFrom: '12-25',
      startTo: '01-08',
      minDays: 10,
      maxDays: 30,
      minWinRate: 0.7,
      direction: 'long',
    });
  });

  it('runs one warm-up at a time: requests while one runs make one more after it, none once stopping', async () => {
    const jobs: { symbols: readonly string[]; user: string; finish: () => void }[] = [];
    const pool = {
      run: (job: { symbols: readonly string[] }, context: { user: string }) =>
        new Promise<void>((resolve) => jobs.push({ symbols: job.symbols, user: context.user, finish: resolve })),
    } as unknown as AnalyticsPool;
    let stopping = false;
    const warmer = analyticsWarmer({
      market: createMemoryMarketCache(universe.slice(0, 2)),
      analytics: pool,
      now: () => new Date('2026-06-01T12:00:00Z'),
      log: createLogger({ LOG_LEVEL: 'silent' }, 'stderr'),
      stopping: () => stopping,
    });
    warmer.request();
    warmer.request();
    warmer.request();
    expect(jobs.map((j) => [j.symbols, j.user])).toEqual([[['W0', 'W1'], WARM_UP_USER]]);
    jobs[0]!.finish();
    await until(() => jobs.length === 2, 'the one warm-up asked for while the first ran');
    jobs[1]!.finish();
    await warmer.idle();
    expect(jobs).toHaveLength(2);
    stopping = true;
    warmer.request();
    expect(jobs).toHaveLength(2);
  });

  it('runs the default scan in the pool after each load of the market, nobody waiting for it', async () => {
    let t: LiveServer | undefined;
    try {
      t = await startLiveServer('sqlite', { ANALYTICS_WARM_UP: 'true' });
      const analytics = t.services.analytics;
      // An empty market at start: nothing to warm.
      expect(analytics.stats()).toEqual({ completed: 0, cancelled: 0 });
      await loadSeriesSqlite(t, universe);
      await until(() => analytics.stats().completed === 1, 'the warm-up after the load');
      expect(analytics.running(WARM_UP_USER)).toBe(0);
      await t.services.market.reload();
      await until(() => analytics.stats().completed === 2, 'the warm-up after a reload');
    } finally {
      await t?.close();
    }
  });

  it('stays off with ANALYTICS_WARM_UP=false (the tests’ default): no job runs', async () => {
    let t: LiveServer | undefined;
    try {
      t = await startLiveServer('sqlite', { ANALYTICS_WARM_UP: 'false' });
      await loadSeriesSqlite(t, universe);
      await new Promise((r) => setTimeout(r, 300));
      expect(t.services.analytics.stats()).toEqual({ completed: 0, cancelled: 0 });
    } finally {
      await t?.close();
    }
  });
});
