import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderScreen, subscriptionRequired, type MockRoute } from '../../testing/test-utils';
import { createOverview, createWindow, instrument } from '../../testing/factories';
import { useAppStore } from '../../shared/shell';
import { DashboardScreen } from './dashboard-screen';
import { inTurkish } from '../../testing/in-turkish';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const search: MockRoute = {
  path: '/api/v1/instruments',
  respond: ({ url }) => ({
    body: {
      instruments: url.searchParams.get('q') === 'GONE' ? [] : [{ symbol: url.searchParams.get('q'), lastClose: 1 }],
    },
  }),
};

/** The seasonality scan as the server answers it: a list with a symbol it does not hold is a 404. */
const scanRefusingUnknown = (results: unknown[]): MockRoute => ({
  method: 'POST',
  path: '/api/v1/seasonality/scan',
  respond: ({ body }) =>
    (body as { universe: string[] }).universe.includes('GONE')
      ? { status: 404, body: { error: { code: 'not_found', message: 'No market data for GONE.' } } }
      : { body: { results } },
});

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
      scanRefusingUnknown([{ symbol: 'XOM', direction: 'long', ...createWindow({ start: '11-25', end: '12-15' }) }]),
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    expect(await screen.findByTestId('index-cards')).toHaveTextContent('S&P 500');
    const list = screen.getByTestId('watchlist-panel');
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('190.50'));
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent('XOM');
    await waitFor(() => expect(within(list).getAllByRole('row')[2]).toHaveTextContent('-2.00%'));
    expect(within(list).getAllByTestId('sparkline')).toHaveLength(2);
    expect(requests.some((r) => r.url.pathname === '/api/v1/indicators/GONE')).toBe(false);
    const upcoming = await screen.findByTestId('upcoming');
    expect(upcoming).toHaveTextContent('XOM');
    expect(within(upcoming).getByRole('link', { name: 'Pattern' })).toHaveAttribute(
      'href',
      '/seasonality/pattern?symbol=XOM&start=11-25&end=12-15&direction=long',
    );
    const scan = requests.find((r) => r.method === 'POST')!;
    // from the day after the latest bar (2026-11-20), 14 days ahead; only symbols the market holds
    expect(scan.body).toMatchObject({ startFrom: '11-21', startTo: '12-04', universe: ['AAPL', 'XOM'] });
    expect(within(screen.getByTestId('saved-scans')).getByRole('link', { name: 'Oversold' })).toHaveAttribute(
      'href',
      '/scanner?expression=rsi14%20%3C%2030',
    );
    expect(await screen.findByTestId('demo-badge')).toBeInTheDocument();
  });

  // Issue #21, defect 2: one unknown symbol put "No market data for MSFTX" over the panel.
  it('keeps an unknown symbol to its own row: the other rows and the seasonal windows still show', async () => {
    useAppStore.setState({
      watchlists: [
        {
          name: 'Default',
          symbols: [
            { sym: 'XOM', description: 'EXXON' },
            { sym: 'GONE', description: 'removed since' },
          ],
        },
      ],
    });
    mockFetch([
      search,
      { path: '/api/v1/market/overview', body: createOverview() },
      instrument('ACT'),
      indicators('XOM', 100, -0.02),
      scanRefusingUnknown([{ symbol: 'XOM', direction: 'long', ...createWindow({ start: '11-25', end: '12-15' }) }]),
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    const upcoming = await screen.findByTestId('upcoming');
    expect(upcoming).toHaveTextContent('XOM');
    expect(screen.queryByText(/No market data/)).toBeNull();
    const rows = within(screen.getByTestId('watchlist-panel')).getAllByRole('row');
    await waitFor(() => expect(rows[1]).toHaveTextContent('100.00'));
    expect(rows[2]).toHaveTextContent('GONE');
    expect(rows[2]).toHaveTextContent('Unknown symbol: not in the market data.');
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
    await userEvent.selectOptions(screen.getByLabelText('Watchlist'), 'Empty (0)');
    expect(screen.getByTestId('watchlist-panel')).toHaveTextContent('This list is empty.');
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
      expect(within(screen.getByTestId('watchlist-panel')).getAllByRole('row')[1]).toHaveTextContent('190.50'),
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

describe('dashboard page', () => {
  // Issue #21, defect 3: a priced table and a second editor below it; '/' focused the editor.
  it('shows the watchlist once, with prices and the add box, and leaves the global / to the top search', async () => {
    mockFetch([
      search,
      { path: '/api/v1/market/overview', body: createOverview() },
      instrument('ACT'),
      indicators('AAPL', 190.5, 0.01),
      scanRefusingUnknown([]),
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    await screen.findByTestId('index-cards');
    expect(screen.getAllByTestId('watchlist-panel')).toHaveLength(1);
    const panel = screen.getByTestId('watchlist-panel');
    await waitFor(() => expect(within(panel).getAllByRole('row')[1]).toHaveTextContent('190.50'));
    await userEvent.keyboard('/');
    expect(within(panel).getByRole('combobox', { name: 'Add a symbol to Default' })).not.toHaveFocus();
  });
});

describe('dashboard in Turkish', () => {
  inTurkish();

  it('shows the panels in Turkish with tr-TR numbers', async () => {
    useAppStore.getState().addSymbol('Default', { sym: 'XOM', description: 'EXXON' });
    useAppStore.getState().addSymbol('Default', { sym: 'GONE', description: 'DELISTED' });
    mockFetch([
      search,
      { path: '/api/v1/market/overview', body: createOverview() },
      instrument('ACT'),
      indicators('AAPL', 190.5, 0.01),
      indicators('XOM', 100, -0.02),
      scanRefusingUnknown([{ symbol: 'XOM', direction: 'long', ...createWindow({ start: '11-25', end: '12-15' }) }]),
    ]);
    renderScreen(<DashboardScreen />, { url: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Gösterge paneli' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Yaklaşan mevsimsel fırsatlar' })).toBeInTheDocument();
    expect(screen.getByText(/önümüzdeki 14 gün içinde/)).toBeInTheDocument();
    const list = screen.getByTestId('watchlist-panel');
    await waitFor(() => expect(within(list).getAllByRole('row')[1]).toHaveTextContent('190,50'));
    await waitFor(() => expect(within(list).getAllByRole('row')[2]).toHaveTextContent('-%2,00'));
    await waitFor(() =>
      expect(within(list).getAllByRole('row')[3]).toHaveTextContent('Bilinmeyen sembol: piyasa verisinde yok.'),
    );
    expect(within(list).getByRole('columnheader', { name: '30 gün' })).toBeInTheDocument();
    const upcoming = await screen.findByTestId('upcoming');
    expect(upcoming).toHaveTextContent('Uzun');
    expect(upcoming).toHaveTextContent('%80');
    expect(within(upcoming).getByRole('link', { name: 'Desen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tarayıcıda' })).toHaveAttribute('href', '/scanner');
  });
});
