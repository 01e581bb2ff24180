import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, inTurkish, mockFetch, renderScreen } from '../../testing/test-utils';
import { createStats, createWindow } from '../../testing/factories';
import { BestTradesScreen } from './best-trades-screen';
import { BEST_TRADES_URL as URL, bestTradesRoutes, tested } from './best-trades-fixture';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

// analytics.md, "Risk inside a window": best trades' risk columns and its rank switch.

const body = {
  symbol: 'AAPL',
  tested: 18980,
  long: [
    tested(
      createWindow({
        start: '10-05',
        end: '11-01',
        stats: createStats({ meanMae: -0.057, worstMae: -0.527, worstMaeYear: 1987, returnToRisk: 1.12 }),
      }),
    ),
    tested(
      createWindow({
        start: '11-20',
        end: '11-26',
        stats: createStats({ meanMae: 0, worstMae: 0, worstMaeYear: 1990, returnToRisk: null }),
      }),
    ),
    tested(
      createWindow({
        start: '03-01',
        end: '03-20',
        stats: createStats({ meanMae: -0.02, worstMae: -0.1, worstMaeYear: 2008, returnToRisk: 2.5 }),
      }),
    ),
  ],
  short: [],
};
const routes = bestTradesRoutes(body);

describe('best trades: risk inside the window', () => {
  it('shows mean MAE, worst MAE with its year and return/risk, sortable with "never against" first', async () => {
    mockFetch(routes);
    renderScreen(<BestTradesScreen />, { url: URL });
    const long = await screen.findByTestId('best-long');
    const rows = within(long).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('-5.70%');
    expect(rows[1]).toHaveTextContent('-52.70% (1987)');
    expect(rows[1]).toHaveTextContent('1.12');
    expect(within(rows[2]!).getByText('never against')).toBeInTheDocument();
    await userEvent.click(within(long).getByRole('button', { name: /Return\/risk/ }));
    const order = () =>
      within(long)
        .getAllByRole('link', { name: /Open the pattern/ })
        .map((a) => a.getAttribute('aria-label')!.split(' ')[3]);
    // descending: null (never against) first, then 2.5, then 1.12
    expect(within(long).getByRole('columnheader', { name: /Return\/risk/ })).toHaveAttribute('aria-sort', 'descending');
    expect(order()).toEqual(['11-20', '03-01', '10-05']);
  });

  it('switches the rank to return per risk: in the URL and the request, back to win rate likewise', async () => {
    const { requests } = mockFetch(routes);
    renderScreen(<BestTradesScreen />, { url: URL });
    await screen.findByTestId('best-long');
    expect(screen.getByRole('radio', { name: 'Win rate' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Return per risk' }));
    await waitFor(() => expect(currentLocation()).toBe(`${URL}&rank=returnToRisk`));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname.endsWith('/best-trades'))
          .at(-1)!
          .url.searchParams.get('rank'),
      ).toBe('returnToRisk'),
    );
    expect(await screen.findByRole('radio', { name: 'Return per risk' })).toBeChecked();
    // walk-forward takes no rank
    expect(
      requests.filter((r) => r.url.pathname.endsWith('/walk-forward')).every((r) => !r.url.searchParams.has('rank')),
    ).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Win rate' }));
    await waitFor(() => expect(currentLocation()).toBe(`${URL}&rank=winRate`));
  });
});

describe('best trades: risk inside the window, in Turkish', () => {
  inTurkish();

  it('names the rank switch and the columns in Turkish', async () => {
    mockFetch(routes);
    renderScreen(<BestTradesScreen />, { url: `${URL}&rank=returnToRisk` });
    const long = await screen.findByTestId('best-long');
    expect(screen.getByRole('radio', { name: 'Risk başına getiri' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Kazanma oranı' })).not.toBeChecked();
    expect(within(long).getByRole('columnheader', { name: /Ort\. MAE/ })).toBeInTheDocument();
    expect(within(long).getByText('hiç aleyhte değil')).toBeInTheDocument();
  });
});
