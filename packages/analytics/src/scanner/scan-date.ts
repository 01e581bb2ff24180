import { sessionDate, SESSION_SHARE } from './field-table.js';

/**
 * The scan's date M for a scan as of the calendar day `asOf` (analytics.md, "The scan's date
 * and each symbol's bars"): each symbol with a bar on or before `asOf` counts with its last
 * such bar, and M is the latest of those dates that at least `share` of them reach (the
 * ⌈n/2⌉-th latest), so M ≤ asOf and a weekend or a holiday gives the session before it.
 * Without `asOf`, the market's session over every symbol's last bar (sessionDate). Null when
 * no symbol has a bar on or before `asOf`. Day numbers in and out; `dates` ascending.
 */
export function scanDate(
  universe: Iterable<ArrayLike<number>>,
  asOf?: number | null,
  share = SESSION_SHARE,
): number | null {
  const lastDays: number[] = [];
  for (const dates of universe) {
    const at = asOf === undefined || asOf === null ? dates.length - 1 : lastIndexOnOrBefore(dates, asOf);
    if (at >= 0) lastDays.push(dates[at]!);
  }
  return sessionDate(lastDays, share);
}

/** The index of the last entry ≤ day in ascending `dates`, or −1. */
function lastIndexOnOrBefore(dates: ArrayLike<number>, day: number): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
