// The benchmark's curve over the equity dates and the drawdowns (analytics.md, "Seasonal backtest").
import type { BacktestResponse } from '@solstice/contracts';

/**
 * Buy and hold of the benchmark on the strategy's equity dates, as the backtest answers it
 * over its own span (`benchmark.equity`, the equity dates from `benchmark.from`): null on the
 * dates before the span, so the line starts where the benchmark does and is never drawn flat
 * before it existed. Empty without a benchmark.
 */
export function benchmarkCurve(data: Pick<BacktestResponse, 'benchmark' | 'equity'>): (number | null)[] {
  const b = data.benchmark;
  if (!b || b.equity.length === 0) return [];
  const before = data.equity.length - b.equity.length;
  return [...Array<null>(before).fill(null), ...b.equity.map((p) => p.value)];
}

/** Drawdowns of a curve that may start later (nulls before it): null where it has no value. */
export function drawdownsFromStart(values: readonly (number | null)[]): (number | null)[] {
  const first = values.findIndex((v) => v !== null);
  if (first < 0) return values.map(() => null);
  return [...values.slice(0, first), ...drawdowns(values.slice(first) as number[])];
}

/** D(t) = V(t) / max(1, max of V up to t) − 1. */
export function drawdowns(values: readonly number[]): number[] {
  let peak = 1;
  return values.map((v) => {
    peak = Math.max(peak, v);
    return v / peak - 1;
  });
}
