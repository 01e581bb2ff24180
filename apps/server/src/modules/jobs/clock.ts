/**
 * The time scheduled work sees (billing periods, job run times). Tests pass a ManualClock to
 * the composition root to reach a period end without waiting.
 */
export interface Clock {
  now(): number;
}

/** A clock that can be moved forward: the tests' ManualClock and test mode's OffsetClock. */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export const systemClock: Clock = { now: () => Date.now() };

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

export class ManualClock implements AdjustableClock {
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
 * Wall-clock time plus an offset that only moves forward: billing's test mode "test clock"
 * (like Stripe's), which an admin moves to see renewals and period ends without waiting.
 */
export class OffsetClock implements AdjustableClock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
