import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { inTurkish, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { createPattern, createStats, createYear, instrument } from '../../testing/factories';
import { PatternScreen } from './pattern-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// analytics.md, "Risk inside a window", on the pattern screen.

const URL = '/seasonality/pattern?symbol=AAPL&start=10-05&end=11-01';
const years = [
  createYear(2021, 0.05, { maxDrop: -0.02, maeDay: 3, maeDate: '2021-10-08', maxRise: 0.07, mfeDay: 15 }),
  createYear(2022, -0.04, { maxDrop: -0.08, maeDay: 12, maeDate: '2022-10-21', maxRise: 0.01, mfeDay: 1 }),
];
const stats = createStats({
  count: 2,
  mean: 0.005,
  meanMae: -0.05,
  medianMae: -0.05,
  worstMae: -0.08,
  worstMaeYear: 2022,
  meanMfe: 0.04,
  returnToRisk: 0.1,
});
const routes = [
  premium,
  { path: '/api/v1/seasonality/pattern', body: createPattern({ years, stats }) },
  instrument('AAPL'),
];

/** The pattern screen at URL, its requests answered by the routes above. */
function openPattern() {
  mockFetch(routes);
  renderScreen(<PatternScreen />, { url: URL });
}

/** The pattern's table once shown, with a column named each of `risk` (worst, best, range). */
async function riskTable(risk: readonly string[]): Promise<HTMLElement> {
  const table = await screen.findByTestId('pattern-table');
  for (const name of risk)
    expect(within(table).getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
  return table;
}

describe('pattern screen: risk inside the window', () => {
  it('shows each year’s worst and best close with its day, a bar from one to the other, and the risk statistics', async () => {
    openPattern();
    const table = await riskTable(['Worst', 'Best', 'Range']);
    const rows = within(table).getAllByRole('row');
    // newest first: 2022, then 2021
    expect(rows[1]).toHaveTextContent('-8.00% day 12');
    expect(rows[1]).toHaveTextContent('+1.00% day 1');
    expect(rows[2]).toHaveTextContent('-2.00% day 3');
    const bar = within(rows[1]!).getByRole('img', { name: '2022: worst -8.00%, best +1.00%, exit -4.00%' });
    // one scale for every year: −8 % … +7 % over 120 px; the exit at −4 % is a red mark at 32 px less 1
    const exit = bar.querySelector('[data-testid="risk-exit"]')!;
    expect(Number(exit.getAttribute('x'))).toBeCloseTo((0.04 / 0.15) * 120 - 1, 6);
    expect(exit.getAttribute('fill')).toBe('var(--bs-danger)');
    const panel = screen.getByTestId('stats-panel');
    expect(within(panel).getByText('-5.00%', { selector: '[data-stat="meanMae"]' })).toBeInTheDocument();
    expect(panel.querySelector('[data-stat="worstMae"]')).toHaveTextContent('-8.00% (2022)');
    expect(panel.querySelector('[data-stat="meanMfe"]')).toHaveTextContent('+4.00%');
    expect(panel.querySelector('[data-stat="returnToRisk"]')).toHaveTextContent('0.10');
  });

  it('says so when no close went against the trade (return/risk none)', async () => {
    const none = createStats({ meanMae: 0, medianMae: 0, worstMae: 0, returnToRisk: null });
    mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern({ stats: none }) },
      instrument('AAPL'),
    ]);
    renderScreen(<PatternScreen />, { url: URL });
    const panel = await screen.findByTestId('stats-panel');
    expect(panel.querySelector('[data-stat="returnToRisk"]')).toHaveTextContent('never against');
  });
});

describe('pattern screen: risk inside the window, in Turkish', () => {
  inTurkish();

  it('names the columns and the statistics in Turkish', async () => {
    openPattern();
    const table = await riskTable(['En kötü', 'En iyi', 'Aralık']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('12. gün');
    expect(screen.getByTestId('stats-panel')).toHaveTextContent('Getiri/risk');
  });
});
