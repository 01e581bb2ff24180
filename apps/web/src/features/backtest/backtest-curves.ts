// The benchmark's curve over the equity dates and the drawdowns (analytics.md, "Seasonal backtest").
import type { BacktestResponse } from '@solstice/contracts';

/**
 * Buy and hold of the benchmark on the equity dates, as the backtest answers it
 * (`benchmark.equity`, on the same dates as the strategy's): B(t) = P(t) / P0, 1 before the
 * benchmark's first close. Empty without a benchmark.
 */
export function benchmarkCurve(data: Pick<BacktestResponse, 'benchmark'>): number[] {
  return data.benchmark?.equity.map((p) => p.value) ?? [];
}

/** D(t) = V(t) / max(1, max of V up to t) − 1. */
export function drawdowns(values: readonly number[]): number[] {
  let peak = 1;
  return values.map((v) => {
    peak = Math.max(peak, v);
    return v / peak - 1;
  });
}
