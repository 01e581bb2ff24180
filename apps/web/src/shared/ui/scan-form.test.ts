import { describe, expect, it } from 'vitest';
import { UPCOMING_DAYS, upcomingStarts } from './scan-form';

describe('the windows about to open', () => {
  it('start the day after the data’s last bar, not on the calendar date', () => {
    const today = new Date(Date.UTC(2026, 11, 7));
    // data last traded on 2017-11-10: the windows opening 11-11 … 11-24, whatever today is
    expect(upcomingStarts('2017-11-10', today)).toEqual({ startFrom: '11-11', startTo: '11-24' });
    expect(UPCOMING_DAYS).toBe(14);
    // across the year end
    expect(upcomingStarts('2024-12-28', today)).toEqual({ startFrom: '12-29', startTo: '01-11' });
    // no data at all: from today
    expect(upcomingStarts(null, today)).toEqual({ startFrom: '12-08', startTo: '12-21' });
  });
});
