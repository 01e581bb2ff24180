// The seasonality scanner's upcoming mode (analytics.md, "Upcoming windows"): the windows that
// start in the N calendar days after the scan's session, each symbol seen only through its bars
// up to that session, the stale and the illiquid left out and counted.
import { volumeKnown, type SeriesTraits } from '../calendar/trading-calendar.js';
import { barsUpTo, civilDate, dayNumberOf, isoDate, type PriceSeries } from '../series.js';
import { sessionDate } from '../scanner/field-table.js';
import { dateInYear, formatMonthDay, parseMonthDay } from './calendar-days.js';

/** The most calendar days an upcoming scan looks ahead. */
export const MAX_UPCOMING_DAYS = 90;

/** The bars of dollarVolume20's mean. */
export const DOLLAR_VOLUME_BARS = 20;

/** What the scanner's upcoming mode needs once the scan's session is known. */
export interface UpcomingMode {
  /** The scan's session M ('YYYY-MM-DD', upcomingSession's): no bar after it is read. */
  asOf: string;
  /** N: the windows starting on start(M + 1) … start(M + N). */
  days: number;
  /** Leaves out (as `illiquid`) the symbols whose dollarVolume20 is null or below it; none when absent. */
  minDollarVolume?: number;
  /**
   * Each symbol's dollarVolume20, found where the volumes are (upcomingDollarVolumes): the
   * analytics pool's threads share only the dates and closes. Absent: read from the series.
   */
  dollarVolume20?: Readonly<Record<string, number | null>>;
}

/** What an upcoming scan adds to each result. */
export interface UpcomingFields {
  /** Mean of close × volume over the 20 bars ending with the session's (null with fewer than 20). */
  dollarVolume20: number | null;
  /** The window's next occurrence: S and E of the start year Y of the first day after the session it starts on. */
  startDate: string;
  endDate: string;
}

/** The symbols an upcoming scan left out before its search. */
export interface UpcomingCounts {
  /** A first bar on or before the session, but no bar on it. */
  stale: number;
  /** dollarVolume20 null or below minDollarVolume: their windows are not tested. */
  illiquid: number;
}

/**
 * The scan's session M for the given date D (day number), as the technical scanner reads
 * `asOf`: over the symbols with a bar on or before D, each at its last such bar, the ⌈n/2⌉-th
 * latest of those dates. Without D: the latest bars. Null when no symbol has a bar by then.
 */
export function upcomingSession(universe: Iterable<PriceSeries>, asOf?: number): number | null {
  const lastDays: number[] = [];
  for (const series of universe) {
    const at = asOf === undefined ? series.dates.length - 1 : lastIndexOnOrBefore(series.dates, asOf);
    if (at >= 0) lastDays.push(series.dates[at]!);
  }
  return sessionDate(lastDays);
}

/** start(d): d as MM-DD, 02-29 read as 03-01 (a day of the non-leap calendar). */
export function upcomingStartDay(day: number): string {
  const { month, day: d } = civilDate(day);
  return month === 2 && d === 29 ? '03-01' : formatMonthDay({ month, day: d });
}

/** The start days of an upcoming scan: start(M + 1) … start(M + N), the scanner's startFrom … startTo. */
export function upcomingStartRange(session: number, days: number): { startFrom: string; startTo: string } {
  return { startFrom: upcomingStartDay(session + 1), startTo: upcomingStartDay(session + days) };
}

/**
 * The next occurrence of a window after the session: with k the smallest of 1 … N whose
 * start(M + k) is the window's start and Y the year of M + k, S and E of start year Y by the
 * pattern definition. Null when the start is not among the N days.
 */
export function nextOccurrence(
  start: string,
  end: string,
  session: number,
  days: number,
): { startDate: string; endDate: string } | null {
  for (let k = 1; k <= days; k++) {
    if (upcomingStartDay(session + k) !== start) continue;
    const year = civilDate(session + k).year;
    // MM-DD texts order as the days do: an end before the start crosses the year end.
    return {
      startDate: isoDate(dateInYear(year, parseMonthDay(start))),
      endDate: isoDate(dateInYear(end < start ? year + 1 : year, parseMonthDay(end))),
    };
  }
  return null;
}

