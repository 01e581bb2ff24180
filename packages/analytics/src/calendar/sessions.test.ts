import { describe, expect, it } from 'vitest';
import { newYorkDate, newYorkOffsetMinutes } from './new-york-time.js';
import {
  isTradingDay,
  lastCompletedSession,
  nextTradingDay,
  previousTradingDay,
  sessionClose,
  tradingDaysBetween,
} from './sessions.js';

const at = (iso: string) => Date.parse(iso);

describe('sessions', () => {
  it('steps over weekends, holidays and closures', () => {
    expect(previousTradingDay('2001-09-17')).toBe('2001-09-10');
    expect(nextTradingDay('2001-09-10')).toBe('2001-09-17');
    expect(previousTradingDay('2026-11-27')).toBe('2026-11-25'); // Thanksgiving between
    expect(nextTradingDay('2026-12-24')).toBe('2026-12-28');
    expect(previousTradingDay('2026-01-02')).toBe('2025-12-31');
    expect(nextTradingDay('2026-11-21')).toBe('2026-11-23'); // from a Saturday
  });

  it('lists the sessions between two dates, both included', () => {
    expect(tradingDaysBetween('2026-11-23', '2026-11-30')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-27',
      '2026-11-30',
    ]);
    expect(tradingDaysBetween('2026-11-26', '2026-11-26')).toEqual([]);
    expect(tradingDaysBetween('2026-11-30', '2026-11-23')).toEqual([]);
  });

  it('closes at 16:00 New York time, 13:00 on an early close, in both EST and EDT', () => {
    expect(sessionClose('2026-11-23')).toEqual({
      date: '2026-11-23',
      time: '16:00',
      early: false,
      instant: at('2026-11-23T21:00:00Z'),
    });
    expect(sessionClose('2026-11-27')).toEqual({
      date: '2026-11-27',
      time: '13:00',
      early: true,
      instant: at('2026-11-27T18:00:00Z'),
    });
    expect(sessionClose('2025-07-03')).toMatchObject({ time: '13:00', instant: at('2025-07-03T17:00:00Z') });
    expect(sessionClose('2026-07-02')).toMatchObject({ time: '16:00', instant: at('2026-07-02T20:00:00Z') });
    // The Monday after the spring switch and the Monday after the autumn one.
    expect(sessionClose('2026-03-09')!.instant).toBe(at('2026-03-09T20:00:00Z'));
    expect(sessionClose('2026-11-02')!.instant).toBe(at('2026-11-02T21:00:00Z'));
    expect(sessionClose('2026-11-26')).toBeNull();
    expect(sessionClose('2026-11-22')).toBeNull();
  });

  it('rejects text that is not a date', () => {
    expect(() => isTradingDay('2026-02-30')).toThrow(RangeError);
    expect(() => isTradingDay('20261123')).toThrow(RangeError);
    expect(() => lastCompletedSession(Number.NaN)).toThrow(RangeError);
  });
});

describe('the last completed session at an instant (bar final two hours after the close)', () => {
  it('at 16:30 New York time the day is not final yet; at 18:00 it is', () => {
    expect(lastCompletedSession(at('2026-11-23T21:30:00Z'))).toBe('2026-11-20');
    expect(lastCompletedSession(at('2026-11-23T22:59:59Z'))).toBe('2026-11-20');
    expect(lastCompletedSession(at('2026-11-23T23:00:00Z'))).toBe('2026-11-23');
    expect(lastCompletedSession(at('2026-11-23T21:30:00Z'), 0)).toBe('2026-11-23');
  });

  it('late evening in New York is still that day, whatever the UTC date', () => {
    expect(lastCompletedSession(at('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
    expect(lastCompletedSession(at('2026-11-24T14:00:00Z'))).toBe('2026-11-23'); // 09:00 next morning
  });

  it('on a holiday, the session before; on an early close day, final at 15:00', () => {
    expect(lastCompletedSession(at('2026-11-26T23:30:00Z'))).toBe('2026-11-25');
    expect(lastCompletedSession(at('2026-11-27T19:59:59Z'))).toBe('2026-11-25');
    expect(lastCompletedSession(at('2026-11-27T20:00:00Z'))).toBe('2026-11-27');
  });

  it('on the Sunday after a Friday session, that Friday', () => {
    expect(lastCompletedSession(at('2026-11-22T15:00:00Z'))).toBe('2026-11-20');
    expect(lastCompletedSession(at('2026-07-05T12:00:00Z'))).toBe('2026-07-02'); // July 3 2026 closed
  });

  it('in summer time the close is at 20:00Z', () => {
    expect(lastCompletedSession(at('2026-07-02T21:59:00Z'))).toBe('2026-07-01');
    expect(lastCompletedSession(at('2026-07-02T22:00:00Z'))).toBe('2026-07-02');
  });
});

describe('New York time', () => {
  it('switches at 02:00 local time', () => {
    expect(newYorkOffsetMinutes(at('2026-03-08T06:59:59Z'))).toBe(-300);
    expect(newYorkOffsetMinutes(at('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(newYorkOffsetMinutes(at('2026-11-01T05:59:59Z'))).toBe(-240);
    expect(newYorkOffsetMinutes(at('2026-11-01T06:00:00Z'))).toBe(-300);
    expect(newYorkDate(at('2026-11-24T04:59:59Z'))).toBe('2026-11-23');
    expect(newYorkDate(at('2026-11-24T05:00:00Z'))).toBe('2026-11-24');
  });

  it('agrees with the time-zone database (Intl) around every switch from 1970 to 2040', () => {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    const intlOffset = (instant: number) => {
      const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, x.value]));
      const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!);
      return Math.round((local - instant) / 60_000);
    };
    const mismatches: string[] = [];
    for (let day = Date.UTC(1970, 0, 1); day < Date.UTC(2041, 0, 1); day += 86_400_000) {
      // 05:30Z, 06:30Z and 07:30Z straddle both switch times (06:00Z and 07:00Z).
      for (const hour of [5.5, 6.5, 7.5]) {
        const instant = day + hour * 3_600_000;
        if (newYorkOffsetMinutes(instant) !== intlOffset(instant)) mismatches.push(new Date(instant).toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });
});
