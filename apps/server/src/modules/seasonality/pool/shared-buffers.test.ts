import { describe, expect, it } from 'vitest';
import { seasonalityScanPart, serializeScanPart } from '@solstice/analytics';
import { syntheticSeries } from '../../../testing/synthetic-series.js';
import { combine } from './analytics-pool.js';
import { releaseSharedBuffers, SharedBuffers } from './shared-buffers.js';

describe('the shared buffers of an analytics thread', () => {
  it('hands a buffer out again only once the event loop has released it', () => {
    const buffers = new SharedBuffers();
    const a = buffers.allocate(100_000);
    expect(a).toBeInstanceOf(SharedArrayBuffer);
    expect(a.byteLength - 4).toBeGreaterThanOrEqual(100_000);
    const b = buffers.allocate(1_000);
    expect(b).not.toBe(a);
    expect(buffers.stats()).toEqual({ kept: 2, leased: 2 });
    releaseSharedBuffers([new Float64Array(a, 0, 10)]);
    expect(buffers.stats().leased).toBe(1);
    // A smaller request fits the released buffer; a larger one than any free buffer gets a new one.
    expect(buffers.allocate(50_000)).toBe(a);
    const c = buffers.allocate(10_000);
    expect([a, b]).not.toContain(c);
    releaseSharedBuffers([new Uint8Array(b), new Uint8Array(c)]);
    expect(buffers.allocate(a.byteLength)).not.toBe(a);
  });

  it('keeps a bounded number: one never released drops out', () => {
    const buffers = new SharedBuffers(3);
    const first = buffers.allocate(10);
    for (let i = 0; i < 5; i++) buffers.allocate(10);
    expect(buffers.stats()).toEqual({ kept: 3, leased: 3 });
    releaseSharedBuffers([new Uint8Array(first)]);
    expect(buffers.stats().leased).toBe(3);
  });

  it("are released when the pool merges a scan's parts, and when it drops them", () => {
    const universe = Array.from({ length: 4 }, (_, i) => syntheticSeries(`B${i}`, 1998 + i, 2016, 3 + i));
    const options = { startFrom: '06-01', startTo: '06-15', minDays: 10, maxDays: 30 };
    const buffers = new SharedBuffers();
    const part = (symbols: typeof universe) =>
      serializeScanPart(seasonalityScanPart(symbols, options, buffers.allocate), options, buffers.allocate);
    const parts = () => [part(universe.slice(0, 2)), part(universe.slice(2))];
    const fulfilled = (result: unknown) => ({
      status: 'fulfilled' as const,
      value: { cancelled: false as const, result },
    });
    const job = { kind: 'scanJson' as const, symbols: universe.map((s) => s.symbol), options };
    const merged = combine(job, parts().map(fulfilled));
    expect(merged.cancelled).toBe(false);
    expect(buffers.stats()).toEqual({ kept: 6, leased: 0 });
    // A part whose sibling failed is not merged, and its buffers are given back all the same.
    const kept = part(universe.slice(0, 2));
    expect(buffers.stats().leased).toBe(3);
    expect(() => combine(job, [fulfilled(kept), { status: 'rejected', reason: new Error('worker died') }])).toThrow(
      'worker died',
    );
    expect(buffers.stats().leased).toBe(0);
  });
});
