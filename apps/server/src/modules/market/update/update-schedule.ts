import { isTradingDay, newYorkDate, newYorkInstant, nextTradingDay } from '@solstice/analytics';
import type { NextRunAt } from '../../jobs/schedules.js';

const DAY_MS = 86_400_000;

/** "HH:MM" → minutes after midnight. */
export function minutesOf(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * The next NYSE trading day at `time` (HH:MM, America/New_York) strictly after now: the
 * daily update runs after the close on sessions only (weekends, holidays and one-off
 * closures skipped; an early close changes nothing, the time is after it either way).
 */
export function afterTheClose(time: string): NextRunAt {
  const minutes = minutesOf(time);
  return (now) => {
    let date = newYorkDate(now);
    if (!isTradingDay(date)) date = nextTradingDay(date);
    for (;;) {
      const at = newYorkInstant(Date.parse(`${date}T00:00:00Z`) / DAY_MS, minutes);
      if (at > now) return at;
      date = nextTradingDay(date);
    }
  };
}
