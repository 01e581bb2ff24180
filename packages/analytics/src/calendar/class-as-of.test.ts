import { describe, expect, it } from 'vitest';
import { classAsOf } from './class-as-of.js';
import { lastSessionOf } from './asset-calendars.js';

// Monday 2026-11-23, noon UTC: crypto's S is Sunday 11-22, fx's and an exchange's E Friday 11-20
const now = Date.parse('2026-11-23T12:00:00Z');
const crypto = lastSessionOf('crypto', 'UTC', now);
const fx = lastSessionOf('fx', 'Europe/London', now);
const exchange = lastSessionOf('exchange', 'America/Chicago', now);

describe('the as-of of an asset class', () => {
  it('is the earliest last bar among the members that are not stale; the stale counted', () => {
    expect([crypto, fx, exchange]).toEqual(['2026-11-22', '2026-11-20', '2026-11-20']);
    const coins = classAsOf([
      { calendar: 'crypto', lastBar: '2026-11-22', session: crypto },
      { calendar: 'crypto', lastBar: '2026-11-23', session: crypto }, // today's bar, not settled, still current
      { calendar: 'crypto', lastBar: '2026-11-21', session: crypto }, // a day behind: stale
    ]);
    expect(coins).toEqual({ asOf: '2026-11-22', stale: 1, current: [true, true, false] });
  });

  it('an exchange is current up to two weekdays behind E, so its as-of may lie before E', () => {
    const futures = classAsOf([
      { calendar: 'exchange', lastBar: '2026-11-20', session: exchange },
      { calendar: 'exchange', lastBar: '2026-11-18', session: exchange }, // two exchange holidays
      { calendar: 'exchange', lastBar: '2026-11-17', session: exchange }, // three weekdays: stale
      { calendar: 'exchange', lastBar: null, session: exchange }, // no bar yet: stale
    ]);
    expect(futures).toEqual({ asOf: '2026-11-18', stale: 2, current: [true, true, false, false] });
  });

  it('is null when every member is stale, and without members', () => {
    expect(classAsOf([{ calendar: 'fx', lastBar: '2026-11-19', session: fx }])).toEqual({
      asOf: null,
      stale: 1,
      current: [false],
    });
    expect(classAsOf([])).toEqual({ asOf: null, stale: 0, current: [] });
  });
});
