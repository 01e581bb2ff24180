// Test data of the overfitting check (GET /api/v1/seasonality/overfitting) for the best-trades and backtest tests:
// analytics.md's AAPL example over 5 to 7 days.
import { ENDPOINTS, type OverfittingResponse } from '@solstice/contracts';
import { createStats } from './factories';

export const overfittingAnswer: OverfittingResponse = {
  symbol: 'AAPL',
  tested: 2190,
  minYears: 32,
  selected: {
    direction: 'long',
    start: '10-10',
    end: '10-15',
    days: 5,
    stats: createStats({ count: 34, winners: 28, winRate: 28 / 34, mean: 0.039 }),
  },
  deflated: {
    sharpe: 0.7094,
    skewness: -0.41,
    kurtosis: 4.2,
    observations: 34,
    trials: 2190,
    sharpeVariance: 0.0526,
    expectedMaxSharpe: 0.7963,
    psr: 0.99996,
    dsr: 0.2918,
  },
  pbo: {
    blocks: 8,
    rows: 34,
    combinations: 70,
    overfit: 15,
    pbo: 15 / 70,
    probLoss: 4 / 70,
    meanLogit: 0.9,
    firstYear: 1984,
    lastYear: 2017,
    blockYears: [],
  },
  realityCheck: {
    bootstrap: 1000,
    seed: 1,
    statistic: 0.278,
    bestMean: 0.0477,
    pValue: 0.07,
    naivePValue: 0.001,
    best: { direction: 'long', start: '10-08', end: '10-15', days: 7 },
  },
};

export const overfittingRoute = { path: ENDPOINTS.seasonalityOverfitting.path, body: overfittingAnswer };
