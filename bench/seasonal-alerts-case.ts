// Issue 41's case, shared by its two benches (the analytics alone and the whole CLI run): so
// many seasonal alerts with these criteria (1 to 364 days, any win rate, both directions).
export const SEASONAL_ALERTS = 100;

export const SEASONAL_CRITERIA = {
  leadDays: 5,
  minDays: 1,
  maxDays: 364,
  minWinRate: 0,
  minYears: 1,
  maxPValue: null,
  direction: 'both',
} as const;
