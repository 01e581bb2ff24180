import { describe, expect, it } from 'vitest';
import type { SerializedScanPart } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../market/memory-market-cache.js';
import { syntheticSeries } from '../../../testing/synthetic-series.js';
import type { AnalyticsTask } from './analytics-task.js';
import run from './analytics-worker.js';
import { shareMarket } from './shared-market.js';

const universe = Array.from({ length: 6 }, (_, i) => syntheticSeries(`W${i}`, 1998 + i, 2016, 11 + i));
const market = shareMarket(createMemoryMarketCache(universe));
const symbols = universe.map((s) => s.symbol);
const options = { startFrom: '06-01', startTo: '06-15', minDays: 10, maxDays: 30 };

function task(job: AnalyticsTask['job']): AnalyticsTask {
  return { market, cancel: new Int32Array(new SharedArrayBuffer(4)), job };
}

describe('an analytics worker', () => {
  it("sends a scan part's text and tests in SharedArrayBuffers (not counted as the event loop's external memory)", () => {
    const outcome = run(task({ kind: 'scanJson', symbols, options }));
    expect(outcome.cancelled).toBe(false);
    const part = (outcome as { result: SerializedScanPart }).result;
    expect(part.cuts.length).toBeGreaterThan(0);
    expect(part.grouped).toBeDefined();
    for (const view of [part.text, part.pValues, part.weights]) expect(view.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
