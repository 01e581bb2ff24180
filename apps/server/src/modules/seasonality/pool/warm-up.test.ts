import { describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from '../../../testing/live-server.js';
import { loadSeriesSqlite, syntheticSeries } from '../../../testing/synthetic-series.js';
import { WARM_UP_USER, defaultScan } from './warm-up.js';

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
