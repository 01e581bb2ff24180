import { describe, expect, it } from 'vitest';
import { transferableSymbol, valueSymbol } from 'piscina';
import type { SerializedScanPart } from '@solstice/analytics';
import { createMemoryMarketCache } from '../../market/memory-market-cache.js';
import { syntheticSeries } from '../../../testing/synthetic-series.js';
import type { AnalyticsOutcome, AnalyticsTask } from './analytics-task.js';
import run from './analytics-worker.js';
import { shareMarket } from './shared-market.js';

const universe = Array.from({ length: 6 }, (_, i) => syntheticSeries(`W${i}`, 1998 + i, 2016, 11 + i));
const market = shareMarket(createMemoryMarketCache(universe));
const symbols = universe.map((s) => s.symbol);
const options = { startFrom: '06-01', startTo: '06-15', minDays: 10, maxDays: 30 };

function task(job: AnalyticsTask['job']): AnalyticsTask {
  return { market, cancel: new Int32Array(new SharedArrayBuffer(4)), job };
}

type Moved = { [transferableSymbol]: ArrayBuffer[]; [valueSymbol]: AnalyticsOutcome };

describe('an analytics worker', () => {
  it("moves a scan part's text and tests to the caller instead of copying them", () => {
    const answer = run(task({ kind: 'scanJson', symbols, options })) as unknown as Moved;
    const moved = answer[transferableSymbol];
    const outcome = answer[valueSymbol] as { cancelled: false; result: SerializedScanPart };
    const part = outcome.result;
    expect(part.cuts.length).toBeGreaterThan(0);
    for (const view of [part.text, part.cuts, part.pValues, part.weights, part.winRate])
      expect(moved).toContain(view.buffer);
    // Each buffer once; none shared with anything the worker keeps (a view owns its whole buffer).
    expect(new Set(moved).size).toBe(moved.length);
    expect(moved.every((b) => b instanceof ArrayBuffer)).toBe(true);
  });

  it('answers other jobs as they are, with nothing moved', () => {
    const outcome = run(task({ kind: 'bestTrades', symbol: 'W0', options: { minDays: 5, maxDays: 20 } }));
    expect(outcome).toMatchObject({ cancelled: false });
    expect(transferableSymbol in outcome).toBe(false);
  });
});
