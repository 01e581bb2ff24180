// The benchmark's curve over the equity dates and the drawdowns (analytics.md, "Seasonal backtest").
import type { BacktestResponse, Bar } from '@solstice/contracts';

type Point = BacktestResponse['equity'][number];

/**
 * Buy and hold of the benchmark over the equity dates: B(t) = P(t) / P0 with P(t) its last
 * close on or before t, P0 = P(first equity date); when it has no close by then, P0 is its
 * first close and B(t) = 1 before that close's date. `bars` in date order, starting before the
 * first equity date when the benchmark has data there.
 */
export function benchmarkCurve(equity: readonly Point[], bars: readonly Pick<Bar, 'date' | 'close'>[]): number[] {
  if (equity.length === 0 || bars.length === 0) return [];
  const closes: (number | null)[] = [];
  let j = 0;
  let last: number | null = null;
  for (const { date } of equity) {
    while (j < bars.length && bars[j]!.date <= date) last = bars[j++]!.close;
    closes.push(last);
  }
  const p0 = closes[0] ?? bars[0]!.close;
  return closes.map((p) => (p === null || p0 === 0 ? 1 : p / p0));
}

/** D(t) = V(t) / max(1, max of V up to t) − 1. */
export function drawdowns(values: readonly number[]): number[] {
  let peak = 1;
  return values.map((v) => {
    peak = Math.max(peak, v);
    return v / peak - 1;
  });
}

/** The ISO date `days` calendar days before `iso` (the benchmark's bars are asked from there). */
export function daysBefore(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
