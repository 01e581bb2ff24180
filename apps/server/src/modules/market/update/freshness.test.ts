import { describe, expect, it } from 'vitest';
import { freshnessOf, instrumentDaysBehind } from './freshness.js';

/** Tuesday 2026-03-17, 23:30 UTC (19:30 New York): Tuesday's NYSE bar is final, Tuesday's crypto day is not. */
const TUESDAY_EVENING = Date.UTC(2026, 2, 17, 23, 30);

describe('how many of its own sessions an instrument lacks (data-providers.md §15.4)', () => {
  it('an NYSE instrument counts NYSE sessions, as the market freshness does', () => {
    expect(freshnessOf('2026-03-17', TUESDAY_EVENING).lastSession).toBe('2026-03-17');
    expect(instrumentDaysBehind('2026-03-17', 'nyse', 'America/New_York', TUESDAY_EVENING)).toBe(0);
    expect(instrumentDaysBehind('2026-03-13', 'nyse', 'America/New_York', TUESDAY_EVENING)).toBe(2);
    expect(instrumentDaysBehind(null, 'nyse', 'America/New_York', TUESDAY_EVENING)).toBeNull();
  });

  it('a crypto instrument is current with Monday’s bar while Tuesday’s UTC day settles, and counts weekend days', () => {
    expect(instrumentDaysBehind('2026-03-16', 'crypto', 'UTC', TUESDAY_EVENING)).toBe(0);
    // Friday's bar: Saturday, Sunday and Monday are missing
    expect(instrumentDaysBehind('2026-03-13', 'crypto', 'UTC', TUESDAY_EVENING)).toBe(3);
    // from 03:00 UTC Wednesday Tuesday's day is settled
    expect(instrumentDaysBehind('2026-03-16', 'crypto', 'UTC', Date.UTC(2026, 2, 18, 3, 0))).toBe(1);
  });

  it('fx counts Monday–Friday; an exchange instrument is current until more than two weekdays are missing', () => {
    expect(instrumentDaysBehind('2026-03-16', 'fx', 'Europe/London', TUESDAY_EVENING)).toBe(0);
    expect(instrumentDaysBehind('2026-03-12', 'fx', 'Europe/London', TUESDAY_EVENING)).toBe(2);
    expect(instrumentDaysBehind('2026-03-16', 'exchange', 'America/Chicago', TUESDAY_EVENING)).toBe(0);
    expect(instrumentDaysBehind('2026-03-12', 'exchange', 'America/Chicago', TUESDAY_EVENING)).toBe(0);
    expect(instrumentDaysBehind('2026-03-11', 'exchange', 'America/Chicago', TUESDAY_EVENING)).toBe(3);
  });
});
