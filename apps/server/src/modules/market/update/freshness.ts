import { lastCompletedSession, tradingDaysBetween } from '@solstice/analytics';

export interface Freshness {
  /** The market's session date (the date every market-wide view uses). */
  asOf: string | null;
  /** The last NYSE session whose bars are final now. */
  lastSession: string;
  /** Sessions after `asOf` up to `lastSession` that the data does not have yet (0 = current). */
  tradingDaysBehind: number | null;
}

/** How far the data is behind the last completed session, in trading days. */
export function freshnessOf(asOf: string | null, now: number): Freshness {
  const lastSession = lastCompletedSession(now);
  if (asOf === null) return { asOf, lastSession, tradingDaysBehind: null };
  const behind = asOf >= lastSession ? 0 : tradingDaysBetween(asOf, lastSession).filter((d) => d > asOf).length;
  return { asOf, lastSession, tradingDaysBehind: behind };
}
