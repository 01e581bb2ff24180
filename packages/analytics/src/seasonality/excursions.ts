import type { Direction } from './statistics.js';

/**
 * One year's excursions inside a window (analytics.md, "Risk inside a window"): MAE and MFE
 * signed for the direction, and the bars where they happened.
 */
export interface Excursion {
  mae: number;
  mfe: number;
  /** The bar of the first close equal to the extreme that gives the MAE. */
  maeAt: number;
  mfeAt: number;
}

/**
 * The excursions of the trade from bar a to bar b (both included) into `out` (reused by
 * callers that detail many windows). The extremes are found on the closes themselves, the
 * first bar on a tie, and the entry bar is included, so MAE ≤ 0 ≤ MFE.
 */
export function excursion(
  close: ArrayLike<number>,
  a: number,
  b: number,
  direction: Direction,
  out: Excursion,
): Excursion {
  let low = a;
  let high = a;
  for (let t = a + 1; t <= b; t++) {
    const c = close[t]!;
    if (c < close[low]!) low = t;
    else if (c > close[high]!) high = t;
  }
  const c0 = close[a]!;
  if (direction === 'long') {
    out.mae = close[low]! / c0 - 1;
    out.maeAt = low;
    out.mfe = close[high]! / c0 - 1;
    out.mfeAt = high;
  } else {
    out.mae = 0 - (close[high]! / c0 - 1);
    out.maeAt = high;
    out.mfe = 0 - (close[low]! / c0 - 1);
    out.mfeAt = low;
  }
  return out;
}

/** A fresh Excursion to pass to excursion. */
export function newExcursion(): Excursion {
  return { mae: 0, mfe: 0, maeAt: 0, mfeAt: 0 };
}
