import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createRoutes, type RouteOptions } from './routes';
import { paths } from '../shared/paths';
import { describeError, ErrorPageBoundary, ErrorView, ERROR_PAGE_FAILED } from './error-page';
import { mockApi, session, unauthorized } from '../../test/mock-api';
import { resetAppStore, useAppStore } from '../shared/store/app-store';
import { resetFetchState } from '../shared/lib/fetch-state';
import { createOverview } from '../testing/factories';

function renderAt(path: string, handles: RouteOptions['handles'] = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes({ queryClient, handles }), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  resetAppStore();
  resetFetchState();
  useAppStore.getState().setTutorialSeen(true);
});
afterEach(() => api?.restore());

const signedOut = () =>
  mockApi({ 'GET /api/me': () => unauthorized, 'GET /api/v1/products': () => ({ status: 404, body: {} }) });
const signedIn = () => {
  useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: session() }),
    'GET /api/v1/products': () => ({ status: 404, body: {} }),
  });
};

/** The market-freshness answer: data as of `asOf`, the last session on 2026-11-20. */
const freshness = (asOf: string, tradingDaysBehind: number) => () => ({
  status: 200,
  body: { asOf, lastSession: '2026-11-20', tradingDaysBehind },
});

describe('routes', () => {
  it('asks the server about a visitor the store does not know, and sends them to / on a 401', async () => {
    api = signedOut();
    const router = renderAt('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Know when a stock/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // The landing page itself asks nothing about a visitor the store does not know; its price
    // list may be asked for after the heading shows, so wait for it rather than race it.
    await waitFor(() => expect(api.calls.map((c) => c.path)).toEqual(['/api/me', '/api/v1/products']));
  });

  it('lets in a visitor with a valid session cookie but empty browser storage (issue #19)', async () => {
    api = mockApi({
      'GET /api/me': () => ({ status: 200, body: session({ username: 'deniz' }) }),
      'GET /api/v1/products': () => ({ status: 404, body: {} }),
    });
    expect(useAppStore.getState().user).toBeNull();
    const router = renderAt('/seasonality/pattern');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pattern' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seasonality/pattern');
    expect(useAppStore.getState().user).toMatchObject({ username: 'deniz' });
  });

  it('sends a user whose session ended (401) to / and forgets them', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
    api = signedOut();
    const router = renderAt('/market');
    await screen.findByRole('heading', { level: 1, name: /Know when a stock/ }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/');
    expect(useAppStore.getState().user).toBeNull();
  });

  it('shows a page to a signed-in user, inside the shell, and fills the store from /api/me', async () => {
    api = signedIn();
    renderAt('/seasonality/pattern');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pattern' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.getByTestId('topbar')).toBeInTheDocument();
    expect(useAppStore.getState().user).toMatchObject({ username: 'ayse' });
    expect(useAppStore.getState().roles).toEqual(['member']);
  });

  // Issue 18: a warning that came after the page pushed it all down (Lighthouse's layout shift).
  it('shows a signed-in page with the stale-data warning already above it', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
    api = mockApi({
      'GET /api/me': () => ({ status: 200, body: session() }),
      'GET /api/v1/market/freshness': freshness('2026-11-17', 3),
    });
    renderAt('/seasonality/pattern');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pattern' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('stale-data-banner')).toHaveTextContent('3 trading days old');
    expect(api.calls.filter((c) => c.path === '/api/v1/market/freshness')).toHaveLength(1);
  });

  it('shows the dashboard with its market summary already there', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
    api = mockApi({
      'GET /api/me': () => ({ status: 200, body: session() }),
      'GET /api/v1/market/freshness': freshness('2026-11-20', 0),
      'GET /api/v1/market/overview': () => ({ status: 200, body: createOverview() }),
      'GET /api/v1/instruments/ACT': () => ({ status: 200, body: { symbol: 'ACT', synthetic: false } }),
    });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('index-cards')).toHaveTextContent('S&P 500');
    expect(api.calls.filter((c) => c.path === '/api/v1/market/overview')).toHaveLength(1);
  });

  it('opens and closes the symbol details (?details=) without running the page checks again', async () => {
    api = signedIn();
    let checks = 0;
    const router = renderAt('/seasonality/pattern', {
      '/seasonality/pattern': { validate: () => ++checks > 0 },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pattern' }, { timeout: 5000 })).toBeInTheDocument();
    expect(checks).toBe(1);
    const go = async (to: string) => {
      await router.navigate(to);
      expect(router.state.location.pathname + router.state.location.search).toBe(to);
    };
    await go('/seasonality/pattern?details=KO');
    await go('/seasonality/pattern');
    expect(checks).toBe(1);
    // any other change of the address is checked again
    await go('/seasonality/pattern?details=KO&symbol=PEP');
    expect(checks).toBe(2);
  });

  it('has every route of the specification', async () => {
    api = signedIn();
    // the member's pages of the route table (shared/paths.ts), each checked against the router
    const pages = [
      paths.dashboard,
      paths.heatmaps,
      paths.market,
      paths.profile,
      paths.scanner,
      paths.seasonality,
      paths.subscribe,
      paths.bestTrades,
      paths.calendar,
      paths.pattern,
      paths.seasonalityScanner,
    ];
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    for (const path of pages) {
      await router.navigate(path);
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.errors).toBeNull();
    }
  });

  it('sends a signed-in user from / to the dashboard', async () => {
    api = signedIn();
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('answers an unmatched route with the 404 page and a link home', async () => {
    api = signedOut();
    renderAt('/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByTestId('error-page')).toHaveAttribute('data-status', '404');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('answers a failed validity check with the same 404', async () => {
    api = signedIn();
    renderAt('/seasonality?symbol=', {
      '/seasonality': { validate: ({ request }) => !!new URL(request.url).searchParams.get('symbol') },
    });
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
  });

  it('answers an unknown named guard with 500 "Unknown middleware {name}"', async () => {
    api = signedIn();
    renderAt('/market', { '/market': { middleware: ['auth', 'premium'] } });
    expect(await screen.findByText('Unknown middleware premium')).toBeInTheDocument();
    expect(screen.getByTestId('error-page')).toHaveAttribute('data-status', '500');
  });

  it('shows a failing session check as an error page with its status', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' } });
    api = mockApi({
      'GET /api/me': () => ({
        status: 503,
        body: { error: { code: 'service_unavailable', message: 'Down for maintenance' } },
      }),
    });
    renderAt('/market');
    expect(await screen.findByText('Down for maintenance')).toBeInTheDocument();
    expect(screen.getByTestId('error-page')).toHaveAttribute('data-status', '503');
  });
});

describe('error page', () => {
  it('takes the status from the error, its response, or 500; the message or "Error"', () => {
    expect(describeError(Object.assign(new Error('Gone'), { status: 410 }))).toEqual({ status: 410, message: 'Gone' });
    expect(describeError({ message: 'Nope', response: { status: 403 } })).toEqual({ status: 403, message: 'Nope' });
    expect(describeError(new Error(''))).toEqual({ status: 500, message: 'Error' });
    expect(describeError(null)).toEqual({ status: 500, message: 'Error' });
    expect(describeError({ statusCode: 404 })).toEqual({ status: 404, message: 'This page could not be found' });
  });

  it('shows "An error occurred while showing the error page" when it fails itself', () => {
    const evil = {
      get message(): string {
        throw new Error('broken getter');
      },
    };
    render(
      <ErrorPageBoundary>
        <ErrorView error={evil} />
      </ErrorPageBoundary>,
      { onCaughtError: () => {} },
    );
    expect(screen.getByText(ERROR_PAGE_FAILED)).toBeInTheDocument();
  });
});
