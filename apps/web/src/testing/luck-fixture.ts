// Test data of the overfitting check (GET /api/v1/seasonality/overfitting) for the best-trades and backtest tests:
// analytics.md's AAPL example over 5 to 7 days, and what the "Is it luck?" panel says of it.
import { within } from '@testing-library/react';
import { expect } from 'vitest';
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

/** What the panel says of overfittingAnswer in English, each sentence by its test id after `luck-`. */
export const overfittingSays = {
  alone: "Tried alone, this window's edge would be convincing (PSR 99.99%).",
  deflated:
    "Among the 2,190 windows searched, the best one is expected to look this good by luck; the chance that this one's edge is real is 29%.",
  pbo: 'Choosing the best window on half of the years and checking it on the other half, the choice landed in the bottom half 21% of the time (PBO). Above 50 % means the search picks noise.',
};

/** The same in Turkish (the PBO's sentence by its end). */
export const overfittingSaysTurkish = {
  alone: 'Tek başına denenseydi bu pencerenin üstünlüğü ikna edici olurdu (PSR %99,99).',
  deflated:
    'Aranan 2.190 pencere arasında en iyisinin yalnızca şansla bu kadar iyi görünmesi beklenir; bu pencerenin üstünlüğünün gerçek olma olasılığı %29.',
  pbo: 'seçim zamanın %21 kadarında alt yarıya düştü (PBO). %50’nin üzeri, aramanın gürültü seçtiği anlamına gelir.',
};

/** The rows of the panel's "Details" table for overfittingAnswer, in English. */
export const overfittingNumbers = [
  'Windows searched (trials)2,190',
  'Years34',
  'Sharpe ratio per trade0.709',
  'Expected best Sharpe ratio by luck (SR0)0.796',
  'Variance of the Sharpe ratios0.0526',
  'Skewness-0.41',
  'Kurtosis4.20',
  'Blocks8',
  'Splits (overfit / all)15 / 70',
];

/** The text of each row of the panel's "Details" table in `panel`. */
export const luckNumbersRows = (panel: HTMLElement) =>
  within(within(panel).getByTestId('luck-numbers'))
    .getAllByRole('row')
    .map((r) => r.textContent);

/** Each sentence of `says` in `panel` (the first once the panel has loaded), under its test id `luck-<key>`. */
export async function expectLuckSays(panel: HTMLElement, says: Record<string, string>): Promise<void> {
  for (const [key, text] of Object.entries(says))
    expect(await within(panel).findByTestId(`luck-${key}`)).toHaveTextContent(text);
}
