import { calendarSessionsAfter, type TradingCalendar } from '@solstice/analytics';

/** A close on a date: of a stored bar or of a provider's (adjusted) bar. */
export interface DatedClose {
  date: string;
  close: number;
}

/** What every price before `date` is multiplied by for an event the provider reported (§2.1). */
export interface JoinEvent {
  date: string;
  factor: number;
}

/** Where a provider's history stops joining the stored one (data-providers.md §15.6). */
export interface HistoryMismatch {
  /** The first date where q = provider close / stored close breaks (the provider's first bar when it comes too late). */
  date: string;
  /** The stored close on that date (the stored last close when the provider's first bar comes too late). */
  storedClose: number | null;
  providerClose: number;
  reason: string;
}

/** Sessions s with from < s ≤ to of the instrument's calendar: the gap between a stored last bar and a provider's first. */
export type SessionsAfter = (from: string, to: string) => number;

export const nyseSessionsAfter: SessionsAfter = (from, to) => calendarSessionsAfter('nyse', from, to);

/** The gap count of an instrument's own calendar (§15.6): every date for crypto, Monday–Friday for fx and exchange. */
export function sessionsAfterOn(calendar: TradingCalendar): SessionsAfter {
  return calendar === 'nyse' ? nyseSessionsAfter : (from, to) => calendarSessionsAfter(calendar, from, to);
}

/** q constant between events: relative (§15.6). */
export const Q_CONSTANT = 1e-4;
/** q's change at an event against the event's factor: relative (§15.6). */
export const EVENT_FACTOR = 1e-3;
/** A provider's first bar later than this many sessions after the stored last does not join (§15.6). */
export const MAX_SESSION_GAP = 10;
/**
 * Half a unit of the fourth decimal on each side of a quotient whose provider close is quoted
 * to four decimals (Yahoo's adjclose, EODHD's adjusted_close): below about $1 that rounding
 * alone moves q by more than 1e-4.
 */
const QUOTE_STEP = 1e-4;

export interface JoinInput {
  /** The stored bars' closes, ascending. */
  stored: readonly DatedClose[];
  /** The provider's history, ascending. */
  provider: readonly DatedClose[];
  /** The events the provider reported, with their factors (eventFactors). */
  events: readonly JoinEvent[];
  /** The sync treats the symbol as current: a provider history starting long after the stored one ends does not join. */
  current: boolean;
  /** Session count of the instrument's calendar (nyseSessionsAfter for US stocks). */
  sessionsAfter: SessionsAfter;
}

/**
 * Whether a provider's history joins the stored one (§15.6): over the dates both hold,
 * q = provider close / stored close stays constant to 1e-4 between consecutive reported
 * events and changes at an event only by that event's factor (to 1e-3); a provider history
 * whose first bar comes more than 10 sessions after the stored last bar does not join a
 * current symbol. Null when it joins, else the first break.
 */
export function historyMismatch(input: JoinInput): HistoryMismatch | null {
  const { stored, provider } = input;
  const first = provider[0];
  const last = stored.at(-1);
  if (!first || !last) return null;
  if (input.current && first.date > last.date) {
    const gap = input.sessionsAfter(last.date, first.date);
    if (gap > MAX_SESSION_GAP)
      return {
        date: first.date,
        storedClose: last.close,
        providerClose: first.close,
        reason: `the provider's first bar comes ${gap} sessions after the stored last bar (${last.date}); at most ${MAX_SESSION_GAP} join`,
      };
  }
  const events = [...input.events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let e = 0;
  let anchor: { date: string; q: number; tolerance: number } | null = null;
  let i = 0;
  let j = 0;
  while (i < stored.length && j < provider.length) {
    const s = stored[i]!;
    const p = provider[j]!;
    if (s.date < p.date) i++;
    else if (s.date > p.date) j++;
    else {
      i++;
      j++;
      const q = p.close / s.close;
      const tolerance = Q_CONSTANT + QUOTE_STEP / p.close;
      if (anchor === null) {
        anchor = { date: s.date, q, tolerance };
        continue;
      }
      // The events after the previous common date up to this one.
      let factor = 1;
      let passed = 0;
      while (e < events.length && events[e]!.date <= s.date) {
        if (events[e]!.date > anchor.date) {
          factor *= events[e]!.factor;
          passed++;
        }
        e++;
      }
      const change = anchor.q / q;
      const constant = Math.abs(q / anchor.q - 1) <= Math.max(tolerance, anchor.tolerance);
      if (passed === 0) {
        if (constant) continue;
        return {
          date: s.date,
          storedClose: s.close,
          providerClose: p.close,
          reason: `q = provider/stored close moves by ${ratioText(change)} on a day without a reported event`,
        };
      }
      if (constant || Math.abs(change / factor - 1) <= EVENT_FACTOR) {
        anchor = { date: s.date, q, tolerance };
        continue;
      }
      return {
        date: s.date,
        storedClose: s.close,
        providerClose: p.close,
        reason: `q = provider/stored close moves by ${ratioText(change)} where the reported event's factor is ${ratioText(factor)}`,
      };
    }
    // A date only one side holds: the anchor stays where the last common date put it.
  }
  return null;
}

function ratioText(x: number): string {
  return x.toPrecision(6);
}

/** A dividend (cash per share as traded) or a split (new shares per old share), as the provider reported it. */
export type ReportedEvent =
  { date: string; kind: 'dividend'; cash: number } | { date: string; kind: 'split'; ratio: number };

/**
 * The factors of reported events over a provider's backward-adjusted history (§2.1): a split
 * n:1 multiplies earlier prices by 1/n; a cash dividend D by 1 − D / close(t−1), the close as
 * traded, which is the adjusted close of the bar before divided by the factors of every event
 * on or after t. A dividend without a bar before it has no factor to check against and is left
 * out (q must then stay constant across it).
 */
export function eventFactors(bars: readonly DatedClose[], events: readonly ReportedEvent[]): JoinEvent[] {
  const byDate = new Map<string, ReportedEvent[]>();
  for (const ev of events) byDate.set(ev.date, [...(byDate.get(ev.date) ?? []), ev]);
  const dates = [...byDate.keys()].sort().reverse();
  const out: JoinEvent[] = [];
  let later = 1; // the factors of the events after the date at hand
  for (const date of dates) {
    const sameDay = byDate.get(date)!;
    const splits = sameDay.reduce((f, ev) => (ev.kind === 'split' && ev.ratio > 0 ? f / ev.ratio : f), 1);
    const before = previousBar(bars, date);
    let factor = splits;
    for (const ev of sameDay) {
      if (ev.kind !== 'dividend' || ev.cash <= 0 || before === null) continue;
      // adj(t−1) = raw(t−1) · later · splits · f and f = 1 − D / raw(t−1).
      factor *= 1 / (1 + (ev.cash * later * factor) / before.close);
    }
    if (factor !== 1) out.push({ date, factor });
    later *= factor;
  }
  return out.reverse();
}

function previousBar(bars: readonly DatedClose[], date: string): DatedClose | null {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? bars[lo - 1]! : null;
}
