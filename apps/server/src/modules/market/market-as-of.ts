import type { PriceSeries } from '@solstice/analytics';
import type { InstrumentInfo } from './market-cache.js';
import { isoFromDay } from './dates.js';

/**
 * The market-wide "as of" (data-providers.md §15.4): the latest bar of the instruments on the
 * NYSE calendar, so that a crypto bar of a Saturday or an fx bar of an NYSE holiday does not
 * move the whole market's date. A database with no NYSE instrument has no such date: then the
 * latest bar of any instrument, so that what it serves still has one. Null without bars.
 */
export function marketAsOf(
  series: Iterable<PriceSeries>,
  instrument: (symbol: string) => Pick<InstrumentInfo, 'calendar'> | undefined,
): string | null {
  let nyse = -Infinity;
  let any = -Infinity;
  for (const s of series) {
    if (s.dates.length === 0) continue;
    const last = s.dates[s.dates.length - 1]!;
    if (last > any) any = last;
    // a series without an instruments row is taken as the default, a US stock
    if ((instrument(s.symbol)?.calendar ?? 'nyse') === 'nyse' && last > nyse) nyse = last;
  }
  const day = nyse !== -Infinity ? nyse : any;
  return day === -Infinity ? null : isoFromDay(day);
}
