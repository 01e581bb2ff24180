/** First index i with dates[i] ≥ day (dates.length when none). */
export function lowerBound(dates: Int32Array, day: number): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
