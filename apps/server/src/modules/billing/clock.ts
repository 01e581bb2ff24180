/** The time billing sees; tests swap in a ManualClock to reach a period end without waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private current: number = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}

/**
 * Test mode's "test clock" (like Stripe's): wall-clock time plus an offset that an admin can
 * move forward to see renewals and period ends without waiting.
 */
export class OffsetClock implements Clock {
  offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a billing period: the same day of the next month (clamped to its last day) or year. */
export function addInterval(start: number, interval: 'month' | 'year'): number {
  const d = new Date(start);
  const months = interval === 'month' ? 1 : 12;
  const targetMonth = d.getUTCMonth() + months;
  const result = new Date(d);
  result.setUTCDate(1);
  result.setUTCMonth(targetMonth);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return result.getTime();
}
