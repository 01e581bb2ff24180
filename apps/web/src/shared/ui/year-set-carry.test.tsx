import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { lastCall, mockFetch, premium, renderScreen } from '../../testing/test-utils';
import { createPattern, instrument } from '../../testing/factories';
import { useAppStore } from '../shell';
import { CalendarScreen } from '../../features/calendar/calendar-screen';
import { PatternScreen } from '../../features/pattern/pattern-screen';
import { BestTradesScreen } from '../../features/best-trades/best-trades-screen';
import { SeasonalityChartScreen } from '../../features/seasonality-chart/seasonality-chart-screen';

vi.mock('../charts/loader', () => import('../charts/fake-loader'));

const ROUTES = [
  premium,
  instrument('KO'),
  { path: '/api/v1/seasonality/pattern', body: createPattern({ symbol: 'KO' }) },
  { path: '/api/v1/seasonality/chart', body: { symbol: 'KO', years: [], curve: null } },
  { path: '/api/v1/seasonality/best-trades', body: { symbol: 'KO', long: [], short: [] } },
  { path: '/api/v1/seasonality/calendar', body: { symbol: 'KO', months: [], years: [], summary: [] } },
];

/** The seasonality tools under their paths, so that a link from one opens the other. */
function renderTools(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/seasonality" element={<SeasonalityChartScreen />} />
          <Route path="/seasonality/pattern" element={<PatternScreen />} />
          <Route path="/seasonality/besttrades" element={<BestTradesScreen />} />
          <Route path="/seasonality/calendar" element={<CalendarScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The year set (cycle, parity, excluded years) is carried between the tools like the symbol.
describe('the year set follows you through the seasonality tools', () => {
  it('keeps the cycle chosen on the pattern screen when its link opens the seasonal chart', async () => {
    const { requests } = mockFetch(ROUTES);
    renderTools('/seasonality/pattern?symbol=KO&start=11-01&end=12-31');
    await screen.findByTestId('pattern-table');
    await userEvent.click(screen.getByLabelText('Election year'));
    await userEvent.click(screen.getByRole('button', { name: 'Show pattern' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.url.pathname === '/api/v1/seasonality/pattern').at(-1)!.url.search).toContain(
        'cycle=election',
      ),
    );
    expect(useAppStore.getState().seasonalityYearSet).toEqual({ cycle: 'election', parity: '', exclude: '' });

    const nav = await screen.findByRole('navigation', { name: 'Other seasonality tools' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Seasonal chart' })).toHaveAttribute(
        'href',
        '/seasonality?symbol=KO&cycle=election',
      ),
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Seasonal chart' }));
    await screen.findByTestId('seasonality-chart-screen');
    const chart = await lastCall(requests, '/api/v1/seasonality/chart');
    expect(chart.get('symbol')).toBe('KO');
    expect(chart.get('cycle')).toBe('election');
    expect(screen.getByLabelText('Election year')).toBeChecked();
    expect(screen.getByLabelText('Midterm year')).not.toBeChecked();
  });

  it('opens another tool from the menu with the shared year set and runs it with it', async () => {
    const { requests } = mockFetch(ROUTES);
    const first = renderScreen(<PatternScreen />, { url: '/seasonality/pattern?symbol=KO&start=11-01&end=12-31' });
    await screen.findByTestId('pattern-table');
    await userEvent.selectOptions(screen.getByLabelText('Odd or even years'), 'odd');
    await userEvent.type(screen.getByLabelText('Exclude years'), '2008, 2020');
    await userEvent.click(screen.getByRole('button', { name: 'Show pattern' }));
    await waitFor(() => expect(useAppStore.getState().seasonalityYearSet?.parity).toBe('odd'));
    first.unmount();

    // no query: as from the sidebar
    renderScreen(<BestTradesScreen />, { url: '/seasonality/besttrades' });
    const call = await lastCall(requests, '/api/v1/seasonality/best-trades');
    expect(call.get('symbol')).toBe('KO');
    expect(call.get('parity')).toBe('odd');
    expect(call.get('exclude')).toBe('2008,2020');
    expect(call.get('cycle')).toBeNull();
    expect(screen.getByLabelText('Odd or even years')).toHaveValue('odd');
    expect(screen.getByLabelText('Exclude years')).toHaveValue('2008,2020');
  });

  it('lets a URL that names a year set win over the shared one', async () => {
    useAppStore.getState().setSeasonalityFocus({ symbol: 'KO', from: '', to: '' });
    useAppStore.getState().setSeasonalityYearSet({ cycle: 'election', parity: '', exclude: '' });
    const { requests } = mockFetch(ROUTES);
    renderScreen(<CalendarScreen />, { url: '/seasonality/calendar?parity=even' });
    const call = await lastCall(requests, '/api/v1/seasonality/calendar');
    expect(call.get('symbol')).toBe('KO');
    expect(call.get('parity')).toBe('even');
    expect(call.get('cycle')).toBeNull();
    expect(screen.getByLabelText('Election year')).not.toBeChecked();
    // the tool's year set is now the shared one
    await waitFor(() =>
      expect(useAppStore.getState().seasonalityYearSet).toEqual({ cycle: '', parity: 'even', exclude: '' }),
    );
  });
});
