import {
  dayNumber,
  isStale,
  lastCompletedSession,
  lastSessionOf,
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
 * How many of its own sessions an instrument whose last bar is `lastBar` lacks now, up to its
 * last completed session (data-providers.md §15.4): NYSE sessions as freshnessOf; every day
 * for crypto; Monday–Friday for fx and exchange, where an exchange instrument that is not
 * stale (an exchange holiday or two) counts as current. Null without bars.
 */
export function instrumentDaysBehind(
  lastBar: string | null,
  calendar: TradingCalendar,
  timeZone: string,
  now: number,
): number | null {
  if (lastBar === null) return null;
  if (calendar === 'nyse') return freshnessOf(lastBar, now).tradingDaysBehind;
  const session = lastSessionOf(calendar, timeZone, now);
  if (!isStale(calendar, lastBar, session)) return 0;
  let behind = 0;
  for (let d = dayNumber(lastBar) + 1, end = dayNumber(session); d <= end; d++) {
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (calendar === 'crypto' || (weekday !== 0 && weekday !== 6)) behind += 1;
  }
  return behind;
}
