import {
  lastCompletedSession,
  lastSessionOf,
  sessionsBehind,
  tradingDaysBetween,
  type TradingCalendar,
} from '@solstice/analytics';

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

/**
 * How far an instrument's bars are behind its own last completed session at `now`, in
 * sessions of its calendar (data-providers.md §15.4): 0 when it is not stale by that
 * calendar's rule (an exchange's one or two holidays), null without bars. A US stock's count
 * is the freshness banner's. Most instruments share a calendar, zone and last bar: each
 * combination is counted once.
 */
export function instrumentsBehind(now: number) {
  const counted = new Map<string, number | null>();
  return (calendar: TradingCalendar, timeZone: string, lastBar: string | null): number | null => {
    const key = `${calendar} ${timeZone} ${lastBar}`;
    let n = counted.get(key);
    if (n === undefined) {
      n = sessionsBehind(calendar, lastBar, lastSessionOf(calendar, timeZone, now));
      counted.set(key, n);
    }
    return n;
  };
}
