import { describe, expect, it } from 'vitest';
import {
  barDateRefusal,
  calendarSessionsAfter,
  dateInZone,
  isStale,
  lastSessionOf,
  sessionsBehind,
} from './asset-calendars.js';
import { lastCompletedSession } from './sessions.js';

const at = (iso: string) => Date.parse(iso);

describe('accepted bar dates per calendar', () => {
  it('crypto and exchange take every date; fx Monday–Friday with NYSE holidays; nyse its sessions', () => {
    const saturday = '2026-03-07';
    const goodFriday = '2026-04-03';
    const christmas = '2025-12-25';
    expect(barDateRefusal('crypto', saturday)).toBeNull();
    expect(barDateRefusal('exchange', saturday)).toBeNull();
    expect(barDateRefusal('fx', saturday)).toBe('not an fx session (weekend)');
    expect(barDateRefusal('fx', '2026-03-08')).toBe('not an fx session (weekend)');
    expect(barDateRefusal('fx', goodFriday)).toBeNull();
    expect(barDateRefusal('fx', christmas)).toBeNull();
    expect(barDateRefusal('nyse', goodFriday)).toBe('not an NYSE session');
    expect(barDateRefusal('nyse', saturday)).toBe('not an NYSE session');
    expect(barDateRefusal('nyse', '2026-04-02')).toBeNull();
    expect(barDateRefusal('nyse', '1995-07-04')).toBeNull(); // before the exact table: weekends only
  });
});

describe('the last completed session per calendar', () => {
  it('crypto: the UTC date of now − 3 h, less a day (weekends included)', () => {
    expect(lastSessionOf('crypto', 'UTC', at('2026-03-08T02:59:00Z'))).toBe('2026-03-06');
    expect(lastSessionOf('crypto', 'UTC', at('2026-03-08T03:00:00Z'))).toBe('2026-03-07');
    expect(lastSessionOf('crypto', 'UTC', at('2026-03-09T12:00:00Z'))).toBe('2026-03-08');
  });

  it('fx and exchange: the latest Monday–Friday on or before the zone date of now − 3 h, less a day', () => {
    // Monday 2026-03-09 12:00 UTC in London: Sunday before it → Friday 03-06
    expect(lastSessionOf('fx', 'Europe/London', at('2026-03-09T12:00:00Z'))).toBe('2026-03-06');
    expect(lastSessionOf('fx', 'Europe/London', at('2026-03-10T12:00:00Z'))).toBe('2026-03-09');
    // 02:30 UTC on Wednesday = 22:30 Tuesday in New York; − 3 h = Tuesday 19:30 → Monday
    expect(lastSessionOf('exchange', 'America/New_York', at('2026-03-11T02:30:00Z'))).toBe('2026-03-09');
    // Good Friday is a Monday–Friday date: E falls on it, the NYSE's S does not
    const saturday = at('2026-04-04T15:00:00Z');
    expect(lastSessionOf('exchange', 'America/Chicago', saturday)).toBe('2026-04-03');
    expect(lastSessionOf('nyse', 'America/New_York', saturday)).toBe(lastCompletedSession(saturday));
    expect(lastCompletedSession(saturday)).toBe('2026-04-02');
  });

  it('reads the date in the given zone', () => {
    expect(dateInZone(at('2026-06-30T23:00:00Z'), 'Europe/London')).toBe('2026-07-01');
    expect(dateInZone(at('2026-06-30T23:00:00Z'), 'UTC')).toBe('2026-06-30');
    expect(() => dateInZone(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('stale per calendar', () => {
  it('nyse, fx, crypto: before S; exchange: more than two weekdays behind E; no bars: stale', () => {
    expect(isStale('crypto', '2026-03-07', '2026-03-08')).toBe(true);
    expect(isStale('crypto', '2026-03-08', '2026-03-08')).toBe(false);
    expect(isStale('fx', '2026-03-06', '2026-03-09')).toBe(true);
    // Thursday's bar, E on Tuesday: Friday, Monday, Tuesday = 3 weekdays → stale; Friday's: 2 → not
    expect(isStale('exchange', '2026-03-05', '2026-03-10')).toBe(true);
    expect(isStale('exchange', '2026-03-06', '2026-03-10')).toBe(false);
    expect(isStale('exchange', '2026-03-10', '2026-03-10')).toBe(false);
    expect(isStale('nyse', null, '2026-03-10')).toBe(true);
  });
});

describe("sessions counted on an instrument's own calendar", () => {
  it('nyse its sessions; crypto every date; fx and exchange Monday–Friday, NYSE holidays included', () => {
    // Friday 2026-11-20 to Monday 2026-11-30: Thanksgiving (Thursday 11-26) lies between.
    expect(calendarSessionsAfter('nyse', '2026-11-20', '2026-11-30')).toBe(5);
    expect(calendarSessionsAfter('crypto', '2026-11-20', '2026-11-30')).toBe(10);
    expect(calendarSessionsAfter('fx', '2026-11-20', '2026-11-30')).toBe(6);
    expect(calendarSessionsAfter('exchange', '2026-11-20', '2026-11-30')).toBe(6);
    // A weekend alone: no session of nyse, fx, exchange; two crypto days.
    expect(calendarSessionsAfter('crypto', '2026-11-20', '2026-11-22')).toBe(2);
    expect(calendarSessionsAfter('fx', '2026-11-20', '2026-11-22')).toBe(0);
    expect(calendarSessionsAfter('nyse', '2026-11-20', '2026-11-22')).toBe(0);
    // Nothing after a date that is not before the other.
    for (const calendar of ['nyse', 'crypto', 'fx', 'exchange'] as const) {
      expect(calendarSessionsAfter(calendar, '2026-11-20', '2026-11-20')).toBe(0);
      expect(calendarSessionsAfter(calendar, '2026-11-23', '2026-11-20')).toBe(0);
    }
  });

  it('sessions behind: own sessions after the last bar up to S when stale, 0 when not, null without bars', () => {
    // Sunday 2026-11-22: crypto's S is Saturday; Thursday's bar lacks Friday and Saturday.
    expect(sessionsBehind('crypto', '2026-11-19', '2026-11-21')).toBe(2);
    expect(sessionsBehind('crypto', '2026-11-21', '2026-11-21')).toBe(0);
    // fx over a weekend: S is Friday; Thursday's bar lacks Friday alone.
    expect(sessionsBehind('fx', '2026-11-19', '2026-11-20')).toBe(1);
    expect(sessionsBehind('fx', '2026-11-20', '2026-11-20')).toBe(0);
    // exchange: two weekdays after the last bar are its holidays (not stale), three are not.
    expect(sessionsBehind('exchange', '2026-11-18', '2026-11-20')).toBe(0);
    expect(sessionsBehind('exchange', '2026-11-17', '2026-11-20')).toBe(3);
    // nyse as the freshness banner counts: Wednesday 11-25 to Monday 11-30 skips Thanksgiving.
    expect(sessionsBehind('nyse', '2026-11-25', '2026-11-30')).toBe(2);
    expect(sessionsBehind('nyse', null, '2026-11-30')).toBeNull();
  });
});
