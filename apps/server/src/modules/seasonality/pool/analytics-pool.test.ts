import { afterAll, describe, expect, it } from 'vitest';
import { bestTrades, seasonalityScan, type PriceSeries, type SeasonalityScanOptions } from '@solstice/analytics';
import { AppError } from '../../../http/errors.js';
import { createMemoryMarketCache } from '../../market/memory-market-cache.js';
import { syntheticSeries } from '../../../testing/synthetic-series.js';
import { createAnalyticsPool, ownerOf, splitJob } from './analytics-pool.js';
import { shareMarket, sharedSeries } from './shared-market.js';

const universe = Array.from({ length: 8 }, (_, i) => syntheticSeries(`S${i}`, 1995 + i, 2016, 7 + i));
// Enough work that a scan is still running when the test cancels it (seconds in one worker).
const heavy = Array.from({ length: 40 }, (_, i) => syntheticSeries(`H${i}`, 1980, 2016, 100 + i));
const market = createMemoryMarketCache([...universe, ...heavy]);
const pool = createAnalyticsPool(market, { threads: 2, perUserLimit: 1 });
afterAll(() => pool.close());

const symbols = universe.map((s) => s.symbol);
const widest: SeasonalityScanOptions = {
  startFrom: '01-01',
  startTo: '12-31',
  minDays: 1,
  maxDays: 364,
  direction: 'both',
};

async function settled(user: string): Promise<void> {
  while (pool.running(user) > 0) await new Promise((r) => setTimeout(r, 5));
}