/** The index of the last date on or before `day` in ascending `dates`, or −1. */
function lastIndexOnOrBefore(dates: Int32Array, day: number): number {
  let lo = 0;
  let hi = dates.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= day) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi;
}

/**
 * dollarVolume20 of each symbol with a bar on the session (day number); null for a symbol
 * whose `traits` (by symbol) say it has no volume.
 */
export function upcomingDollarVolumes(
  universe: Iterable<PriceSeries>,
  session: number,
  traits?: Readonly<Record<string, SeriesTraits>>,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const series of universe) {
    const at = lastIndexOnOrBefore(series.dates, session);
    if (at >= 0 && series.dates[at] === session) {
      out[series.symbol] = volumeKnown(traits?.[series.symbol]) ? dollarVolume20(series, at) : null;
    }
  }
  return out;
}

/** The mean of close × volume over the 20 bars ending at index `at`; null with fewer bars. */
export function dollarVolume20(series: PriceSeries, at: number): number | null {
  if (at + 1 < DOLLAR_VOLUME_BARS) return null;
  let sum = 0;
  for (let i = at - DOLLAR_VOLUME_BARS + 1; i <= at; i++) sum += series.close[i]! * series.volume[i]!;
  return sum / DOLLAR_VOLUME_BARS;
}

/**
 * The series up to and including bar `at`: the series itself when that is its last bar, else
 * a view of its first at + 1 bars, kept per series and session so that the window tables the
 * analytics memoize per series object serve a replay asked again.
 */
function seriesUpTo(series: PriceSeries, at: number): PriceSeries {
  if (at === series.dates.length - 1) return series;
  const day = series.dates[at]!;
  const kept = views.get(series);
  if (kept?.day === day) return kept.view;
  const view = barsUpTo(series, at);
  views.set(series, { day, view });
  return view;
}
const views = new WeakMap<PriceSeries, { day: number; view: PriceSeries }>();

/**
 * The universe an upcoming scan searches: each symbol with a bar on the session, cut after it,
 * and liquid enough; the rest counted in `counts`. `dollarVolumes` receives each searched
 * symbol's dollarVolume20.
 */
export function* upcomingUniverse(
  universe: Iterable<PriceSeries>,
  mode: UpcomingMode,
  counts: UpcomingCounts,
  dollarVolumes: Map<string, number | null>,
): Generator<PriceSeries> {
  const session = dayOf(mode.asOf);
  for (const series of universe) {
    const at = lastIndexOnOrBefore(series.dates, session);
    if (at < 0 || series.dates[at] !== session) {
      if (series.dates.length > 0 && series.dates[0]! <= session) counts.stale++;
      continue;
    }
    const given = mode.dollarVolume20;
    const volume = given ? (given[series.symbol] ?? null) : dollarVolume20(series, at);
    if (mode.minDollarVolume !== undefined && (volume === null || volume < mode.minDollarVolume)) {
      counts.illiquid++;
      continue;
    }
    dollarVolumes.set(series.symbol, volume);
    yield seriesUpTo(series, at);
  }
}

/** The fields an upcoming scan adds to a result of window start → end. */
export function upcomingFields(
  result: { symbol: string; start: string; end: string },
  mode: UpcomingMode,
  dollarVolumes: ReadonlyMap<string, number | null>,
): UpcomingFields {
  const next = nextOccurrence(result.start, result.end, dayOf(mode.asOf), mode.days);
  if (!next) throw new Error(`upcoming scan: ${result.start} is not among the ${mode.days} days after ${mode.asOf}`);
  return { dollarVolume20: dollarVolumes.get(result.symbol) ?? null, ...next };
}

/** 'YYYY-MM-DD' → day number. */
function dayOf(iso: string): number {
  return dayNumberOf(+iso.slice(0, 4), +iso.slice(5, 7), +iso.slice(8, 10));
}
