// Test data of walk-forward (GET /api/v1/seasonality/walk-forward) for the best-trades tests.
import { ENDPOINTS, outOfSampleStatsSchema, type WalkForwardResponse } from '@solstice/contracts';
import { createStats } from '../../testing/factories';

type OutOfSampleStats = WalkForwardResponse['long']['stats'];

/** A side that traded no year: count 0 and every other statistic of the contract null. */
const none = Object.fromEntries(
  Object.keys(outOfSampleStatsSchema.shape).map((key) => [key, key === 'count' ? 0 : null]),
) as OutOfSampleStats;

/** Long: three years traded out of sample (+5 %, −2 %, +3 %); short: none. */
export const walkForward: WalkForwardResponse = {
  symbol: 'AAPL',
  trainYears: 10,
  long: {
    trials: [
      { year: 2015, start: '10-05', end: '11-01', days: 27, return: 0.05 },
      { year: 2016, start: '10-05', end: '11-01', days: 27, return: -0.02 },
      { year: 2017, start: '10-08', end: '11-02', days: 25, return: 0.03 },
    ],
    stats: {
      count: 3,
      winners: 2,
      losers: 1,
      winRate: 2 / 3,
      mean: 0.02,
      median: 0.03,
      stdDev: 0.036,
      min: -0.02,
      max: 0.05,
    },
  },
  short: { trials: [], stats: none },
  inSample: { long: { ...createStats({ count: 34, winRate: 0.82, mean: 0.064 }), qValue: 0.46 }, short: null },
};

export const walkForwardRoute = { path: ENDPOINTS.seasonalityWalkForward.path, body: walkForward };
