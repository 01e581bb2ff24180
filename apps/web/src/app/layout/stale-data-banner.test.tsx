import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { FreshnessInfo } from '@solstice/contracts';
import { mockApi } from '../../../test/mock-api';
import { FRESHNESS_REFETCH_MS } from '../../shared/lib/market-freshness';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { renderRoutes, shellRoutes } from '../../testing/render-routes';
import { AppLayout } from './app-layout';
import { StaleDataBanner } from './stale-data-banner';

const current: FreshnessInfo = { asOf: '2026-11-20', lastSession: '2026-11-20', tradingDaysBehind: 0 };
const behind: FreshnessInfo = { asOf: '2026-11-17', lastSession: '2026-11-20', tradingDaysBehind: 3 };

let api: ReturnType<typeof mockApi> | undefined;
/** Answers the freshness endpoint with the next of `answers` (the last one repeats). */
function serveFreshness(...answers: FreshnessInfo[]) {
  let i = 0;
  api = mockApi({
    'GET /api/v1/market/freshness': () => ({ status: 200, body: answers[Math.min(i++, answers.length - 1)] }),
  });
  return api;
}
const freshnessCalls = () => api!.calls.filter((c) => c.path === '/api/v1/market/freshness').length;

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StaleDataBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetAppStore();
  useAppStore.getState().setTutorialSeen(true);
  useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, roles: ['member'] });
});
afterEach(() => {
  api?.restore();
  api = undefined;
  vi.useRealTimers();
});

describe('the stale-data warning', () => {
  it('says how many trading days old the data is, with the last bar and the last session', async () => {
    serveFreshness(behind);
    renderBanner();
    const banner = await screen.findByTestId('stale-data-banner');
    expect(banner).toHaveTextContent('Market data is 3 trading days old.');
    // Dates in the locale of the language (English here: en-US).
    expect(banner).toHaveTextContent('The latest bar is from 11/17/2026; the last completed session was 11/20/2026.');
    expect(screen.getByRole('status')).toContainElement(banner);
    // Bootstrap's warning alert: dark amber text on pale yellow (contrast above 7:1).
    expect(banner).toHaveClass('alert', 'alert-warning');
    expect(screen.queryByRole('link', { name: 'Data updates' })).toBeNull();
  });

  it('says "1 trading day" and gives an admin the way to the data page', async () => {
    useAppStore.getState().setSession({ data: { id: 1, username: 'root' }, roles: ['admin'] });
    serveFreshness({ asOf: '2026-11-19', lastSession: '2026-11-20', tradingDaysBehind: 1 });
    renderBanner();
    expect(await screen.findByTestId('stale-data-banner')).toHaveTextContent('Market data is 1 trading day old.');
    expect(screen.getByRole('link', { name: 'Data updates' })).toHaveAttribute('href', '/admin/data');
  });

  it('shows nothing while the data is current', async () => {
    serveFreshness(current);
    renderBanner();
    await waitFor(() => expect(freshnessCalls()).toBe(1));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('stale-data-banner')).toBeNull();
    // The live region is there to announce a warning that comes later.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows nothing without data (a fresh install) or when the check fails', async () => {
    api = mockApi({
      'GET /api/v1/market/freshness': () => ({
        status: 200,
        body: { asOf: null, lastSession: '2026-11-20', tradingDaysBehind: null },
      }),
    });
    renderBanner();
    await waitFor(() => expect(freshnessCalls()).toBe(1));
    expect(screen.queryByTestId('stale-data-banner')).toBeNull();
    cleanup();
    api.restore();
    api = mockApi({
      'GET /api/v1/market/freshness': () => ({ status: 500, body: { error: { code: 'internal', message: 'down' } } }),
    });
    renderBanner();
    await waitFor(() => expect(freshnessCalls()).toBe(1));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('stale-data-banner')).toBeNull();
  });

  it('does not ask when signed out', async () => {
    useAppStore.getState().clearSession();
    serveFreshness(behind);
    renderBanner();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(freshnessCalls()).toBe(0);
  });

  it('asks again every few minutes and when the window gets focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveFreshness(current, current, behind);
    renderBanner();
    await waitFor(() => expect(freshnessCalls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(FRESHNESS_REFETCH_MS));
    await waitFor(() => expect(freshnessCalls()).toBe(2));
    expect(screen.queryByTestId('stale-data-banner')).toBeNull();
    // Back to the tab a while later: asked at once, and the warning appears.
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByTestId('stale-data-banner')).toHaveTextContent('3 trading days old');
    focusManager.setFocused(undefined);
  });

  it('sits in the shell under the top bar, above the page title, on every screen', async () => {
    serveFreshness(behind);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { router } = renderRoutes(shellRoutes(<AppLayout />), { at: '/dashboard', client });
    const banner = await screen.findByTestId('stale-data-banner');
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByTestId('topbar'), banner)).toBe(true);
    expect(follows(banner, screen.getByTestId('sub-bar'))).toBe(true);
    await act(() => router.navigate('/market'));
    expect(await screen.findByRole('heading', { name: 'Market page' })).toBeInTheDocument();
    expect(screen.getByTestId('stale-data-banner')).toBeInTheDocument();
  });
});