describe('the analytics pool', () => {
  it('shares the dates and closes of the market, exactly, without a copy per series', () => {
    const shared = shareMarket(market);
    expect(shared.dates.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.close.buffer).toBeInstanceOf(SharedArrayBuffer);
    const views = sharedSeries(shared);
    expect([...views.keys()].sort()).toEqual([...universe, ...heavy].map((s) => s.symbol).sort());
    for (const s of universe) {
      const v = views.get(s.symbol)!;
      expect(v.dates).toEqual(s.dates);
      expect(v.close).toEqual(s.close);
      expect(v.close.buffer).toBe(shared.close.buffer);
    }
  });

  it('shares series that already lie in one SharedArrayBuffer (the market snapshot) in place, and answers from them', async () => {
    // The snapshot's layout: every series' dates, then every series' closes (other columns aside).
    const total = universe.reduce((n, s) => n + s.dates.length, 0);
    const buffer = new SharedArrayBuffer(4 * total + (total % 2) * 4 + 8 * total);
    const closeBase = (4 * total + (total % 2) * 4) / 8;
    let at = 0;
    const inOneBuffer: PriceSeries[] = universe.map((s) => {
      const n = s.dates.length;
      const dates = new Int32Array(buffer, 4 * at, n);
      const close = new Float64Array(buffer, 8 * (closeBase + at), n);
      dates.set(s.dates);
      close.set(s.close);
      at += n;
      return { ...s, dates, close };
    });
    const inPlace = createMemoryMarketCache(inOneBuffer);
    const shared = shareMarket(inPlace);
    expect(shared.dates.buffer).toBe(buffer);
    expect(shared.close.buffer).toBe(buffer);
    const views = sharedSeries(shared);
    for (const s of universe) {
      expect(views.get(s.symbol)!.dates).toEqual(s.dates);
      expect(views.get(s.symbol)!.close).toEqual(s.close);
    }
    const inPlacePool = createAnalyticsPool(inPlace, { threads: 1 });
    try {
      const options: SeasonalityScanOptions = { startFrom: '06-01', startTo: '06-15', minDays: 10, maxDays: 30 };
      const answer = await inPlacePool.run({ kind: 'scan', symbols, options }, { user: 'a' });
      expect(answer.results.length).toBeGreaterThan(0);
      expect(answer).toEqual(seasonalityScan(universe, options));
    } finally {
      await inPlacePool.close();
    }
  });

  it('answers scans exactly as the analytics do in process', async () => {
    const cases: SeasonalityScanOptions[] = [
      { startFrom: '06-01', startTo: '06-15', minDays: 10, maxDays: 30 },
      { startFrom: '12-01', startTo: '01-31', minDays: 5, maxDays: 60, direction: 'both', from: 2000, to: 2014 },
      {
        startFrom: '02-29',
        startTo: '03-10',
        minDays: 1,
        maxDays: 20,
        direction: 'short',
        minYears: 3,
        minWinRate: 0.5,
      },
    ];
    // 8 symbols run in one worker; 48 are split over both threads and merged.
    const all = [...universe, ...heavy];
    for (const series of [universe, all]) {
      for (const options of cases) {
        const symbols = series.map((s) => s.symbol);
        const inPool = await pool.run({ kind: 'scan', symbols, options }, { user: 'a' });
        const inProcess = seasonalityScan(series, options);
        expect(inProcess.results.length).toBeGreaterThan(0);
        expect(inPool).toEqual(inProcess);
        // As JSON text written by the threads: the same answer, to the character.
        const { body, ...counts } = await pool.run({ kind: 'scanJson', symbols, options }, { user: 'a' });
        expect(new TextDecoder().decode(body)).toBe(JSON.stringify(inProcess));
        expect(counts).toEqual({ results: inProcess.results.length, tested: inProcess.tested });
      }
    }
  });

  it('splits a scan by owner: each symbol in one part, on the thread that owns it in every scan', () => {
    const options = widest;
    const all = [...universe, ...heavy].map((s) => s.symbol);
    const threadOf = new Map<string, number>();
    for (const threads of [2, 3]) {
      const parts = splitJob({ kind: 'scan', symbols: all, options }, threads, 0);
      expect(parts.length).toBe(threads);
      expect(parts.flatMap((p) => (p.job as { symbols: readonly string[] }).symbols).sort()).toEqual([...all].sort());
      for (const { thread, job } of parts)
        for (const symbol of (job as { symbols: readonly string[] }).symbols) {
          expect(ownerOf(symbol, threads)).toBe(thread);
          if (threads === 2) threadOf.set(symbol, thread);
        }
    }
    // Another universe (the 40 heavy ones, reversed): each symbol on the same thread as before.
    const other = heavy.map((s) => s.symbol).reverse();
    for (const { thread, job } of splitJob({ kind: 'scan', symbols: other, options }, 2, 0))
      for (const symbol of (job as { symbols: readonly string[] }).symbols) expect(threadOf.get(symbol)).toBe(thread);
    // Small scans and one-symbol jobs run whole, on the thread given (the least busy).
    expect(splitJob({ kind: 'scan', symbols: symbols, options }, 2, 1)).toEqual([
      { thread: 1, job: { kind: 'scan', symbols, options } },
    ]);
    const best = { kind: 'bestTrades' as const, symbol: 'S1', options: { minDays: 5, maxDays: 10 } };
    expect(splitJob(best, 2, 1)).toEqual([{ thread: 1, job: best }]);
  });

  it('answers best trades exactly as the analytics do in process', async () => {
    const options = { minDays: 5, maxDays: 60, from: 1998, top: 7 };
    const inPool = await pool.run({ kind: 'bestTrades', symbol: 'S2', options }, { user: 'a' });
    expect(inPool).toEqual(bestTrades(universe[2]!, options));
    expect(inPool.long).toHaveLength(7);
  });

  it('refuses a user more jobs than the limit with a 429, and keeps serving other users', async () => {
    const controller = new AbortController();
    const first = pool.run(
      { kind: 'scan', symbols: heavy.map((s) => s.symbol), options: widest },
      { user: 'busy', signal: controller.signal },
    );
    first.catch(() => {});
    const second = pool.run({ kind: 'scan', symbols, options: widest }, { user: 'busy' });
    await expect(second).rejects.toBeInstanceOf(AppError);
    await expect(second).rejects.toMatchObject({ code: 'rate_limited', headers: { 'retry-after': '1' } });
    const other = await pool.run(
      { kind: 'bestTrades', symbol: 'S0', options: { minDays: 1, maxDays: 5 } },
      { user: 'other' },
    );
    expect(other.symbol).toBe('S0');
    controller.abort();
    await settled('busy');
    // The slot is free again once the cancelled job has stopped.
    await expect(
      pool.run({ kind: 'bestTrades', symbol: 'S1', options: { minDays: 1, maxDays: 5 } }, { user: 'busy' }),
    ).resolves.toMatchObject({ symbol: 'S1' });
  });

  it('stops a scan whose caller has gone, at once for the caller and before the end in the worker', async () => {
    const before = pool.stats();
    const controller = new AbortController();
    const job = pool.run(
      { kind: 'scan', symbols: heavy.map((s) => s.symbol), options: widest },
      { user: 'gone', signal: controller.signal },
    );
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await expect(job).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/cancelled/) });
    await settled('gone');
    const after = pool.stats();
    expect(after.cancelled).toBe(before.cancelled + 1);
    expect(after.completed).toBe(before.completed);
  });

  it('refuses at once a job whose caller has already gone', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      pool.run({ kind: 'scan', symbols, options: widest }, { user: 'x', signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    expect(pool.running('x')).toBe(0);
  });
});
