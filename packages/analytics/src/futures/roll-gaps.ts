/** |open_t / close_{t−1} − 1| from which a future's overnight gap is taken for a roll (data-providers.md §15.5). */
export const ROLL_GAP_THRESHOLD = 0.02;

/** A suspected roll of a continuous front-month series: the bar's date and open_t / close_{t−1} − 1. */
export interface RollGap {
  date: string;
  gap: number;
}

/**
 * The bars t (not the first) whose open is at least 2 % away from the previous close, in
 * date order, with the signed gap. Yahoo names no roll dates: a genuine overnight move of
 * 2 % is flagged too, and a roll smaller than 2 % is not. A previous close that is not
 * positive gives no gap.
 */
export function rollGaps(
  bars: ReadonlyArray<{ date: string; open: number; close: number }>,
  threshold = ROLL_GAP_THRESHOLD,
): RollGap[] {
  const gaps: RollGap[] = [];
  for (let t = 1; t < bars.length; t++) {
    const previous = bars[t - 1]!.close;
    if (!(previous > 0)) continue;
    const gap = bars[t]!.open / previous - 1;
    // rounding: a gap of exactly 2 % computed from two-decimal prices must count
    if (Math.abs(gap) >= threshold - 1e-12) gaps.push({ date: bars[t]!.date, gap });
  }
  return gaps;
}
