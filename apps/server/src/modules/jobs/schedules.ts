import { DAY_MS } from './clock.js';

/** When the next occurrence of a recurring job runs, given the time now (strictly later). */
export type NextRunAt = (now: number) => number;

/** Every day at hh:mm UTC. */
export function dailyAt(hour: number, minute = 0): NextRunAt {
  const offset = (hour * 60 + minute) * 60_000;
  return (now) => {
    const today = Math.floor(now / DAY_MS) * DAY_MS + offset;
    return today > now ? today : today + DAY_MS;
  };
}

/** Every `intervalMs`, on multiples of it since the epoch (every process computes the same times). */
export function everyInterval(intervalMs: number): NextRunAt {
  return (now) => (Math.floor(now / intervalMs) + 1) * intervalMs;
}

/** The unique key of an occurrence: `kind@2026-11-23T21:30Z` (seconds only when the time has them). */
export function occurrenceKey(kind: string, runAt: number): string {
  const iso = new Date(runAt).toISOString();
  const time = runAt % 60_000 === 0 ? iso.slice(0, 16) : iso.slice(0, 23).replace(/\.000$/, '');
  return `${kind}@${time}Z`;
}
