// Test data of best trades (GET /api/v1/seasonality/best-trades) for the best-trades screen's tests:
// AAPL's search, and what the screen loads beside it.
import { ENDPOINTS, type SeasonalWindow, type WindowRiskStats } from '@solstice/contracts';
import { premium, type MockRoute } from '../../testing/test-utils';
import { createStats, createWindow, instrument } from '../../testing/factories';
import { overfittingAnswer, overfittingRoute } from '../../testing/luck-fixture';
import { walkForwardRoute } from './walk-forward-fixture';

export const BEST_TRADES_URL = '/seasonality/besttrades?symbol=AAPL&minDays=5&maxDays=30';

/** A window as best trades answers it: its stats with a qValue. */
export const tested = (w: SeasonalWindow, qValue: number | null = 0.04) => ({ ...w, stats: { ...w.stats, qValue } });

/** AAPL's search of `count` windows that found one long window (createWindow's) with `stats` and `qValue`. */
export const oneLongWindow = (count: number, stats: Partial<WindowRiskStats>, qValue: number) => ({
  symbol: 'AAPL',
  tested: count,
  long: [{ ...createWindow(), stats: { ...createStats(stats), qValue } }],
  short: [],
});

/**
 * What the screen loads for AAPL: the subscription, best trades answering `body`, the instrument,
 * walk-forward and the overfitting check answering `overfitting`.
 */
export const bestTradesRoutes = (body: unknown, overfitting: unknown = overfittingAnswer): MockRoute[] => [
  premium,
  { path: ENDPOINTS.seasonalityBestTrades.path, body },
  instrument('AAPL'),
  walkForwardRoute,
  { ...overfittingRoute, body: overfitting },
];
