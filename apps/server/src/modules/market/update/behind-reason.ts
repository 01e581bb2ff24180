import type { TradingCalendar } from '@solstice/analytics';

/** What a symbol still lacks after a run that asked for it: its session, its last bar, how far on its calendar. */
export interface Behind {
  calendar: TradingCalendar;
  /** Its own last completed session (data-providers.md §15.4). */
  session: string;
  lastBar: string;
  /** Sessions of its calendar after the last bar up to the session (sessionsBehind). */
  behind: number;
  /** The provider that answered without the session's bar, null when none did. */
  provider: string | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Why a symbol the provider answered is still behind, in its calendar's terms: a US stock as
 * before ("no bar for S from P yet"); a coin's Saturday or an fx pair's missing weekdays say
 * which day is lacking and how many of its own sessions lie after the last bar.
 */
export function behindReason(b: Behind): string {
  const from = b.provider ?? 'the providers';
  if (b.calendar === 'nyse') return `no bar for ${b.session} from ${from} yet`;
  const lacking =
    b.calendar === 'crypto'
      ? `${plural(b.behind, 'day')} behind (crypto: every day is a session)`
      : b.calendar === 'fx'
        ? `${plural(b.behind, 'weekday')} behind (fx: Monday–Friday)`
        : `${plural(b.behind, 'weekday')} behind (exchange: stale after more than 2)`;
  return `no bar for ${weekdayOf(b.session)} ${b.session} from ${from} yet: the last is ${weekdayOf(b.lastBar)} ${b.lastBar}, ${lacking}`;
}
