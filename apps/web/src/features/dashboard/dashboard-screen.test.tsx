import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderScreen, subscriptionRequired, type MockRoute } from '../test-utils';
import { createOverview, createWindow, instrument } from '../factories';
import { useAppStore } from '../shell';
import { DashboardScreen } from './dashboard-screen';

vi.mock('../charts/loader', () => import('../charts/fake-loader'));

const search: MockRoute = {
  path: '/api/v1/instruments',
  respond: ({ url }) => ({
    body: { instruments: url.searchParams.get('q') === 'GONE' ? [] : [{ symbol: url.searchParams.get('q') }] },
  }),
};

function indicators(symbol: string, close: number, change1d: number): MockRoute {
  return {
    path: `/api/v1/indicators/${symbol}`,
    body: {
      symbol,
      asOf: '2026-11-20',
      close,
      change1d,
      series: { symbol, dates: ['2026-11-19', '2026-11-20'], close: [close / (1 + change1d), close] },
    },
  };
}

describe('dashboard screen', () => {
  it('shows the market summary, watchlists with last price, change and sparkline, upcoming windows and saved scans', async () => {
    useAppStore.getState().addSymbol('Default', { sym: 'XOM', description: 'EXXON' });
    useAppStore.getState().addSymbol('Default', { sym: 'GONE', description: 'DELISTED' });
    useAppStore
      .getState()
      .setForm('scannerForm', { expression: '', saved: [{ name: 'Oversold', expression: 'rsi14 < 30' }] });
    const { requests } = mockFetch([
      search,
      { path: '/api/v1/market/overview', body: createOverview() },
      instrument('ACT', true),
      indicators('AAPL', 190.5, 0.01),
      indicators('XOM', 100, -0.02),
      {
        method: 'POST',
        path: '/api/v1/seasonality/scan',
        body: { results: [{ symbol: 'XOM', direction: 'long', ...createWindow({ start: '11-25', end: '12-15' }) }] },
      },
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    expect(await screen.findByTestId('index-cards')).toHaveTextContent('S&P 500');
    const list = screen.getByTestId('watchlist-Default');
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('190,50'));
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent('XOM');
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent('-%2,00');
    expect(within(list).getAllByTestId('sparkline')).toHaveLength(2);
    // a symbol the store does not hold is "no data", asked by search, never a 404
    expect(within(list).getAllByRole('row')[3]).toHaveTextContent('no data');
    expect(requests.some((r) => r.url.pathname === '/api/v1/indicators/GONE')).toBe(false);
    const upcoming = await screen.findByTestId('upcoming');
    expect(upcoming).toHaveTextContent('XOM');
    expect(within(upcoming).getByRole('link', { name: 'Pattern' })).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=XOM&start=11-25&end=12-15&direction=long',
    );
    const scan = requests.find((r) => r.method === 'POST')!;
    // from the day after the latest bar (2026-11-20), 14 days ahead
    expect(scan.body).toMatchObject({ startFrom: '11-21', startTo: '12-04', universe: ['AAPL', 'XOM', 'GONE'] });
    expect(within(screen.getByTestId('saved-scans')).getByRole('link', { name: 'Oversold' })).toHaveAttribute(
      'href',
      '/scanner?expression=rsi14%20%3C%2030',
    );
    expect(await screen.findByTestId('demo-badge')).toBeInTheDocument();
  });

  it('tells a non-subscriber where the seasonal windows come from, and shows empty states', async () => {
    useAppStore.setState({
      watchlists: [
        { name: 'Default', symbols: [{ sym: 'AAPL', description: 'APPLE INC' }] },
        { name: 'Empty', symbols: [] },
      ],
    });
    mockFetch([
      search,
      { path: '/api/v1/market/overview', body: createOverview() },
      instrument('ACT'),
      indicators('AAPL', 190.5, 0.01),
      { method: 'POST', path: '/api/v1/seasonality/scan', ...subscriptionRequired() },
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    const card = await screen.findByTestId('upcoming-subscribe');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/subscribe');
    expect(within(screen.getByTestId('watchlist-Empty')).getByTestId('empty-state')).toHaveTextContent(
      'This list is empty.',
    );
    expect(screen.getByText(/No saved scan yet/)).toBeInTheDocument();
  });

  it('shows the error of the market summary without breaking the rest', async () => {
    mockFetch([
      search,
      {
        path: '/api/v1/market/overview',
        status: 500,
        body: { error: { code: 'internal_error', message: 'overview failed' } },
      },
      indicators('AAPL', 190.5, 0.01),
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    expect(await screen.findByTestId('error-state')).toHaveTextContent('overview failed');
    await waitFor(() =>
      expect(within(screen.getByTestId('watchlist-Default')).getAllByRole('row')[1]).toHaveTextContent('190,50'),
    );
  });

  it('asks for no seasonal windows when the session says the user is not a subscriber', async () => {
    useAppStore.getState().setSession({ data: { id: 7, username: 'ada' }, roles: ['member'], subscriber: false });
    const { requests } = mockFetch([
      search,
      { path: '/api/v1/market/overview', body: createOverview() },
      instrument('ACT'),
      indicators('AAPL', 190.5, 0.01),
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    expect(await screen.findByTestId('upcoming-subscribe')).toBeInTheDocument();
    await screen.findByTestId('index-cards');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
